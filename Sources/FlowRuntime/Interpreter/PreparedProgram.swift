import FlowModel

/// What an `Interpreter` works out once from its program and options instead of on every run:
/// each state's `StepContext`, and the copy of every flow whose copy cannot depend on a run
/// (its analytics events and alerts, resolved for the interpreter's locale and app name).
///
/// A reference, so copies of an interpreter, its executions and the explorer's forks share one.
/// Immutable after `init`, so it is `Sendable` without locks.
final class PreparedProgram: Sendable {
    let program: Program
    /// `contexts[flow][state]` at depth 0.
    let contexts: [[StepContext]]
    /// `copy[flow][state]`, nil for a flow with parameters (its copy may read them) and for a
    /// flow whose tracks read run-time values.
    let copy: [[StateCopy]?]
    /// Whether any track reads `{status}`, `{button}` or `{outcome}`: only then do frames keep
    /// them, so programs that do not pay nothing per step.
    let readsRunValues: Bool
    /// `statusKinds[flow][state]`: the kinds a `status` state reads, in subject order, when none
    /// of its subjects is a parameter (nil for those and for every other state). A step's trace
    /// action shares it instead of building the list.
    let statusKinds: [[[PermissionKind]?]]
    /// `[status]` for every status, by `Status.ordinal`: the statuses of a single-subject
    /// `status` step's trace action.
    let singleStatuses: [[Status]] = Status.allCases.map { [$0] }
    /// `targets[flow][state]` for a `status` of one subject and for a `request`: by
    /// `Status.ordinal`, where that status goes (the first arm with a pattern that matches it,
    /// else the `else` arm), nil where nothing takes it. nil for every other state. A step looks
    /// its target up instead of matching arm by arm, which copied each arm it tried.
    let targets: [[[Target?]?]]

    /// A state's copy, resolved.
    struct StateCopy: Sendable {
        /// One per `FlowState.effects`.
        var effects: [AnalyticsEvent]
        /// The alert as shown, when the state ends in one.
        var alert: AlertPresentation?
        /// One per alert button: the event its `track` fires.
        var buttonEvents: [AnalyticsEvent?]
        /// One per alert button with a `track`: the step's whole event list for the trace
        /// (`effects`, then the button's event), built once so a traced step allocates none.
        var eventsWithButton: [[AnalyticsEvent]?]
    }

    /// The program with nothing resolved yet: what an interpreter resolves its copy through
    /// while it prepares.
    init(unresolved program: Program) {
        self.program = program
        contexts = []
        copy = []
        readsRunValues = false
        statusKinds = []
        targets = []
    }

    /// Whether a track of `flow` (in a state or after a button) reads a run-time value.
    static func readsRunValues(_ flow: Flow) -> Bool {
        func reads(_ event: TrackEvent) -> Bool {
            event.properties.contains { property in
                guard case .text(let template) = property.value else { return false }
                return template.plainText == nil
                    && template.segments.contains { if case .placeholder(.run) = $0 { true } else { false } }
            }
        }
        return flow.states.contains { state in
            if state.effects.contains(where: reads) { return true }
            guard case .alert(let alert) = state.terminator else { return false }
            return alert.buttons.contains { $0.track.map(reads) ?? false }
        }
    }

    /// Where each status (by `Status.ordinal`) goes through `arms` of one subject and `otherwise`:
    /// as matching the arms in order, first match wins, would send it.
    static func targets(arms: [StatusArm], otherwise: FlowTransition?) -> [Target?] {
        Status.allCases.map { status in
            arms.firstIndex(taking: status).map { arms[$0].transition.target } ?? otherwise?.target
        }
    }

    /// Resolves through `interpreter` (whose `prepared` is the unresolved program).
    init(program: Program, resolvingWith interpreter: Interpreter) {
        self.program = program
        contexts = program.flows.map { flow in
            flow.states.map { StepContext(depth: 0, flow: flow.name, state: $0.name, range: $0.terminator.range) }
        }
        statusKinds = program.flows.map { flow in
            flow.states.map { state -> [PermissionKind]? in
                guard case .status(let check) = state.terminator else { return nil }
                var kinds: [PermissionKind] = []
                for subject in check.subjects {
                    guard case .kind(let kind) = subject else { return nil }
                    kinds.append(kind)
                }
                return kinds
            }
        }
        targets = program.flows.map { flow in
            flow.states.map { state -> [Target?]? in
                switch state.terminator {
                case .status(let check) where check.subjects.count == 1:
                    Self.targets(arms: check.arms, otherwise: check.otherwise)
                case .request(let request):
                    Self.targets(arms: request.arms, otherwise: request.otherwise)
                default:
                    nil
                }
            }
        }
        let reading = program.flows.map(Self.readsRunValues)
        readsRunValues = reading.contains(true)
        copy = program.flows.indices.map { f in
            let flow = program.flows[f]
            // Every activation of a flow without parameters has the same frame: no permissions
            // and no texts bound. So its copy resolves the same on every run, unless it reads
            // what happened in the run.
            guard flow.parameters.isEmpty, !reading[f] else { return nil }
            return flow.states.indices.map { s in
                let frame = Frame(flow: FlowID(f), state: StateID(s), permissions: [:], texts: [:])
                let state = flow.states[s]
                var copy = StateCopy(
                    effects: state.effects.map { interpreter.event($0, in: frame) }, alert: nil,
                    buttonEvents: [], eventsWithButton: [])
                if case .alert(let alert) = state.terminator {
                    copy.alert = interpreter.presentation(of: alert, in: frame)
                    copy.buttonEvents = alert.buttons.map { $0.track.map { interpreter.event($0, in: frame) } }
                    copy.eventsWithButton = copy.buttonEvents.map { [effects = copy.effects] in
                        $0.map { effects + [$0] }
                    }
                }
                return copy
            }
        }
    }
}
