import FlowModel
import FlowSyntax

/// The step machine: what each terminator asks the device, what it does with the answer, and
/// how a finished step follows its transition (returning from subflows as they end).
extension Execution {
    /// The terminator's first device call, or the whole step when it needs none (`goto`, `call`).
    mutating func startTerminator() -> Next {
        let top = stack.count - 1
        let f = stack[top].flow.index
        let s = stack[top].state.index
        phase = .terminator
        do {
            switch prepared.program.flows[f].states[s].terminator {
            case .goto(let goto):
                return try finishing(transition: goto.transition.target) { _ in .goto }
            case .capability(let check):
                return .call(.isAvailable(check.capability))
            case .status(let check):
                if check.subjects.count == 1 { return .call(.status(kind(of: check.subjects[0]))) }
                return readStatus(
                    kinds: prepared.statusKinds[f][s] ?? check.subjects.map { kind(of: $0) }, statuses: [])
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
            case .variant(let branch):
                return try takeVariant(branch, flow: f)
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
            appendStep(
                TraceStep(
                    context: stepContext, events: stepEvents, action: .call(flow: flow, arguments: named),
                    next: .enter(flow: flow, state: prepared.program.flows[callee.index].states[start.index].name)))
        }
        stack.append(Frame(flow: callee, state: start, permissions: permissions, texts: texts))
        if readsRunValues { runValues.append(RunValues()) }
        callerActivations.append(activation)
        activation = nextActivation
        nextActivation += 1
    }

    /// Reads the next status of a multi-subject `status`, or matches once all are read.
    mutating func readStatus(kinds: [PermissionKind], statuses: [Status]) -> Next {
        if statuses.count < kinds.count {
            phase = .statuses(kinds: kinds, statuses: statuses)
            return .call(.status(kinds[statuses.count]))
        }
        let top = stack.count - 1
        if readsRunValues { runValues[top].status = statuses.map(\.rawValue).joined(separator: ",") }
        guard
            case .status(let check) = prepared.program.flows[stack[top].flow.index].states[stack[top].state.index]
                .terminator
        else {
            preconditionFailure("a status phase stands at a status state")
        }
        do {
            let t = try match(statuses, kinds: kinds, arms: check.arms, otherwise: check.otherwise, verb: "status")
            return try finishing(transition: t) { _ in .status(kinds: kinds, statuses: statuses) }
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
        let f = stack[top].flow.index
        let s = stack[top].state.index
        // Phase first, then the answer: a switch over the pair copies both into a tuple.
        switch phase {
        case .effect(let i):
            return effect(i + 1)

        case .terminator:
            if let next = try terminatorAnswered(answer, frame: top, flow: f, state: s) { return next }

        case .statuses(let kinds, let statuses):
            guard case .status(let status) = answer else { break }
            return readStatus(kinds: kinds, statuses: statuses + [status])

        case .presented:
            guard case .tapped(let tapped) = answer else { break }
            if let next = try alertTapped(tapped, frame: top, flow: f, state: s) { return next }

        case .buttonTrack(let tapped):
            guard case .alert(let alert) = prepared.program.flows[f].states[s].terminator else { break }
            return try finishing(transition: alert.buttons[tapped].transition.target) {
                .alert($0.shownAlert, tapped: tapped)
            }

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
                throw FlowError(
                    kind: .badCheckpoint,
                    message: "the app was relaunched in state '\(stepContext.state)' but no checkpoint was saved",
                    context: stepContext)
            }
            phase = .resuming(try resumePlan(from: saved), .openSettings(page, back))
            return .call(.saveCheckpoint(nil))

        case .resuming(let plan, let action):
            return step(try resume(plan, events: stepEvents, action: action))

        case .clearingCheckpoint(let page, let back):
            guard case .openSettings(let open) = prepared.program.flows[f].states[s].terminator else { break }
            // What was read before Settings may have changed there.
            if readsRunValues { runValues[top] = RunValues() }
            return try finishing(transition: open.onReturn.target) { _ in .openSettings(page, back) }
        }
        preconditionFailure("the backend answered \(answer) in phase \(phase)")
    }

    /// The backend's answer to the terminator's call (a capability, a status, a request); nil
    /// for an answer that does not fit it.
    private mutating func terminatorAnswered(_ answer: DeviceAnswer, frame top: Int, flow f: Int, state s: Int) throws
        -> Next?
    {
        switch answer {
        case .available(let available):
            guard case .capability(let check) = prepared.program.flows[f].states[s].terminator else { return nil }
            return try finishing(transition: (available ? check.present : check.absent).target) { _ in
                .capability(check.capability, available: available)
            }

        // Neither reads the terminator unless tracing: the prepared tables have the target,
        // and binding the `Request` or matching arm by arm copied them.
        case .status(let status):
            if readsRunValues { runValues[top].status = status.rawValue }
            let t = try target(of: status, verb: "status")
            // The prepared one-element arrays: building `[k]` and `[status]` were two allocations a step.
            return try finishing(transition: t) {
                .status(
                    kinds: $0.prepared.statusKinds[f][s] ?? [$0.singleSubjectKind()],
                    statuses: $0.prepared.singleStatuses[status.ordinal])
            }

        case .request(let result):
            if result.prompt != nil { inputReceived() }
            if readsRunValues { runValues[top].status = result.status.rawValue }
            let t = try target(of: result.status, verb: "request result")
            return try finishing(transition: t) { $0.requestAction(result) }

        default:
            return nil
        }
    }

    /// The user tapped button `tapped` of the state's alert: its track event first, then its transition.
    private mutating func alertTapped(_ tapped: Int, frame top: Int, flow f: Int, state s: Int) throws -> Next? {
        guard case .alert(let alert) = prepared.program.flows[f].states[s].terminator else { return nil }
        guard alert.buttons.indices.contains(tapped) else {
            throw FlowError(
                kind: .device,
                message:
                    "the device tapped button \(tapped) of an alert with \(alert.buttons.count) buttons in state '\(stepContext.state)'",
                context: stepContext)
        }
        inputReceived()
        if readsRunValues {
            runValues[top].button =
                shownAlert.buttons.indices.contains(tapped) ? shownAlert.buttons[tapped].label : nil
        }
        // The prepared copy first (its event is nil where the button has no track): testing
        // or binding the button's `track` copied the whole `TrackEvent`, and binding the
        // state's `StateCopy` all of its arrays, so both are read in place.
        let event: AnalyticsEvent?
        if let copies = prepared.copy[f] {
            event = copies[s].buttonEvents[tapped].map { tagged($0) }
            if recordsTrace, let all = copies[s].eventsWithButton[tapped] { stepEvents = tagged(all) }
        } else if let track = alert.buttons[tapped].track {
            let resolved = tagged(
                interpreter.event(track, in: stack[top], run: readsRunValues ? runValues[top] : nil))
            if recordsTrace { stepEvents.append(resolved) }
            event = resolved
        } else {
            event = nil
        }
        if let event {
            phase = .buttonTrack(tapped: tapped)
            return .call(.track(event))
        }
        return try finishing(transition: alert.buttons[tapped].transition.target) {
            .alert($0.shownAlert, tapped: tapped)
        }
    }

    /// How the step went once it ended the run or moved on.
    mutating func step(_ end: RunEnd?) -> Next {
        done(end.map { .ended($0) } ?? .continued)
    }

    /// Ends the step in progress.
    mutating func done(_ advance: Advance) -> Next {
        // Most steps go on from a step that went on: nothing to replace. Assigning destroyed the
        // old value through an outlined switch over every case.
        if case .continued = advance, case .continued = stepped { return .done }
        stepped = advance
        return .done
    }

    /// Records the step in progress and follows `transition` (`follow`). `action` builds the
    /// step's trace action from the execution, and is called only with a trace: without one no
    /// action exists, so none is destroyed (an outlined switch over its cases at every step, a
    /// value the callee could not know was `.incomplete`). It is handed the execution rather than
    /// capturing it, which a closure passed to a mutating method may not.
    mutating func finishing(transition: Target, _ action: (Execution) -> TraceStep.Action) throws -> Next {
        if recordsTrace { record(stepSite, events: stepEvents, action: action(self), transition: transition) }
        return step(try follow(transition))
    }

    /// Appends the step at `site`, about to follow `transition` from the top frame, to the trace.
    /// Never inlined: inlined into `answered`, it made every step dearer, traced or not.
    @inline(never)
    mutating func record(_ site: Site, events: [AnalyticsEvent], action: consuming TraceStep.Action, transition: Target)
    {
        // The name is read into the step here: a function returning the `Next` was optimized to
        // return it borrowed, and each step then copied it through outlined copies.
        let f = stack[stack.count - 1].flow.index
        let next: TraceStep.Next =
            switch transition {
            case .state(let s): .state(prepared.program.flows[f].states[s.index].name)
            case .outcome(let i): .outcome(prepared.program.flows[f].outcomes[i].name)
            }
        appendStep(TraceStep(context: context(site), events: events, action: action, next: next))
    }

    /// How a step that threw ended: a choice to make (nothing recorded), or the run's end with the
    /// step recorded as incomplete unless it was recorded already.
    mutating func failed(_ error: any Error) -> Advance {
        if let point = error as? ChoicePoint { return .choice(point.options) }
        if recordsTrace, trace.count == stepTraceStart {
            appendStep(TraceStep(context: stepContext, events: stepEvents, action: .incomplete, next: .stopped))
        }
        switch error {
        case let needed as InputNeeded: return .ended(.inputNeeded(needed, at: stepContext))
        case let error as FlowError: return .ended(.error(error))
        case is CancellationError: return .ended(.cancelled)
        default:
            return .ended(
                .error(
                    FlowError(
                        kind: .device, message: "device error in state '\(stepContext.state)': \(error)",
                        context: stepContext)))
        }
    }

    /// The kind a permission reference names in the current frame.
    func kind(of ref: PermissionRef) -> PermissionKind {
        switch ref {
        case .kind(let k): return k
        case .parameter(let i):
            guard let k = stack[stack.count - 1].permissions[i] else {
                preconditionFailure(
                    "permission parameter \(ref) is unbound: the checker and bindArguments guarantee it")
            }
            return k
        }
    }

    /// Where `status` leads from the current state, a `status` of one subject or a `request`
    /// (`PreparedProgram.targets`); throws the unmatched-status error when no arm and no `else`
    /// takes it.
    func target(of status: Status, verb: String) throws -> Target {
        let top = stack.count - 1
        guard let targets = prepared.targets[stack[top].flow.index][stack[top].state.index] else {
            preconditionFailure("only a status of one subject or a request reads a single status")
        }
        if let target = targets[status.ordinal] { return target }
        return try match([status], kinds: [singleSubjectKind()], arms: [], otherwise: nil, verb: verb)
    }

    /// The kind the current state's `status` of one subject or `request` reads.
    func singleSubjectKind() -> PermissionKind {
        let top = stack.count - 1
        switch prepared.program.flows[stack[top].flow.index].states[stack[top].state.index].terminator {
        case .status(let check): return kind(of: check.subjects[0])
        case .request(let request): return kind(of: request.subject)
        default: preconditionFailure("only a status or a request has a subject")
        }
    }

    /// The trace action of the current `request` state once it returned `result`.
    func requestAction(_ result: RequestResult) -> TraceStep.Action {
        let top = stack.count - 1
        guard
            case .request(let request) = prepared.program.flows[stack[top].flow.index].states[stack[top].state.index]
                .terminator
        else {
            preconditionFailure("a request phase stands at a request state")
        }
        return .request(kind(of: request.subject), options: request.options, result: result)
    }

    func kind(of ref: PermissionRef, in frame: Frame) -> PermissionKind {
        guard let k = interpreter.kind(of: ref, in: frame) else {
            preconditionFailure("permission parameter \(ref) is unbound: the checker and bindArguments guarantee it")
        }
        return k
    }

    func match(
        _ statuses: [Status], kinds: [PermissionKind], arms: [StatusArm], otherwise: FlowTransition?,
        verb: String
    ) throws -> Target {
        for i in arms.indices
        where arms[i].patterns.contains(where: { pattern in
            pattern.count == statuses.count && zip(pattern, statuses).allSatisfy { $0.matches($1) }
        }) {
            return arms[i].transition.target
        }
        if let otherwise { return otherwise.target }
        let what = zip(kinds, statuses).map { "\($0.rawValue) '\($1.rawValue)'" }.joined(separator: ", ")
        throw FlowError(
            kind: .unmatchedStatus,
            message: "\(verb) \(what) matches no arm in state '\(stepContext.state)'; add an arm or 'else'",
            context: stepContext)
    }

    /// Follows `transition` out of the step just recorded, returning from subflows as they finish:
    /// each return is recorded (with a trace) at the calling state, as a step of its own.
    /// Reads the program by index (a `Flow` or `Frame` held in a local is a copy: a retain per field).
    mutating func follow(_ transition: Target) throws -> RunEnd? {
        var transition = transition
        while true {
            switch transition {
            case .state(let s):
                stack[stack.count - 1].state = s
                return nil
            case .outcome(let i):
                let f = stack[stack.count - 1].flow.index
                let outcome = prepared.program.flows[f].outcomes[i].name
                stack.removeLast()
                if !callerActivations.isEmpty { activation = callerActivations.removeLast() }
                if readsRunValues { runValues.removeLast() }
                guard !stack.isEmpty else { return .outcome(outcome) }
                let top = stack.count - 1
                // The callee may have changed statuses and shown alerts: only its outcome is current.
                if readsRunValues { runValues[top] = RunValues(outcome: outcome) }
                let caller = Site(flow: stack[top].flow, state: stack[top].state, depth: top)
                guard
                    case .call(let call) = prepared.program.flows[caller.flow.index].states[caller.state.index]
                        .terminator
                else {
                    preconditionFailure("a caller frame always stands at a call state")
                }
                if let arm = call.arms.first(where: { $0.outcomes.contains(i) }) {
                    transition = arm.transition.target
                } else if let otherwise = call.otherwise {
                    transition = otherwise.target
                } else {
                    if recordsTrace {
                        appendStep(
                            TraceStep(
                                context: context(caller), events: [],
                                action: .returned(flow: prepared.program.flows[f].name, outcome: outcome),
                                next: .stopped))
                    }
                    throw FlowError(
                        kind: .unmatchedOutcome,
                        message:
                            "outcome '\(outcome)' of flow '\(prepared.program.flows[f].name)' matches no arm of the call in state '\(context(caller).state)'; add an arm or 'else'",
                        context: context(caller))
                }
                if recordsTrace {
                    record(
                        caller, events: [], action: .returned(flow: prepared.program.flows[f].name, outcome: outcome),
                        transition: transition)
                }
            }
        }
    }
}
