import FlowModel
import FlowSyntax

/// The mutable part of one run: the call stack and the trace so far.
struct Execution {
    let interpreter: Interpreter
    var stack: [Frame]
    var trace: [TraceStep] = []
    /// `Interpreter.Options.recordsTrace`, read once.
    let recordsTrace: Bool
    /// States run since the user last answered something; reset by alerts, prompts and Settings.
    var sinceInput = 0
    /// Every state run, for `Options.maxTotalSteps`.
    var totalSteps = 0
    /// One id per entry of `stack`: which activation of a flow a frame is (a flow called twice
    /// in a row gets two), so a loop is a state run again *in the same activation*.
    var activations: [Int] = [0]
    var nextActivation = 1
    /// The states run, in order (only while the step limit is finite: the explorer finds cycles
    /// itself); those since the last input start at `sinceInputStart`. At the step limit they tell
    /// a loop from a long chain. (Appending only is cheaper than clearing at each input, and the
    /// run's length is bounded by `maxTotalSteps`.)
    var visits: [Visit] = []
    var sinceInputStart = 0
    /// `Options.stepLimit` and `.maxTotalSteps`, read once.
    let stepLimit: Int
    let maxTotalSteps: Int
    /// `visits` as a set, built the first time the step limit is reached in a stretch without
    /// input, so a long chain past the limit costs a hash per step, not a search.
    var visited: Set<Visit.Key>?

    /// A state run in an activation (`depth` and `flow` only name it in messages).
    struct Visit {
        struct Key: Hashable {
            var activation: Int
            var state: StateID
        }
        var key: Key
        var flow: FlowID
        var depth: Int
    }

    /// `interpreter.prepared` and `.backend`, stored. The program is read through the shared
    /// box, borrowed: a copy of the whole `Program` costs a retain per field.
    let prepared: PreparedProgram
    var program: Program { _read { yield prepared.program } }
    let backend: any DeviceBackend

    init(interpreter: Interpreter, root: Frame) {
        self.interpreter = interpreter
        self.prepared = interpreter.prepared
        self.backend = interpreter.backend
        self.stack = [root]
        self.recordsTrace = interpreter.options.recordsTrace
        self.stepLimit = interpreter.options.stepLimit
        self.maxTotalSteps = interpreter.options.maxTotalSteps
        // A typical run takes a handful of steps: one allocation instead of regrowing four times.
        if recordsTrace { trace.reserveCapacity(16) }
        if interpreter.options.stepLimit < .max { visits.reserveCapacity(16) }
    }

    /// Appends a step to the trace; without a trace the step is not even built.
    mutating func record(_ step: @autoclosure () -> TraceStep) {
        if recordsTrace { trace.append(step()) }
    }

    func context(of frame: Frame, depth: Int) -> StepContext {
        var ctx = prepared.contexts[frame.flow.index][frame.state.index]
        ctx.depth = depth
        return ctx
    }

    var currentContext: StepContext { context(of: stack[stack.count - 1], depth: stack.count - 1) }

    mutating func run() async -> RunEnd {
        if interpreter.options.resumeFromCheckpoint {
            do {
                if let checkpoint = try await backend.loadCheckpoint(),
                   checkpoint.frames.first?.flow == program[stack[0].flow].name {
                    if let end = try await resume(from: checkpoint, events: [], action: .resumed(checkpoint)) { return end }
                }
            } catch let error as FlowError {
                return .error(error)
            } catch {
                return .error(FlowError(kind: .device, message: "could not load the checkpoint: \(error)", context: currentContext))
            }
        }
        while true {
            switch await advance() {
            case .continued: continue
            case .ended(let end): return end
            case .choice:
                // Only the explorer's device asks for choices, and the explorer drives `advance` itself.
                return .error(FlowError(kind: .device, message: "the device asked for an exploration choice during a run",
                                        context: currentContext))
            }
        }
    }

    /// What one step did.
    enum Advance {
        case continued
        case ended(RunEnd)
        /// The exploration backend needs a decision before the step can run (nothing was recorded).
        case choice([ExplorationChoice])
    }

