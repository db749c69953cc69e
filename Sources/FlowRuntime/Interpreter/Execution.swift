import FlowModel
import FlowSyntax

/// The mutable part of one run: the call stack and the trace so far. This file is the run loop
/// and the start of a step; what a terminator does between device calls is in
/// Execution+Terminators.swift, checkpoint and resume in Execution+Checkpoint.swift, the loop
/// guard in Execution+LoopGuard.swift.
struct Execution {
    let interpreter: Interpreter
    var stack: [Frame]
    var trace: [TraceStep] = []
    /// Told of each step as it is recorded (an interactive front end prints it at once).
    var onStep: (@Sendable (TraceStep) -> Void)?
    /// `Interpreter.Options.recordsTrace`, read once.
    let recordsTrace: Bool
    /// States run since the user last answered something; reset by alerts, prompts and Settings.
    var sinceInput = 0
    /// Every state run, for `Options.maxTotalSteps`.
    var totalSteps = 0
    /// Which activation of a flow the top frame is (a flow called twice in a row gets two), so a
    /// loop is a state run again *in the same activation*; `callerActivations` are those of the
    /// frames below it, in stack order. The top one is kept apart so a run that calls no subflow
    /// allocates no array for them.
    var activation = 0
    var callerActivations: [Int] = []
    var nextActivation = 1
    /// The states run, in order (only while the step limit is finite: the explorer finds cycles
    /// itself); those since the last input start at `sinceInputStart`. At the step limit they tell
    /// a loop from a long chain. (Appending only is cheaper than clearing at each input, and the
    /// run's length is bounded by `maxTotalSteps`.)
    var visits: [Visit] = []
    var sinceInputStart = 0
    /// Outcomes of the entry flow the app handles itself (`Interpreter.run(handling:)`): the
    /// entry flow's `handoff` states for them end the run as a handling caller's would.
    var rootHandled: [Int] = []
    /// `PreparedProgram.readsRunValues`, read once: whether `runValues` is kept.
    let readsRunValues: Bool
    /// One per entry of `stack` while `readsRunValues` (else empty): what each activation's
    /// terminators last set for `{status}`, `{button}` and `{outcome}`.
    var runValues: [RunValues] = []
    /// The runtime's own events as sent (`RuntimeEvents`): nil when the run resumed from a
    /// checkpoint (no `flow_start`) or did not end with an outcome (no `flow_end`).
    var flowStart: AnalyticsEvent?
    var flowEnd: AnalyticsEvent?
    /// The run's variant of each experiment it can branch on, by name, and the properties every
    /// event carries for them (Execution+Experiment.swift); empty without experiments.
    var variants: [String: String] = [:]
    var variantProperties: [AnalyticsEvent.Property] = []
    /// The entry flow (a resumed run rebuilds the stack, for the same flow; it is empty once the run ended).
    let rootFlow: FlowID
    /// `Options.stepLimit` and `.maxTotalSteps`, read once.
    let stepLimit: Int
    let maxTotalSteps: Int
    /// `visits` as a set, built the first time the step limit is reached in a stretch without
    /// input, so a long chain past the limit costs a hash per step, not a search.
    var visited: Set<Visit.Key>?

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

    /// `interpreter.prepared`, stored. The program is read through the shared box, borrowed: a
    /// copy of the whole `Program` costs a retain per field.
    let prepared: PreparedProgram
    var program: Program { _read { yield prepared.program } }
    /// `interpreter.backend` (not stored again: each copy of the existential costs a call).
    var backend: any DeviceBackend { interpreter.backend }

    init(interpreter: Interpreter, root: Frame) {
        self.interpreter = interpreter
        self.prepared = interpreter.prepared
        self.stack = [root]
        self.rootFlow = root.flow
        self.stepSite = Site(flow: root.flow, state: root.state, depth: 0)
        self.recordsTrace = interpreter.options.recordsTrace
        self.readsRunValues = interpreter.prepared.readsRunValues
        if readsRunValues { runValues = [RunValues()] }
        self.stepLimit = interpreter.options.stepLimit
        self.maxTotalSteps = interpreter.options.maxTotalSteps
        // A typical run takes a handful of steps: one allocation instead of regrowing four times.
        if recordsTrace { trace.reserveCapacity(16) }
        if interpreter.options.stepLimit < .max { visits.reserveCapacity(16) }
    }

    /// Records `step`, moved into the trace rather than copied.
    mutating func appendStep(_ step: consuming TraceStep) {
        trace.append(step)
        if let onStep { onStep(trace[trace.count - 1]) }
    }

    /// A state's `StepContext` at `depth`, from the prepared ones. (Trace steps are appended only
    /// `if recordsTrace`, so without a trace none is built.)
    func context(flow: FlowID, state: StateID, depth: Int) -> StepContext {
        // Field by field: a copy of the whole prepared context is two calls per traced step.
        let f = flow.index
        let s = state.index
        return StepContext(
            depth: depth, flow: prepared.contexts[f][s].flow, state: prepared.contexts[f][s].state,
            range: prepared.contexts[f][s].range)
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
        let end = await runSteps()
        if case .outcome(let outcome) = end, interpreter.options.sendsRuntimeEvents {
            let event = tagged(
                AnalyticsEvent(
                    name: RuntimeEvents.end,
                    properties: [
                        .init(key: RuntimeEvents.flowKey, value: .text(entryFlowName)),
                        .init(key: RuntimeEvents.outcomeKey, value: .text(outcome)),
                    ]))
            await backend.track(event)
            flowEnd = event
        }
        return end
    }

