import FlowModel
import FlowSyntax

/// A value for a flow parameter when a run starts (`permission` or `text` parameters).
public enum RunArgument: Hashable, Sendable {
    case permission(PermissionKind)
    case text(String)
}

/// Where a step happened: the flow (and how deep in the call stack), the state and the source
/// range of the statement that ends it.
public struct StepContext: Hashable, Sendable {
    /// 0 for the entry flow, 1 for a flow it calls, ...
    public var depth: Int
    public var flow: String
    public var state: String
    /// The terminator's range (the `status`, `request`, `alert`, ... statement).
    public var range: SourceRange
    public init(depth: Int, flow: String, state: String, range: SourceRange) {
        self.depth = depth
        self.flow = flow
        self.state = state
        self.range = range
    }

    /// The state as a path element: `state` in the entry flow, `flow.state` in a subflow.
    public var pathName: String { depth == 0 ? state : "\(flow).\(state)" }
}

/// One step of a run: a state was entered, its events were tracked, its terminator did
/// something (`action`) and the run went on (`next`).
public struct TraceStep: Hashable, Sendable {
    /// What the terminator asked and what came back.
    public enum Action: Hashable, Sendable {
        /// `-> target`.
        case goto
        /// `capability c`: whether the device has it.
        case capability(Capability, available: Bool)
        /// `status`: the kinds read and their statuses, in subject order.
        case status(kinds: [PermissionKind], statuses: [Status])
        /// `request`: what iOS showed (nil prompt: nothing) and the resulting status.
        case request(PermissionKind, options: [RequestOption], result: RequestResult)
        /// `alert`: what was shown and the index of the tapped button.
        case alert(AlertPresentation, tapped: Int)
        /// `open settings`: what the user changed and whether the app was terminated and relaunched
        /// (then the run resumed from its checkpoint).
        case openSettings(SettingsPage, SettingsReturn)
        /// `call`: entering the subflow (its steps follow at `depth + 1`).
        case call(flow: String, arguments: [String: RunArgument])
        /// The subflow called from this state ended with `outcome` (not a new visit of the state).
        case returned(flow: String, outcome: String)
        /// `handoff outcome`: the caller handles `outcome` itself, so the flow ended with it on
        /// reaching this state, without running it (not a visit: no track, no terminator).
        case handedOff(outcome: String)
        /// The run started from a checkpoint saved before the app was terminated.
        case resumed(Checkpoint)
        /// The state's `limit` said not now (why: `refusal`): the flow took the limit's `else`
        /// without running the state (no track, no terminator).
        case limited(Limit.Refusal)
        /// The statement did not complete: the run stopped here (input needed, error, cancelled).
        case incomplete
        /// `variant experiment { ... }`: the run's variant, whose arm was taken.
        case variant(experiment: String, variant: String)
    }

    /// Where the step went.
    public enum Next: Hashable, Sendable {
        case state(String)
        /// The flow at this depth ended with this outcome.
        case outcome(String)
        /// Into the called subflow (its start state).
        case enter(flow: String, state: String)
        /// Nowhere: the run stopped here (error, input needed, cancelled).
        case stopped
    }

    public var context: StepContext
    /// Analytics events fired in this step: the state's `track`s, then a button's `track`.
    public var events: [AnalyticsEvent]
    public var action: Action
    public var next: Next

    public init(context: StepContext, events: [AnalyticsEvent], action: Action, next: Next) {
        self.context = context
        self.events = events
        self.action = action
        self.next = next
    }

    /// Whether this step is a visit of its state (false for the bookkeeping steps `returned`
    /// and `resumed`).
    public var isVisit: Bool {
        switch action {
        case .returned, .resumed, .handedOff: false
        default: true
        }
    }
}

/// An error in a running flow: something the checker cannot rule out (a status no arm matches,
/// a loop without user input) or a failing backend. Always names the state; never a crash.
public struct FlowError: Error, Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// FL2101: a `status` or `request` result that no arm matches.
        case unmatchedStatus
        /// FL2102: a subflow outcome that no arm of the `call` matches.
        case unmatchedOutcome
        /// FL2103: a state ran again past the step limit without user input (a loop).
        case stepLimit
        /// FL2104: the device backend failed or answered out of range.
        case device
        /// FL2105: the saved checkpoint does not fit the program (the flow changed).
        case badCheckpoint
        /// FL2106: the run reached `Interpreter.Options.maxTotalSteps`.
        case totalStepLimit
    }
    public var kind: Kind
    public var message: String
    /// Where it happened (nil only for a checkpoint that names no known state).
    public var context: StepContext?
    public init(kind: Kind, message: String, context: StepContext?) {
        self.kind = kind
        self.message = message
        self.context = context
    }

    /// The stable diagnostic ID.
    public var id: DiagnosticID {
        switch kind {
        case .unmatchedStatus: .unmatchedStatus
        case .unmatchedOutcome: .unmatchedOutcome
        case .stepLimit: .stepLimit
        case .device: .deviceError
        case .badCheckpoint: .badCheckpoint
        case .totalStepLimit: .totalStepLimit
        }
    }

    /// As a diagnostic pointing at the statement, for the one renderer.
    public var diagnostic: Diagnostic {
        .error(id, message, at: context?.range)
    }
}

/// How a run ended.
public enum RunEnd: Hashable, Sendable {
    /// The entry flow finished with this outcome.
    case outcome(String)
    /// The flow failed at run time.
    case error(FlowError)
    /// The backend needed an answer it did not have (a scripted run ran out of script); the run
    /// stopped at `context` instead of waiting.
    case inputNeeded(InputNeeded, at: StepContext)
    /// The task was cancelled.
    case cancelled
}

/// A run's result: how it ended and every step on the way.
public struct RunResult: Hashable, Sendable {
    public var end: RunEnd
    public var trace: [TraceStep]
    /// The runtime's `flow_start` as sent (`RuntimeEvents`), nil when the run resumed from a
    /// checkpoint. Not in `trace`: a step's events are the flow's own `track`s.
    public var flowStart: AnalyticsEvent?
    /// The runtime's `flow_end` as sent, nil unless the run ended with an outcome.
    public var flowEnd: AnalyticsEvent?
    public init(end: RunEnd, trace: [TraceStep], flowStart: AnalyticsEvent? = nil, flowEnd: AnalyticsEvent? = nil) {
        self.end = end
        self.trace = trace
        self.flowStart = flowStart
        self.flowEnd = flowEnd
    }

    /// The outcome, when the flow finished.
    public var outcome: String? {
        if case .outcome(let o) = end { return o }
        return nil
    }

    /// The states visited in order (`StepContext.pathName`: subflow states as `flow.state`).
    public var path: [String] { trace.filter(\.isVisit).map(\.context.pathName) }

    /// Every analytics event the flow's own `track`s fired, in order.
    public var events: [AnalyticsEvent] { trace.flatMap(\.events) }

    /// Every event the backend was sent, in order: `flowStart`, the flow's own, `flowEnd`.
    public var sentEvents: [AnalyticsEvent] {
        (flowStart.map { [$0] } ?? []) + events + (flowEnd.map { [$0] } ?? [])
    }

    /// Whether the app was terminated in Settings and relaunched during the run.
    public var relaunched: Bool {
        trace.contains {
            if case .openSettings(_, let r) = $0.action { return r.terminated }
            return false
        }
    }
}

/// A mistake in how a run was started (not in the flow): thrown by `Interpreter.run`.
public struct RunInvocationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
