import FlowModel
import FlowSyntax

/// The person holding a `SimulatedDevice`: answers alerts, system prompts and Settings visits.
/// `ScriptedUser` answers from a script (flags, scenario files); `flowrun`'s terminal device asks
/// a real person. Throw `InputNeeded` when there is no answer.
public protocol SimulatedUser: Sendable {
    /// The index of the button tapped in `alert`.
    func tap(_ alert: AlertPresentation) async throws -> Int
    /// The index into `answers` of the prompt button chosen (the device already decided that iOS
    /// shows this prompt).
    func answer(_ kind: PermissionKind, options: [RequestOption], answers: [PromptAnswer]) async throws -> Int
    /// What the user does on a Settings page. `switches` are what the page shows (the kinds the
    /// app has requested, or notifications alone for `notificationSettings`), each with the
    /// choices iOS offers; the device rejects any other change.
    func changeSettings(_ page: SettingsPage, switches: [SettingsSwitch]) async throws -> SettingsActions
}

/// A scripted answer with the place it was written (a scenario line or a flag), so errors about
/// it point there.
public struct Scripted<Value: Hashable & Sendable>: Hashable, Sendable {
    public var value: Value
    public var location: SourceRange?
    public init(_ value: Value, at location: SourceRange? = nil) {
        self.value = value
        self.location = location
    }
}

/// How a script answers a system prompt: by the button's iOS label, by the buttons tapped on
/// each screen of a prompt with several (contacts on iOS 18: `["Continue", "Allow Full
/// Access"]`; buttons in order, enough of them to name one answer), or by the status it leaves.
/// A single label names the answer it ends, or the one answer it leads to.
public enum PromptChoice: Hashable, Sendable {
    case label(String)
    case path([String])
    case status(Status)

    /// The choice as written in a scenario or a message: `"Continue" "Allow Full Access"`.
    public var text: String {
        switch self {
        case .label(let l): "\"\(l)\""
        case .path(let p): p.map { "\"\($0)\"" }.joined(separator: " ")
        case .status(let s): s.rawValue
        }
    }
}

/// What a scripted user does, in order: alert taps by button label (as shown, in the run's
/// locale), prompt answers per kind, and one entry per Settings visit (empty: no change).
public struct Script: Hashable, Sendable {
    public var taps: [Scripted<String>]
    public var answers: [PermissionKind: [Scripted<PromptChoice>]]
    public var settingsVisits: [Scripted<SettingsActions>]
    /// Answers for the critical-alerts prompt (`answer criticalAlerts "Allow"`), in order. While
    /// empty, that prompt takes the next notifications answer (`--answer notifications=...`).
    public var criticalAlertsAnswers: [Scripted<PromptChoice>]
    public init(
        taps: [Scripted<String>] = [], answers: [PermissionKind: [Scripted<PromptChoice>]] = [:],
        settingsVisits: [Scripted<SettingsActions>] = [], criticalAlertsAnswers: [Scripted<PromptChoice>] = []
    ) {
        self.taps = taps
        self.answers = answers
        self.settingsVisits = settingsVisits
        self.criticalAlertsAnswers = criticalAlertsAnswers
    }
}

/// A scripted answer that does not fit what was asked (an unknown button label, a prompt answer
/// iOS does not offer). Carries the script location so the error points at the scenario line.
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong ("no button \"Allow\" in alert 'Camera'").
    public var problem: String
    /// What is available instead ("its buttons are \"Continue\", \"Not Now\""), if anything.
    public var hint: String?
    public var location: SourceRange?
    /// The scenario diagnostic ID: FL2012 (tap), FL2006 (prompt answer), FL2005 (Settings change).
    public var id: DiagnosticID
    public init(_ problem: String, hint: String? = nil, at location: SourceRange?, id: DiagnosticID = .unknownButton) {
        self.problem = problem
        self.hint = hint
        self.location = location
        self.id = id
    }
    /// Problem and hint as one message.
    public var message: String { hint.map { "\(problem); \($0)" } ?? problem }
    public var description: String { message }
}