    /// Runs one state (its tracks and terminator, returning from finished subflows).
    mutating func advance() async -> Advance {
        if Task.isCancelled { return .ended(.cancelled) }
        let ctx = currentContext
        if totalSteps >= maxTotalSteps { return .ended(.error(totalStepsError(at: ctx))) }
        if stepLimit < .max {
            let visit = Visit(key: Visit.Key(activation: activations[activations.count - 1], state: stack[stack.count - 1].state),
                              flow: stack[stack.count - 1].flow, depth: stack.count - 1)
            // Past the limit, only a state run again in the same activation is a loop; a long
            // chain of distinct states (nested calls, say) goes on, bounded by maxTotalSteps.
            if sinceInput >= stepLimit {
                if visited == nil { visited = Set(visits[sinceInputStart...].map(\.key)) }
                if visited!.contains(visit.key) { return .ended(.error(loopError(at: ctx, repeating: visit.key))) }
                visited!.insert(visit.key)
            }
            visits.append(visit)
        }
        sinceInput += 1
        totalSteps += 1
        var events: [AnalyticsEvent] = []
        let recorded = trace.count, keep = recordsTrace
        // A step that fails before it is recorded still appears in the trace, as incomplete.
        func recordIncomplete(_ trace: inout [TraceStep]) {
            if keep, trace.count == recorded {
                trace.append(TraceStep(context: ctx, events: events, action: .incomplete, next: .stopped))
            }
        }
        do {
            if let end = try await step(ctx, events: &events) { return .ended(end) }
            return .continued
        } catch let point as ChoicePoint {
            return .choice(point.options)
        } catch let needed as InputNeeded {
            recordIncomplete(&trace)
            return .ended(.inputNeeded(needed, at: ctx))
        } catch let error as FlowError {
            recordIncomplete(&trace)
            return .ended(.error(error))
        } catch is CancellationError {
            recordIncomplete(&trace)
            return .ended(.cancelled)
        } catch {
            recordIncomplete(&trace)
            return .ended(.error(FlowError(kind: .device, message: "device error in state '\(ctx.state)': \(error)", context: ctx)))
        }
    }

