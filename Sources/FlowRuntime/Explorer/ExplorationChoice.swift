import FlowModel

/// Something a flow does not control, decided one way on an explored path.
public enum ExplorationChoice: Hashable, Sendable {
    /// The status a permission had before the run (chosen when the flow first reads or requests it).
    case status(PermissionKind, Status)
    /// Whether the device has the capability (or Location Services is on).
    case capability(Capability, Bool)
    /// Whether the app was in the foreground (false: in the background). The explorer does not
    /// choose it (flows run in the foreground); a storyboard of a configured run shows it.
    case appActive(Bool)
    /// The alert button tapped.
    case tap(label: String, index: Int)
    /// The system prompt answer chosen.
    case answer(PermissionKind, PromptAnswer)
    /// The critical-alerts prompt's answer (after an entitled app's `notifications(criticalAlert)`).
    case criticalAlertsAnswer(PromptAnswer)
    /// What the user did in Settings (no change, or one). Changing a privacy switch terminates
    /// the app; a visit that ends with `relaunch` relaunches it without one.
    case settings(SettingsActions)
    /// A limited state's side (Grammar.md, "`limit`"): due (`refusal` nil), or not now and why.
    case limit(flow: String, state: String, refusal: Limit.Refusal?)
    /// The install's variant of an experiment (fixed for the whole run, decided before it starts).
    case variant(experiment: String, variant: String)

    /// Whether this is the user answering something (a tap, a prompt answer, a Settings visit).
    public var isUserInput: Bool {
        switch self {
        case .tap, .answer, .criticalAlertsAnswer, .settings: true
        case .status, .capability, .appActive, .limit, .variant: false
        }
    }

    /// The choice as a scenario line (Scenarios.md).
    public var scenarioLine: String {
        switch self {
        case .status(let k, let s): "status \(k.rawValue) = \(s.rawValue)"
        case .capability(let c, let yes): "capability \(c.rawValue) = \(yes ? c.armNames.yes : c.armNames.no)"
        case .appActive(let active): active ? "active" : "inactive"
        case .tap(let label, _): "tap \(quoted(label))"
        case .answer(let k, let a): "answer \(k.rawValue) " + a.path.map(quoted).joined(separator: " ")
        case .criticalAlertsAnswer(let a): "answer criticalAlerts \(quoted(a.label))"
        // The history that takes this side on the state's first entry (a scenario's `shown` line).
        case .limit(_, let state, nil): "shown \(state) 0"
        case .limit(_, let state, .usedUp(let shown, _)?): "shown \(state) \(shown) 0"
        case .limit(_, let state, .tooSoon(let days, _)?): "shown \(state) 1 \(days)"
        case .settings(let visit):
            visit.changes.isEmpty && visit.criticalAlerts == nil
                ? (visit.relaunch ? "relaunch" : "settings none")
                : "settings "
                    + (visit.changes.map { "\($0.kind.rawValue) = \($0.status.rawValue)" }
                    + (visit.criticalAlerts.map { ["criticalAlerts = " + ($0 == .authorized ? "on" : "off")] } ?? []))
                    .joined(separator: ", ") + (visit.relaunch ? ", relaunch" : "")
        case .variant(let experiment, let variant): "variant \(experiment) = \(variant)"
        }
    }
}

/// A string in scenario syntax.
func quoted(_ s: String) -> String {
    var out = "\""
    for c in s {
        switch c {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        default: out.append(c)
        }
    }
    return out + "\""
}

/// Thrown by the exploring device when it reaches a decision it has not been given.
struct ChoicePoint: Error {
    var options: [ExplorationChoice]
}

/// The user of an exploring `SimulatedDevice`: replays the decisions it is given for the current
/// step and throws `ChoicePoint` (with every option) at the first one it lacks.
actor ChoosingUser: SimulatedUser {
    private var pending: [ExplorationChoice] = []

    func replay(_ decisions: [ExplorationChoice]) { pending = decisions }
    var unused: Int { pending.count }

    private func decide<T>(_ options: [ExplorationChoice], _ match: (ExplorationChoice) -> T?) throws -> T {
        guard !pending.isEmpty else { throw ChoicePoint(options: options) }
        let decision = pending.removeFirst()
        guard let value = match(decision) else {
            preconditionFailure("replayed \(decision) where one of \(options) was asked: the step is not deterministic")
        }
        return value
    }

    func initialStatus(of kind: PermissionKind) throws -> Status {
        try decide(kind.statuses.map { .status(kind, $0) }) {
            if case .status(kind, let s) = $0 { s } else { nil }
        }
    }

    func capability(_ c: Capability) throws -> Bool {
        try decide([.capability(c, true), .capability(c, false)]) {
            if case .capability(c, let v) = $0 { v } else { nil }
        }
    }

    func tap(_ alert: AlertPresentation) throws -> Int {
        try decide(alert.buttons.indices.map { .tap(label: alert.buttons[$0].label, index: $0) }) {
            if case .tap(_, let i) = $0 { i } else { nil }
        }
    }

    func answer(_ kind: PermissionKind, options: [RequestOption], answers: [PromptAnswer]) throws -> Int {
        if kind == .notifications, options == [.criticalAlert] {
            return try decide(answers.map { .criticalAlertsAnswer($0) }) {
                if case .criticalAlertsAnswer(let a) = $0 { answers.firstIndex(of: a) } else { nil }
            }
        }
        return try decide(answers.map { .answer(kind, $0) }) {
            if case .answer(kind, let a) = $0 { answers.firstIndex(of: a) } else { nil }
        }
    }

    /// No change, or one change of one shown switch to another status Settings offers there;
    /// and, while an "Allow Once" grant is held, staying away until iOS ends the session.
    func changeSettings(_ page: SettingsPage, switches: [SettingsSwitch], holdsTemporaryGrant: Bool) throws
        -> SettingsActions
    {
        var options: [ExplorationChoice] = [.settings([])]
        if holdsTemporaryGrant { options.append(.settings(SettingsActions(relaunch: true))) }
        for shown in switches.sorted(by: { $0.kind.rawValue < $1.kind.rawValue }) {
            for choice in shown.choices where choice != shown.status {
                options.append(.settings([SettingsChange(shown.kind, choice)]))
            }
            // The Critical Alerts switch below the notifications switch, flipped.
            if let critical = shown.criticalAlerts {
                options.append(
                    .settings(SettingsActions(criticalAlerts: critical == .authorized ? .denied : .authorized)))
            }
        }
        return try decide(options) {
            if case .settings(let visit) = $0 { visit } else { nil }
        }
    }

    func changeSettings(_ page: SettingsPage, switches: [SettingsSwitch]) throws -> SettingsActions {
        try changeSettings(page, switches: switches, holdsTemporaryGrant: false)
    }
}