/// A user that answers from a `Script`, consuming each answer once, and throws `InputNeeded`
/// when the script has nothing left for what is asked.
public actor ScriptedUser: SimulatedUser {
    private var script: Script
    /// The last script error thrown, kept so a runner can point at the script line.
    public private(set) var lastError: ScriptError?

    public init(_ script: Script) { self.script = script }

    /// What the script still holds (unused answers), e.g. to warn about leftovers.
    public var remaining: Script { script }

    public func tap(_ alert: AlertPresentation) async throws -> Int {
        guard !script.taps.isEmpty else { throw InputNeeded(.alert(alert)) }
        let tap = script.taps.removeFirst()
        if let i = ButtonLabel.index(of: tap.value, in: alert.labels) { return i }
        let title = alert.title.map { "\(alert.noun) '\($0)'" } ?? "the \(alert.noun)"
        var hint = "its buttons are " + alert.labels.map { "\"\($0)\"" }.joined(separator: ", ")
        if let s = Suggestion.closest(to: tap.value, in: alert.labels) { hint += "; did you mean \"\(s)\"?" }
        throw fail(ScriptError("no button \"\(tap.value)\" in \(title)", hint: hint, at: tap.location))
    }

    public func answer(_ kind: PermissionKind, options: [RequestOption], answers: [PromptAnswer]) async throws -> Int {
        let critical = kind == .notifications && options == [.criticalAlert]
        let answer: Scripted<PromptChoice>
        if critical, !script.criticalAlertsAnswers.isEmpty {
            answer = script.criticalAlertsAnswers.removeFirst()
        } else {
            guard var queue = script.answers[kind], !queue.isEmpty else {
                throw InputNeeded(.prompt(kind, options: options, answers: answers))
            }
            answer = queue.removeFirst()
            script.answers[kind] = queue
        }
        var named: [Int] = []
        switch answer.value {
        case .label(let label):
            if let i = ButtonLabel.index(of: label, in: answers.map(\.label)) { return i }
            named = ButtonLabel.answers(named: [label], in: answers)
        case .path(let buttons): named = ButtonLabel.answers(named: buttons, in: answers)
        case .status(let status): if let i = answers.firstIndex(where: { $0.result == status }) { return i }
        }
        if named.count == 1 { return named[0] }
        let what =
            switch answer.value {
            case .label, .path: answer.value.text
            case .status(let s): "'\(s.rawValue)'"
            }
        let offered = answers.map { "\(ButtonLabel.describe($0)) (\($0.result.rawValue))" }.joined(separator: ", ")
        let prompt = critical ? "critical-alerts" : kind.rawValue
        let problem =
            named.isEmpty
            ? "the \(prompt) prompt offers no answer \(what)"
            : "\(what) leads to more than one answer of the \(prompt) prompt; name the next screen's button too"
        throw fail(
            ScriptError(problem, hint: "it offers \(offered)", at: answer.location, id: .impossiblePromptAnswer))
    }

    public func changeSettings(_ page: SettingsPage, switches: [SettingsSwitch]) async throws -> SettingsActions {
        guard !script.settingsVisits.isEmpty else { throw InputNeeded(.settings(page)) }
        let visit = script.settingsVisits.removeFirst()
        if let critical = visit.value.criticalAlerts,
            let problem = SimulatedDevice.problem(withCriticalAlerts: critical, switches: switches)
        {
            throw fail(ScriptError(problem, at: visit.location, id: .impossibleSettingsChange))
        }
        for change in visit.value.changes {
            if let problem = SimulatedDevice.problem(with: change, page: page, switches: switches) {
                throw fail(ScriptError(problem, at: visit.location, id: .impossibleSettingsChange))
            }
        }
        return visit.value
    }

    private func fail(_ error: ScriptError) -> ScriptError {
        lastError = error
        return error
    }
}