    /// The entry flow's name, for the runtime's own events.
    var entryFlowName: String { prepared.program.flows[rootFlow.index].name }

    /// Sends `flow_start` (RuntimeEvents.start) for a run that does not resume from a checkpoint.
    mutating func sendStart() async {
        let event = tagged(
            AnalyticsEvent(
                name: RuntimeEvents.start, properties: [.init(key: RuntimeEvents.flowKey, value: .text(entryFlowName))])
        )
        await backend.track(event)
        flowStart = event
    }

    /// `run()` without the runtime's `flow_end`: from the checkpoint or the start (sending
    /// `flow_start` then) to the end of the run.
    mutating func runSteps() async -> RunEnd {
        var resumed = false
        if interpreter.options.resumeFromCheckpoint {
            do {
                if let checkpoint = try await backend.loadCheckpoint(),
                    checkpoint.frames.first?.flow == prepared.program.flows[stack[0].flow.index].name
                {
                    let plan = try resumePlan(from: checkpoint)
                    try await backend.saveCheckpoint(nil)
                    resumed = true
                    if let end = try resume(plan, events: [], action: .resumed(checkpoint)) { return end }
                }
            } catch let error as FlowError {
                return .error(error)
            } catch {
                return .error(
                    FlowError(
                        kind: .device, message: "could not load the checkpoint: \(error)", context: currentContext))
            }
        }
        if !resumed, interpreter.options.sendsRuntimeEvents { await sendStart() }
        // The same loop as `advance()`, inlined rather than called per step: an async frame per
        // state is a measurable part of a run.
        let backend = self.backend
        var next = beginStep()
        while true {
            // `next` is consumed and its call moved into `perform`, which destroys each payload
            // where its type is known: destroying the old `next` when it was reassigned went
            // through outlined switches over `Next` and `DeviceCall` at every call.
            switch consume next {
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
                    return .error(
                        FlowError(
                            kind: .device, message: "the device asked for an exploration choice during a run",
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
            switch consume next {
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
    static func perform(_ call: consuming DeviceCall, on backend: any DeviceBackend) async throws -> DeviceAnswer {
        switch consume call {
        case .track(let event):
            await backend.track(event)
            return .none
        case .isAvailable(let capability): return .available(try await backend.isAvailable(capability))
        case .status(let kind): return .status(try await backend.status(of: kind))
        case .request(let kind, let options): return .request(try await backend.request(kind, options: options))
        case .present(let alert): return .tapped(try await backend.present(alert))
        case .saveCheckpoint(let checkpoint):
            try await backend.saveCheckpoint(checkpoint)
            return .none
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
            let visit = Visit(
                key: Visit.Key(activation: activation, state: stack[top].state),
                flow: stack[top].flow, depth: top)
            // Past the limit, only a state run again in the same activation is a loop; a long
            // chain of distinct states (nested calls, say) goes on, bounded by maxTotalSteps.
            if sinceInput >= stepLimit {
                if visited == nil { visited = Set(visits[sinceInputStart...].map(\.key)) }
                if visited!.contains(visit.key) {
                    return done(.ended(.error(loopError(at: stepContext, repeating: visit.key))))
                }
                visited!.insert(visit.key)
            }
            visits.append(visit)
        }
        sinceInput += 1
        totalSteps += 1
        stepEvents = []
        stepTraceStart = trace.count
        if top > 0 || !rootHandled.isEmpty,
            let handoff = prepared.program.flows[stack[top].flow.index].states[stack[top].state.index].handoff
        {
            return handOff(handoff)
        }
        return enterState()
    }

    /// A state with `handoff outcome`: when the calling state (or, for the entry flow, the app)
    /// handles the outcome, the flow ends with it here, before the state's tracks and terminator
    /// run (the caller's arm for it is the handling); otherwise the state runs as usual.
    mutating func handOff(_ handoff: Handoff) -> Next {
        let top = stack.count - 1
        if top == 0 {
            guard rootHandled.contains(handoff.outcome) else { return enterState() }
        } else {
            let caller = (flow: stack[top - 1].flow.index, state: stack[top - 1].state.index)
            guard case .call(let call) = prepared.program.flows[caller.flow].states[caller.state].terminator,
                call.handles(handoff.outcome)
            else {
                return enterState()
            }
        }
        phase = .terminator
        let outcome = prepared.program.flows[stack[top].flow.index].outcomes[handoff.outcome].name
        do {
            return try finishing(transition: .outcome(handoff.outcome)) { _ in .handedOff(outcome: outcome) }
        } catch {
            return done(failed(error))
        }
    }

    /// Tracks effect `i` of the current state, or starts its terminator after the last one.
    mutating func effect(_ i: Int) -> Next {
        let top = stack.count - 1
        let f = stack[top].flow.index
        let s = stack[top].state.index
        guard i < prepared.program.flows[f].states[s].effects.count else { return startTerminator() }
        let event: AnalyticsEvent
        if let effects = prepared.copy[f]?[s].effects {
            event = tagged(effects[i])
            // The prepared list is the step's events: shared, not appended one by one.
            if recordsTrace, i == 0 { stepEvents = tagged(effects) }
        } else {
            event = tagged(
                interpreter.event(
                    prepared.program.flows[f].states[s].effects[i], in: stack[top],
                    run: readsRunValues ? runValues[top] : nil))
            if recordsTrace { stepEvents.append(event) }
        }
        phase = .effect(i)
        return .call(.track(event))
    }
}
