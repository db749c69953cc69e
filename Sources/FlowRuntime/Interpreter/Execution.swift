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

    /// The step in progress: where it runs, the events it fired (only with a trace), how far it
    /// got between device calls, and the trace's length when it began (a step that fails before
    /// it is recorded is recorded as incomplete).
    var stepSite: Site
    var stepEvents: [AnalyticsEvent] = []
    var phase: Phase = .terminator
    var stepTraceStart = 0
    /// How the last step went, once `Next.done`.
    var stepped: Advance = .continued
    /// The alert the step in progress shows (a `Phase` payload would make every phase that big).
    var shownAlert = AlertPresentation(title: nil, message: nil, buttons: [])

    /// Where a step runs, by index: its `StepContext` (names and range) is only built for the
    /// trace and for errors.
    struct Site {
        var flow: FlowID
        var state: StateID
        var depth: Int
    }

    var stepContext: StepContext { context(stepSite) }

    func context(_ site: Site) -> StepContext {
        context(flow: site.flow, state: site.state, depth: site.depth)
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
        self.stepSite = Site(flow: root.flow, state: root.state, depth: 0)
        self.recordsTrace = interpreter.options.recordsTrace
        self.stepLimit = interpreter.options.stepLimit
        self.maxTotalSteps = interpreter.options.maxTotalSteps
        // A typical run takes a handful of steps: one allocation instead of regrowing four times.
        if recordsTrace { trace.reserveCapacity(16) }
        if interpreter.options.stepLimit < .max { visits.reserveCapacity(16) }
    }

    /// A state's `StepContext` at `depth`, from the prepared ones. (Trace steps are appended only
    /// `if recordsTrace`, so without a trace none is built.)
    func context(flow: FlowID, state: StateID, depth: Int) -> StepContext {
        var ctx = prepared.contexts[flow.index][state.index]
        ctx.depth = depth
        return ctx
    }

    var currentContext: StepContext {
        context(flow: stack[stack.count - 1].flow, state: stack[stack.count - 1].state, depth: stack.count - 1)
    }

    /// Runs until the entry flow ends, fails, needs input, or the task is cancelled.
    ///
    /// One loop, one await per device call: what a state does between two calls is worked out
    /// synchronously (`beginStep`, `resume(with:)`), which returns the next `DeviceCall`; only
    /// the call itself is awaited. Nothing of the program is held across an await, only indices.
    mutating func run() async -> RunEnd {
        if interpreter.options.resumeFromCheckpoint {
            do {
                if let checkpoint = try await backend.loadCheckpoint(),
                   checkpoint.frames.first?.flow == prepared.program.flows[stack[0].flow.index].name {
                    let plan = try resumePlan(from: checkpoint)
                    try await backend.saveCheckpoint(nil)
                    if let end = try resume(plan, events: [], action: .resumed(checkpoint)) { return end }
                }
            } catch let error as FlowError {
                return .error(error)
            } catch {
                return .error(FlowError(kind: .device, message: "could not load the checkpoint: \(error)", context: currentContext))
            }
        }
        // The same loop as `advance()`, inlined rather than called per step: the extra async
        // frame per state cost 3k of 42k instructions per run (callgrind, flowbench --profile).
        let backend = self.backend
        var next = beginStep()
        while true {
            switch next {
            case .call(let call):
                do {
                    next = resume(with: try await Self.perform(call, on: backend))
                } catch {
                    next = done(failed(error))
                }
            case .done:
                switch stepped {
                case .continued: next = beginStep()
                case .ended(let end): return end
                case .choice:
                // Only the explorer's device asks for choices, and the explorer drives `advance` itself.
                    return .error(FlowError(kind: .device, message: "the device asked for an exploration choice during a run",
                                            context: currentContext))
                }
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

    /// Runs one state (its tracks and terminator, returning from finished subflows): the
    /// explorer's unit of work.
    mutating func advance() async -> Advance {
        let backend = self.backend
        var next = beginStep()
        while true {
            switch next {
            case .call(let call):
                do {
                    next = resume(with: try await Self.perform(call, on: backend))
                } catch {
                    next = done(failed(error))
                }
            case .done:
                return stepped
            }
        }
    }

    /// What a step waits for from the backend.
    enum DeviceCall {
        case track(AnalyticsEvent)
        case isAvailable(Capability)
        case status(PermissionKind)
        case request(PermissionKind, options: [RequestOption])
        case present(AlertPresentation)
        case saveCheckpoint(Checkpoint?)
        case openSettings(SettingsPage)
        case loadCheckpoint
    }

    /// The backend's answer to a `DeviceCall`.
    enum DeviceAnswer {
        case none
        case available(Bool)
        case status(Status)
        case request(RequestResult)
        case tapped(Int)
        case settings(SettingsReturn)
        case checkpoint(Checkpoint?)
    }

    /// Either the next device call of the step in progress, or the step is over (`stepped` says
    /// how it went: kept out of this enum so what is passed around between calls stays small).
    enum Next {
        case call(DeviceCall)
        case done
    }

    /// Where the step in progress stands, between device calls.
    enum Phase {
        /// The state's effect at this index is being tracked.
        case effect(Int)
        /// The terminator's one device call (capability, single status, request) is out.
        case terminator
        /// A multi-subject `status` reads its statuses one after another.
        indirect case statuses(kinds: [PermissionKind], statuses: [Status])
        /// The alert (`shownAlert`) is shown.
        case presented
        /// The tapped button's event is being tracked.
        case buttonTrack(tapped: Int)
        /// `open settings`: the checkpoint is being saved; Settings opens next.
        case savingCheckpoint(SettingsPage)
        /// Settings is open.
        case inSettings(SettingsPage)
        /// Back after iOS relaunched the app: the checkpoint is being loaded.
        indirect case loadingCheckpoint(SettingsPage, SettingsReturn)
        /// Back without a relaunch: the checkpoint is being cleared.
        indirect case clearingCheckpoint(SettingsPage, SettingsReturn)
        /// Resuming from the loaded checkpoint: it is being cleared, then the stack is rebuilt.
        indirect case resuming(ResumePlan, TraceStep.Action)
    }

    @inline(__always)
    static func perform(_ call: DeviceCall, on backend: any DeviceBackend) async throws -> DeviceAnswer {
        switch call {
        case .track(let event): await backend.track(event); return .none
        case .isAvailable(let capability): return .available(try await backend.isAvailable(capability))
        case .status(let kind): return .status(try await backend.status(of: kind))
        case .request(let kind, let options): return .request(try await backend.request(kind, options: options))
        case .present(let alert): return .tapped(try await backend.present(alert))
        case .saveCheckpoint(let checkpoint): try await backend.saveCheckpoint(checkpoint); return .none
        case .openSettings(let page): return .settings(try await backend.openSettings(page))
        case .loadCheckpoint: return .checkpoint(try await backend.loadCheckpoint())
        }
    }

    /// Starts the current state: limits, then its first effect or its terminator.
    mutating func beginStep() -> Next {
        if Task.isCancelled { return done(.ended(.cancelled)) }
        let top = stack.count - 1
        stepSite = Site(flow: stack[top].flow, state: stack[top].state, depth: top)
        if totalSteps >= maxTotalSteps { return done(.ended(.error(totalStepsError(at: stepContext)))) }
        if stepLimit < .max {
            let visit = Visit(key: Visit.Key(activation: activations[activations.count - 1], state: stack[top].state),
                              flow: stack[top].flow, depth: top)
            // Past the limit, only a state run again in the same activation is a loop; a long
            // chain of distinct states (nested calls, say) goes on, bounded by maxTotalSteps.
            if sinceInput >= stepLimit {
                if visited == nil { visited = Set(visits[sinceInputStart...].map(\.key)) }
                if visited!.contains(visit.key) { return done(.ended(.error(loopError(at: stepContext, repeating: visit.key)))) }
                visited!.insert(visit.key)
            }
            visits.append(visit)
        }
        sinceInput += 1
        totalSteps += 1
        stepEvents = []
        stepTraceStart = trace.count
        return effect(0)
    }

    /// Tracks effect `i` of the current state, or starts its terminator after the last one.
    mutating func effect(_ i: Int) -> Next {
        let top = stack.count - 1
        let f = stack[top].flow.index, s = stack[top].state.index
        guard i < prepared.program.flows[f].states[s].effects.count else { return startTerminator() }
        let event: AnalyticsEvent
        if let effects = prepared.copy[f]?[s].effects {
            event = effects[i]
            // The prepared list is the step's events: shared, not appended one by one.
            if recordsTrace, i == 0 { stepEvents = effects }
        } else {
            event = interpreter.event(prepared.program.flows[f].states[s].effects[i], in: stack[top])
            if recordsTrace { stepEvents.append(event) }
        }
        phase = .effect(i)
        return .call(.track(event))
    }

    /// The terminator's first device call, or the whole step when it needs none (`goto`, `call`).
    mutating func startTerminator() -> Next {
        let top = stack.count - 1
        let f = stack[top].flow.index, s = stack[top].state.index
        phase = .terminator
        do {
            switch prepared.program.flows[f].states[s].terminator {
            case .goto(let goto):
                return try finishing(.goto, transition: goto.transition.target)
            case .capability(let check):
                return .call(.isAvailable(check.capability))
            case .status(let check):
                if check.subjects.count == 1 { return .call(.status(kind(of: check.subjects[0]))) }
                return readStatus(kinds: check.subjects.map { kind(of: $0) }, statuses: [])
            case .request(let request):
                return .call(.request(kind(of: request.subject), options: request.options))
            case .alert(let alert):
                let shown = prepared.copy[f]?[s].alert ?? interpreter.presentation(of: alert, in: stack[top])
                shownAlert = shown
                phase = .presented
                return .call(.present(shown))
            case .openSettings(let open):
                phase = .savingCheckpoint(open.page)
                return .call(.saveCheckpoint(checkpoint()))
            case .call(let call):
                enter(call.callee, arguments: call.arguments)
                return done(.continued)
            }
        } catch {
            return done(failed(error))
        }
    }

    /// Pushes a frame for a `call` (the step ends there; the subflow's start state runs next).
    mutating func enter(_ callee: FlowID, arguments: [Argument]) {
        let top = stack.count - 1
        var permissions: [Int: PermissionKind] = [:]
        var texts: [String: String] = [:]
        var named: [String: RunArgument] = [:]
        for (i, (parameter, argument)) in zip(prepared.program.flows[callee.index].parameters, arguments).enumerated() {
            switch argument {
            case .permission(let ref):
                let k = kind(of: ref)
                permissions[i] = k
                if recordsTrace { named[parameter.name] = .permission(k) }
            case .text(let text):
                let s = interpreter.resolve(text, in: stack[top])
                texts[parameter.name] = s
                if recordsTrace { named[parameter.name] = .text(s) }
            }
        }
        let start = prepared.program.flows[callee.index].start
        if recordsTrace {
            let flow = prepared.program.flows[callee.index].name
            trace.append(TraceStep(context: stepContext, events: stepEvents, action: .call(flow: flow, arguments: named),
                                   next: .enter(flow: flow, state: prepared.program.flows[callee.index].states[start.index].name)))
        }
        stack.append(Frame(flow: callee, state: start, permissions: permissions, texts: texts))
        activations.append(nextActivation)
        nextActivation += 1
    }

    /// Reads the next status of a multi-subject `status`, or matches once all are read.
    mutating func readStatus(kinds: [PermissionKind], statuses: [Status]) -> Next {
        if statuses.count < kinds.count {
            phase = .statuses(kinds: kinds, statuses: statuses)
            return .call(.status(kinds[statuses.count]))
        }
        let top = stack.count - 1
        guard case .status(let check) = prepared.program.flows[stack[top].flow.index].states[stack[top].state.index].terminator else {
            preconditionFailure("a status phase stands at a status state")
        }
        do {
            let t = try match(statuses, kinds: kinds, arms: check.arms, otherwise: check.otherwise, verb: "status")
            return try finishing(.status(kinds: kinds, statuses: statuses), transition: t)
        } catch {
            return done(failed(error))
        }
    }

    /// Continues the step in progress with the backend's answer to its last call.
    mutating func resume(with answer: DeviceAnswer) -> Next {
        do {
            return try answered(answer)
        } catch {
            return done(failed(error))
        }
    }

    mutating func answered(_ answer: DeviceAnswer) throws -> Next {
        let top = stack.count - 1
        let f = stack[top].flow.index, s = stack[top].state.index
        // Phase first, then the answer: a switch over the pair copies both into a tuple.
        switch phase {
        case .effect(let i):
            return effect(i + 1)

        case .terminator:
            switch answer {
            case .available(let available):
            guard case .capability(let check) = prepared.program.flows[f].states[s].terminator else { break }
            return try finishing(.capability(check.capability, available: available),
                                 transition: (available ? check.present : check.absent).target)

            case .status(let status):
            guard case .status(let check) = prepared.program.flows[f].states[s].terminator else { break }
            let k = kind(of: check.subjects[0])
            let t = try match(status, kind: k, arms: check.arms, otherwise: check.otherwise, verb: "status")
            return try finishing(.status(kinds: [k], statuses: [status]), transition: t)

            case .request(let result):
            guard case .request(let request) = prepared.program.flows[f].states[s].terminator else { break }
            let k = kind(of: request.subject)
            if result.prompt != nil { inputReceived() }
            let t = try match(result.status, kind: k, arms: request.arms, otherwise: request.otherwise, verb: "request result")
            return try finishing(.request(k, options: request.options, result: result), transition: t)

            default:
                break
            }

        case .statuses(let kinds, let statuses):
            guard case .status(let status) = answer else { break }
            return readStatus(kinds: kinds, statuses: statuses + [status])

        case .presented:
            guard case .tapped(let tapped) = answer else { break }
            let shown = shownAlert
            guard case .alert(let alert) = prepared.program.flows[f].states[s].terminator else { break }
            guard alert.buttons.indices.contains(tapped) else {
                throw FlowError(kind: .device, message: "the device tapped button \(tapped) of an alert with \(alert.buttons.count) buttons in state '\(stepContext.state)'", context: stepContext)
            }
            inputReceived()
            if let track = alert.buttons[tapped].track {
                let event: AnalyticsEvent
                if let copy = prepared.copy[f]?[s], let prepared = copy.buttonEvents[tapped], let all = copy.eventsWithButton[tapped] {
                    event = prepared
                    if recordsTrace { stepEvents = all }
                } else {
                    event = interpreter.event(track, in: stack[top])
                    if recordsTrace { stepEvents.append(event) }
                }
                phase = .buttonTrack(tapped: tapped)
                return .call(.track(event))
            }
            return try finishing(.alert(shown, tapped: tapped), transition: alert.buttons[tapped].transition.target)

        case .buttonTrack(let tapped):
            let shown = shownAlert
            guard case .alert(let alert) = prepared.program.flows[f].states[s].terminator else { break }
            return try finishing(.alert(shown, tapped: tapped), transition: alert.buttons[tapped].transition.target)

        case .savingCheckpoint(let page):
            phase = .inSettings(page)
            return .call(.openSettings(page))

        case .inSettings(let page):
            guard case .settings(let back) = answer else { break }
            inputReceived()
            if back.terminated {
                // iOS killed the app: everything in memory is gone; continue from what was persisted.
                phase = .loadingCheckpoint(page, back)
                return .call(.loadCheckpoint)
            }
            phase = .clearingCheckpoint(page, back)
            return .call(.saveCheckpoint(nil))

        case .loadingCheckpoint(let page, let back):
            guard case .checkpoint(let saved) = answer else { break }
            guard let saved else {
                throw FlowError(kind: .badCheckpoint, message: "the app was relaunched in state '\(stepContext.state)' but no checkpoint was saved", context: stepContext)
            }
            phase = .resuming(try resumePlan(from: saved), .openSettings(page, back))
            return .call(.saveCheckpoint(nil))

        case .resuming(let plan, let action):
            return step(try resume(plan, events: stepEvents, action: action))

        case .clearingCheckpoint(let page, let back):
            guard case .openSettings(let open) = prepared.program.flows[f].states[s].terminator else { break }
            return try finishing(.openSettings(page, back), transition: open.onReturn.target)
        }
        preconditionFailure("the backend answered \(answer) in phase \(phase)")
    }

    /// How the step went once it ended the run or moved on.
    mutating func step(_ end: RunEnd?) -> Next {
        done(end.map { .ended($0) } ?? .continued)
    }

    /// Ends the step in progress.
    mutating func done(_ advance: Advance) -> Next {
        stepped = advance
        return .done
    }

    /// Records the step and goes to `transition` (`finish`); the action is only built for the trace.
    mutating func finishing(_ action: @autoclosure () -> TraceStep.Action, transition: Target) throws -> Next {
        step(try finish(stepSite, events: stepEvents, action: recordsTrace ? action() : .incomplete, transition: transition))
    }

    /// How a step that threw ended: a choice to make (nothing recorded), or the run's end with the
    /// step recorded as incomplete unless it was recorded already.
    mutating func failed(_ error: any Error) -> Advance {
        if let point = error as? ChoicePoint { return .choice(point.options) }
        if recordsTrace, trace.count == stepTraceStart {
            trace.append(TraceStep(context: stepContext, events: stepEvents, action: .incomplete, next: .stopped))
        }
        switch error {
        case let needed as InputNeeded: return .ended(.inputNeeded(needed, at: stepContext))
        case let error as FlowError: return .ended(.error(error))
        case is CancellationError: return .ended(.cancelled)
        default:
            return .ended(.error(FlowError(kind: .device, message: "device error in state '\(stepContext.state)': \(error)", context: stepContext)))
        }
    }

    /// The kind a permission reference names in the current frame.
    func kind(of ref: PermissionRef) -> PermissionKind {
        switch ref {
        case .kind(let k): return k
        case .parameter(let i):
            guard let k = stack[stack.count - 1].permissions[i] else {
                preconditionFailure("permission parameter \(ref) is unbound: the checker and bindArguments guarantee it")
            }
            return k
        }
    }

    /// `match` for one subject, without building arrays.
    func match(_ status: Status, kind: PermissionKind, arms: [StatusArm], otherwise: Transition?, verb: String) throws -> Target {
        // By index: `for arm in arms` copies every arm it looks at.
        for i in arms.indices where arms[i].patterns.contains(where: { $0.count == 1 && $0[0].matches(status) }) {
            return arms[i].transition.target
        }
        if let otherwise { return otherwise.target }
        return try match([status], kinds: [kind], arms: [], otherwise: nil, verb: verb)
    }

    func kind(of ref: PermissionRef, in frame: Frame) -> PermissionKind {
        guard let k = interpreter.kind(of: ref, in: frame) else {
            preconditionFailure("permission parameter \(ref) is unbound: the checker and bindArguments guarantee it")
        }
        return k
    }

    func match(_ statuses: [Status], kinds: [PermissionKind], arms: [StatusArm], otherwise: Transition?,
               verb: String) throws -> Target {
        for i in arms.indices where arms[i].patterns.contains(where: { pattern in
            pattern.count == statuses.count && zip(pattern, statuses).allSatisfy { $0.matches($1) }
        }) {
            return arms[i].transition.target
        }
        if let otherwise { return otherwise.target }
        let what = zip(kinds, statuses).map { "\($0.rawValue) '\($1.rawValue)'" }.joined(separator: ", ")
        throw FlowError(kind: .unmatchedStatus,
                        message: "\(verb) \(what) matches no arm in state '\(stepContext.state)'; add an arm or 'else'",
                        context: stepContext)
    }

    /// Records the step and follows `transition`, returning from subflows as they finish.
    /// Reads the program by index (a `Flow` or `Frame` held in a local is a copy: a retain per field).
    mutating func finish(_ site: Site, events: [AnalyticsEvent], action: TraceStep.Action,
                         transition: Target) throws -> RunEnd? {
        var site = site
        var events = events
        var action = action
        var transition = transition
        while true {
            let f = stack[stack.count - 1].flow.index
            switch transition {
            case .state(let s):
                if recordsTrace {
                    trace.append(TraceStep(context: context(site), events: events, action: action, next: .state(prepared.program.flows[f].states[s.index].name)))
                }
                stack[stack.count - 1].state = s
                return nil
            case .outcome(let i):
                let outcome = prepared.program.flows[f].outcomes[i].name
                if recordsTrace { trace.append(TraceStep(context: context(site), events: events, action: action, next: .outcome(outcome))) }
                stack.removeLast()
                activations.removeLast()
                guard !stack.isEmpty else { return .outcome(outcome) }
                let top = stack.count - 1
                let caller = (flow: stack[top].flow, state: stack[top].state)
                site = Site(flow: caller.flow, state: caller.state, depth: top)
                events = []
                if recordsTrace { action = .returned(flow: prepared.program.flows[f].name, outcome: outcome) }
                guard case .call(let call) = prepared.program.flows[caller.flow.index].states[caller.state.index].terminator else {
                    preconditionFailure("a caller frame always stands at a call state")
                }
                if let arm = call.arms.first(where: { $0.outcomes.contains(i) }) {
                    transition = arm.transition.target
                } else if let otherwise = call.otherwise {
                    transition = otherwise.target
                } else {
                    if recordsTrace {
                        trace.append(TraceStep(context: context(site), events: [], action: .returned(flow: prepared.program.flows[f].name, outcome: outcome), next: .stopped))
                    }
                    throw FlowError(kind: .unmatchedOutcome,
                                    message: "outcome '\(outcome)' of flow '\(prepared.program.flows[f].name)' matches no arm of the call in state '\(context(site).state)'; add an arm or 'else'",
                                    context: context(site))
                }
            }
        }
    }

    /// The position to persist before Settings opens: the current stack by names.
    func checkpoint() -> Checkpoint {
        Checkpoint(frames: stack.map { frame in
            Checkpoint.Frame(flow: prepared.program.flows[frame.flow.index].name,
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
                guard case .call(let call) = program[parent.flow][parent.state].terminator,
                      program[call.callee].name == saved.flow else {
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
        return ResumePlan(frames: frames, failing: Site(flow: stack[stack.count - 1].flow, state: stack[stack.count - 1].state,
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
        if case .resumed = action { site = Site(flow: last.flow, state: last.state, depth: frames.count - 1) } else { site = plan.failing }
        stack = frames
        // A relaunch starts every frame afresh: none of them ran a state in this process yet.
        activations = frames.map { _ in defer { nextActivation += 1 }; return nextActivation }
        return try finish(site, events: events, action: action, transition: open.onReturn.target)
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
