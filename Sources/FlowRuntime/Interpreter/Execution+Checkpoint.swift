import FlowModel
import FlowSyntax

/// Checkpoint and resume: what a run persists before Settings opens, and how it rebuilds its
/// stack from that after iOS terminated and relaunched the app.
extension Execution {
    /// The position to persist before Settings opens: the current stack by names.
    func checkpoint() -> Checkpoint {
        Checkpoint(
            frames: stack.map { frame in
                Checkpoint.Frame(
                    flow: prepared.program.flows[frame.flow.index].name,
                    state: prepared.program.flows[frame.flow.index].states[frame.state.index].name)
            })
    }

    /// A checkpoint checked against the program, ready to become the stack.
    struct ResumePlan {
        var frames: [Frame]
        /// Where the run stood when it found the checkpoint.
        var failing: Site
    }

    /// Rebuilds the stack a checkpoint names (re-deriving subflow arguments from the call
    /// states); throws when it does not fit the program or does not stand at `open settings`.
    func resumePlan(from checkpoint: Checkpoint) throws -> ResumePlan {
        let failing = currentContext
        func bad(_ why: String) -> FlowError {
            FlowError(
                kind: .badCheckpoint, message: "cannot resume from the saved checkpoint: \(why)", context: failing)
        }
        let root = stack[0]
        guard let first = checkpoint.frames.first, first.flow == program[root.flow].name else {
            throw bad("it belongs to flow '\(checkpoint.frames.first?.flow ?? "")'")
        }
        var frames: [Frame] = []
        for (depth, saved) in checkpoint.frames.enumerated() {
            var frame: Frame
            if depth == 0 {
                frame = root
            } else {
                let parent = frames[depth - 1]
                guard case .call(let call) = program[parent.flow][parent.state].terminator,
                    program[call.callee].name == saved.flow
                else {
                    throw bad("state '\(program[parent.flow][parent.state].name)' does not call flow '\(saved.flow)'")
                }
                let (callee, arguments) = (call.callee, call.arguments)
                var permissions: [Int: PermissionKind] = [:]
                var texts: [String: String] = [:]
                for (i, (parameter, argument)) in zip(program[callee].parameters, arguments).enumerated() {
                    switch argument {
                    case .permission(let ref): permissions[i] = kind(of: ref, in: parent)
                    case .text(let text): texts[parameter.name] = interpreter.resolve(text, in: parent)
                    }
                }
                frame = Frame(flow: callee, state: program[callee].start, permissions: permissions, texts: texts)
            }
            guard let s = program[frame.flow].state(named: saved.state) else {
                throw bad("flow '\(saved.flow)' has no state '\(saved.state)'")
            }
            frame.state = s
            frames.append(frame)
        }
        let last = frames[frames.count - 1]
        guard case .openSettings = program[last.flow][last.state].terminator else {
            throw bad("state '\(checkpoint.frames[frames.count - 1].state)' does not open Settings")
        }
        return ResumePlan(
            frames: frames,
            failing: Site(
                flow: stack[stack.count - 1].flow, state: stack[stack.count - 1].state,
                depth: stack.count - 1))
    }

    /// Makes a checked checkpoint the stack (once the backend cleared it) and continues at the
    /// `on return` target of its `open settings` state.
    mutating func resume(_ plan: ResumePlan, events: [AnalyticsEvent], action: TraceStep.Action) throws -> RunEnd? {
        let frames = plan.frames
        let last = frames[frames.count - 1]
        guard case .openSettings(let open) = program[last.flow][last.state].terminator else {
            preconditionFailure("resumePlan checked that the checkpoint stands at open settings")
        }
        // The step is recorded where the run was (the open-settings state before the relaunch, or
        // the restored state when a fresh run resumes).
        let site: Site
        if case .resumed = action {
            site = Site(flow: last.flow, state: last.state, depth: frames.count - 1)
        } else {
            site = plan.failing
        }
        stack = frames
        // A relaunch keeps nothing of the run in memory, the run-time values included.
        if readsRunValues { runValues = frames.map { _ in RunValues() } }
        // A relaunch starts every frame afresh: none of them ran a state in this process yet.
        callerActivations = (0..<frames.count - 1).map { nextActivation + $0 }
        activation = nextActivation + frames.count - 1
        nextActivation += frames.count
        if recordsTrace { record(site, events: events, action: action, transition: open.onReturn.target) }
        return try follow(open.onReturn.target)
    }
}