    /// Runs the current state; returns the run's end when the entry flow finished.
    mutating func step(_ ctx: StepContext, events: inout [AnalyticsEvent]) async throws -> RunEnd? {
        let frame = stack[stack.count - 1]
        let state = program[frame.flow][frame.state]
        let copy = prepared.copy[frame.flow.index]?[frame.state.index]
        for (i, effect) in state.effects.enumerated() {
            let event = copy?.effects[i] ?? interpreter.event(effect, in: frame)
            await backend.track(event)
            if recordsTrace { events.append(event) }
        }
        switch state.terminator {
        case .goto(let t):
            return try finish(ctx, events: events, action: .goto, transition: t)

        case .capability(let capability, let present, let absent, _):
            let available = try await backend.isAvailable(capability)
            return try finish(ctx, events: events, action: .capability(capability, available: available),
                                    transition: available ? present : absent)

        case .status(let subjects, let arms, let otherwise, _):
            let kinds = subjects.map { kind(of: $0, in: frame) }
            var statuses: [Status] = []
            for kind in kinds { statuses.append(try await backend.status(of: kind)) }
            let t = try match(statuses, kinds: kinds, arms: arms, otherwise: otherwise, ctx: ctx, verb: "status")
            return try finish(ctx, events: events, action: .status(kinds: kinds, statuses: statuses), transition: t)

        case .request(let subject, let options, let arms, let otherwise, _):
            let k = kind(of: subject, in: frame)
            let result = try await backend.request(k, options: options)
            if result.prompt != nil { inputReceived() }
            let t = try match([result.status], kinds: [k], arms: arms, otherwise: otherwise, ctx: ctx, verb: "request result")
            return try finish(ctx, events: events, action: .request(k, options: options, result: result), transition: t)

        case .alert(let alert):
            let shown = copy?.alert ?? interpreter.presentation(of: alert, in: frame)
            let tapped = try await backend.present(shown)
            guard alert.buttons.indices.contains(tapped) else {
                throw FlowError(kind: .device, message: "the device tapped button \(tapped) of an alert with \(alert.buttons.count) buttons in state '\(ctx.state)'", context: ctx)
            }
            inputReceived()
            var events = events
            if let track = alert.buttons[tapped].track {
                let event = copy?.buttonEvents[tapped] ?? interpreter.event(track, in: frame)
                await backend.track(event)
                if recordsTrace { events.append(event) }
            }
            return try finish(ctx, events: events, action: .alert(shown, tapped: tapped),
                                    transition: alert.buttons[tapped].transition)

        case .openSettings(let page, let onReturn, _):
            try await backend.saveCheckpoint(checkpoint())
            let back = try await backend.openSettings(page)
            inputReceived()
            if back.terminated {
                // iOS killed the app: everything in memory is gone; continue from what was persisted.
                guard let saved = try await backend.loadCheckpoint() else {
                    throw FlowError(kind: .badCheckpoint, message: "the app was relaunched in state '\(ctx.state)' but no checkpoint was saved", context: ctx)
                }
                return try await resume(from: saved, events: events, action: .openSettings(page, back))
            }
            try await backend.saveCheckpoint(nil)
            return try finish(ctx, events: events, action: .openSettings(page, back), transition: onReturn)

        case .call(let callee, let arguments, _, _, _):
            let flow = program[callee]
            var permissions: [Int: PermissionKind] = [:]
            var texts: [String: String] = [:]
            var named: [String: RunArgument] = [:]
            for (i, (parameter, argument)) in zip(flow.parameters, arguments).enumerated() {
                switch argument {
                case .permission(let ref):
                    let k = kind(of: ref, in: frame)
                    permissions[i] = k
                    named[parameter.name] = .permission(k)
                case .text(let text):
                    let s = interpreter.resolve(text, in: frame)
                    texts[parameter.name] = s
                    named[parameter.name] = .text(s)
                }
            }
            record(TraceStep(context: ctx, events: events, action: .call(flow: flow.name, arguments: named),
                                   next: .enter(flow: flow.name, state: flow[flow.start].name)))
            stack.append(Frame(flow: callee, state: flow.start, permissions: permissions, texts: texts))
            activations.append(nextActivation)
            nextActivation += 1
            return nil
        }
    }

    func kind(of ref: PermissionRef, in frame: Frame) -> PermissionKind {
        guard let k = interpreter.kind(of: ref, in: frame) else {
            preconditionFailure("permission parameter \(ref) is unbound: the checker and bindArguments guarantee it")
        }
        return k
    }

    func match(_ statuses: [Status], kinds: [PermissionKind], arms: [StatusArm], otherwise: Transition?,
               ctx: StepContext, verb: String) throws -> Transition {
        for arm in arms where arm.patterns.contains(where: { pattern in
            pattern.count == statuses.count && zip(pattern, statuses).allSatisfy { $0.matches($1) }
        }) {
            return arm.transition
        }
        if let otherwise { return otherwise }
        let what = zip(kinds, statuses).map { "\($0.rawValue) '\($1.rawValue)'" }.joined(separator: ", ")
        throw FlowError(kind: .unmatchedStatus,
                        message: "\(verb) \(what) matches no arm in state '\(ctx.state)'; add an arm or 'else'",
                        context: ctx)
    }

    /// Records the step and follows `transition`, returning from subflows as they finish.
    mutating func finish(_ ctx: StepContext, events: [AnalyticsEvent], action: TraceStep.Action,
                         transition: Transition) throws -> RunEnd? {
        var ctx = ctx
        var events = events
        var action = action
        var transition = transition
        while true {
            let frame = stack[stack.count - 1]
            let flow = program[frame.flow]
            switch transition.target {
            case .state(let s):
                record(TraceStep(context: ctx, events: events, action: action, next: .state(flow[s].name)))
                stack[stack.count - 1].state = s
                return nil
            case .outcome(let i):
                let outcome = flow.outcomes[i].name
                record(TraceStep(context: ctx, events: events, action: action, next: .outcome(outcome)))
                stack.removeLast()
                activations.removeLast()
                guard let caller = stack.last else { return .outcome(outcome) }
                ctx = context(of: caller, depth: stack.count - 1)
                events = []
                action = .returned(flow: flow.name, outcome: outcome)
                guard case .call(_, _, let arms, let otherwise, _) = program[caller.flow][caller.state].terminator else {
                    preconditionFailure("a caller frame always stands at a call state")
                }
                if let arm = arms.first(where: { $0.outcomes.contains(i) }) {
                    transition = arm.transition
                } else if let otherwise {
                    transition = otherwise
                } else {
                    record(TraceStep(context: ctx, events: [], action: action, next: .stopped))
                    throw FlowError(kind: .unmatchedOutcome,
                                    message: "outcome '\(outcome)' of flow '\(flow.name)' matches no arm of the call in state '\(ctx.state)'; add an arm or 'else'",
                                    context: ctx)
                }
            }
        }
    }

    /// The position to persist before Settings opens: the current stack by names.
    func checkpoint() -> Checkpoint {
        Checkpoint(frames: stack.map { frame in
            let flow = program[frame.flow]
            return Checkpoint.Frame(flow: flow.name, state: flow[frame.state].name)
        })
    }

    /// Rebuilds the stack from a checkpoint (re-deriving subflow arguments from the call states)
    /// and continues at the `on return` target of its `open settings` state.
    mutating func resume(from checkpoint: Checkpoint, events: [AnalyticsEvent], action: TraceStep.Action) async throws -> RunEnd? {
        let failing = currentContext
        func bad(_ why: String) -> FlowError {
            FlowError(kind: .badCheckpoint, message: "cannot resume from the saved checkpoint: \(why)", context: failing)
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
                guard case .call(let callee, let arguments, _, _, _) = program[parent.flow][parent.state].terminator,
                      program[callee].name == saved.flow else {
                    throw bad("state '\(program[parent.flow][parent.state].name)' does not call flow '\(saved.flow)'")
                }
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
        guard case .openSettings(_, let onReturn, _) = program[last.flow][last.state].terminator else {
            throw bad("state '\(checkpoint.frames[frames.count - 1].state)' does not open Settings")
        }
        try await backend.saveCheckpoint(nil)
        // The step is recorded where the run was (the open-settings state before the relaunch, or
        // the restored state when a fresh run resumes).
        let ctx: StepContext
        if case .resumed = action { ctx = context(of: last, depth: frames.count - 1) } else { ctx = failing }
        stack = frames
        // A relaunch starts every frame afresh: none of them ran a state in this process yet.
        activations = frames.map { _ in defer { nextActivation += 1 }; return nextActivation }
        return try finish(ctx, events: events, action: action, transition: onReturn)
    }

    /// The user answered something: the count of states without input starts again.
    mutating func inputReceived() {
        sinceInput = 0
        sinceInputStart = visits.count
        visited = nil
    }

    /// The step-limit error, naming the states of the loop the run is stuck in: those run since
    /// `repeating` last ran in the same activation.
    func loopError(at ctx: StepContext, repeating key: Visit.Key) -> FlowError {
        var loop: [String] = []
        let start = visits[sinceInputStart...].lastIndex { $0.key == key } ?? visits.count
        for visit in visits[start...] {
            let state = program[visit.flow][visit.key.state].name
            let name = visit.depth == 0 ? state : "\(program[visit.flow].name).\(state)"
            if !loop.contains(name) { loop.append(name) }
        }
        if loop.isEmpty { loop = [ctx.pathName] }
        let names = loop.map { "'\($0)'" }.joined(separator: ", ")
        return FlowError(kind: .stepLimit,
                         message: "flow loops without user input through \(names): \(interpreter.options.stepLimit) steps in a row without an alert, prompt or Settings visit",
                         context: ctx)
    }

    /// The error for `Options.maxTotalSteps`: the run is stopped wherever it stands.
    func totalStepsError(at ctx: StepContext) -> FlowError {
        FlowError(kind: .totalStepLimit,
                  message: "run stopped in state '\(ctx.pathName)' at its limit of \(interpreter.options.maxTotalSteps) steps in all; raise the limit (--max-total-steps) if the flow needs more",
                  context: ctx)
    }
}
