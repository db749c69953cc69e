import FlowArguments
import FlowModel
import FlowRuntime
import FlowSyntax

/// What the scripted flags of `flowrun` say about the device and the user, checked against the
/// permission catalog so a misspelling is a usage error before anything runs.
public struct RunScript: Hashable, Sendable {
    /// `--status`, `--capability`, `--inactive`: the device before the run.
    public var configuration = SimulatedDevice.Configuration()
    /// `--tap`, `--answer`, `--settings`: what the user does, consumed in order.
    public var script = Script()
    /// `--handling` (or a scenario's `handling` lines): outcomes the app handles itself.
    public var handling: [String] = []
    /// `--shown` and `--relaunch-after` (or a scenario's `shown` and `after` lines).
    public var limits = LimitScript()

    public init() {}

    /// Whether any user input was scripted.
    public var scriptsInput: Bool {
        !script.taps.isEmpty || !script.answers.isEmpty || !script.settingsVisits.isEmpty
            || !script.criticalAlertsAnswers.isEmpty
    }

    /// Reads the scripted flags of a parsed `flowrun` command line:
    /// `--status camera=denied`, `--capability camera=absent`, `--tap "Continue"`,
    /// `--answer camera="Allow"` or `--answer camera=denied` (`contacts="Continue > Allow Full Access"`:
    /// a button per screen of a prompt with several), `--settings photos=authorized,camera=denied`
    /// (one value per Settings visit, `none` for a visit that changes nothing, `relaunch` as a
    /// part for a visit after which iOS relaunches the app), `--relaunch` (every Settings visit
    /// lasts until iOS ends the app's session; alone, one such visit that changes nothing),
    /// `--inactive`, `--tracking-requests off`.
    public init(_ arguments: ParsedArguments) throws(ArgumentError) {
        limits = try Self.limitScript(arguments)
        for value in arguments.values("status") {
            let (kind, name) = try Self.kindAndValue(value, option: "status")
            configuration.statuses[kind] = try Self.status(name, of: kind, in: "--status \(value)")
        }
        for value in arguments.values("capability") {
            let (capability, present) = try Self.capability(value)
            configuration.capabilities[capability] = present
        }
        configuration.appActive = !arguments.flag("inactive")
        if let value = arguments.value("tracking-requests") {
            switch value {
            case "on": configuration.trackingRequestsAllowed = true
            case "off": configuration.trackingRequestsAllowed = false
            default: throw ArgumentError("'--tracking-requests' is 'on' or 'off', not '\(value)'")
            }
        }
        configuration.criticalAlertsEntitled = arguments.flag("critical-alerts")
        let relaunchEveryVisit = arguments.flag("relaunch")
        script.taps = arguments.values("tap").map { Scripted($0) }
        for value in arguments.values("answer") {
            // The critical-alerts prompt (`--answer criticalAlerts=Allow`), not a kind of its own.
            if value.hasPrefix("criticalAlerts=") {
                script.criticalAlertsAnswers.append(Scripted(try Self.criticalAlertsAnswer(value)))
                continue
            }
            let (kind, text) = try Self.kindAndValue(value, option: "answer")
            script.answers[kind, default: []].append(Scripted(try Self.answer(text, of: kind, in: value)))
        }
        for value in arguments.values("settings") {
            if value == "none" {
                script.settingsVisits.append(Scripted(SettingsActions(relaunch: relaunchEveryVisit)))
                continue
            }
            script.settingsVisits.append(Scripted(try Self.settingsVisit(value, relaunch: relaunchEveryVisit)))
        }
        // `--relaunch` alone is one visit that changes nothing and outlasts the app's session.
        if relaunchEveryVisit, script.settingsVisits.isEmpty {
            script.settingsVisits.append(Scripted(SettingsActions(relaunch: true)))
        }
    }

    // MARK: - Value parsing

    /// `--capability camera=absent`: the capability and whether it is present.
    static func capability(_ value: String) throws(ArgumentError) -> (Capability, Bool) {
        let (nameText, state) = try split(value, option: "capability")
        guard let capability = Capability(rawValue: nameText) else {
            throw ArgumentError(
                unknown(
                    "capability", nameText, in: Capability.allCases.map(\.rawValue),
                    option: "--capability \(value)"))
        }
        let arms = capability.armNames
        switch state {
        case arms.yes: return (capability, true)
        case arms.no: return (capability, false)
        default:
            throw ArgumentError("capability '\(nameText)' is '\(arms.yes)' or '\(arms.no)', not '\(state)'")
        }
    }

    /// The text after `--answer kind=`: a status, a button, or a button per screen of a prompt
    /// with several (`contacts="Continue > Allow Full Access"`).
    static func answer(_ text: String, of kind: PermissionKind, in value: String) throws(ArgumentError) -> PromptChoice
    {
        let buttons = text.split(separator: ">").map { String($0).trimmingSpaces }
        if Status(rawValue: text) != nil {
            return .status(try Self.status(text, of: kind, in: "--answer \(value)"))
        } else if buttons.count > 1 {
            guard !buttons.contains(where: \.isEmpty) else {
                throw ArgumentError("an empty button between '>' in '--answer \(value)'")
            }
            return .path(buttons)
        }
        return .label(text)
    }

    /// One `--settings` value other than `none`: the changes of one Settings visit.
    static func settingsVisit(_ value: String, relaunch relaunchEveryVisit: Bool) throws(ArgumentError)
        -> SettingsActions
    {
        var visit = SettingsActions(relaunch: relaunchEveryVisit)
        for part in value.split(separator: ",", omittingEmptySubsequences: true) {
            if part == "relaunch" {
                visit.relaunch = true
                continue
            }
            // The Critical Alerts switch of the notification settings (not a kind of its own).
            if part.hasPrefix("criticalAlerts=") {
                switch part.dropFirst("criticalAlerts=".count) {
                case "on", "authorized": visit.criticalAlerts = .authorized
                case "off", "denied": visit.criticalAlerts = .denied
                default:
                    throw ArgumentError(
                        "the Critical Alerts switch is on or off, not '\(part.dropFirst("criticalAlerts=".count))', in '--settings \(value)'"
                    )
                }
                continue
            }
            let (kind, name) = try kindAndValue(String(part), option: "settings")
            // The words Settings shows ("On", "Never", "Full Access"), as at the terminal, or a status.
            let status: Status
            if let named = kind.settingsStatus(named: name) {
                status = named
            } else {
                status = try Self.status(name, of: kind, in: "--settings \(value)")
            }
            let change = SettingsChange(kind, status)
            if let problem = SimulatedDevice.problem(with: change) { throw ArgumentError(problem) }
            visit.changes.append(change)
        }
        return visit
    }

    /// `criticalAlerts="Allow"` or `criticalAlerts=authorized`: a critical-alerts prompt answer.
    static func criticalAlertsAnswer(_ value: String) throws(ArgumentError) -> PromptChoice {
        let (_, text) = try split(value, option: "answer")
        let answers = CriticalAlerts.promptAnswers
        if let a = answers.first(where: { $0.label == text }) { return .label(a.label) }
        if let a = answers.first(where: { $0.result.rawValue == text }) { return .status(a.result) }
        throw ArgumentError(
            "the critical-alerts prompt has no answer '\(text)' in '--answer \(value)'; its buttons are "
                + answers.map { "\"\($0.label)\" (\($0.result.rawValue))" }.joined(separator: ", "))
    }

    static func split(_ value: String, option: String) throws(ArgumentError) -> (String, String) {
        guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
            throw ArgumentError("expected NAME=VALUE in '--\(option) \(value)'")
        }
        var rhs = String(value[value.index(after: equals)...])
        if rhs.count >= 2, rhs.first == "\"", rhs.last == "\"" { rhs = String(rhs.dropFirst().dropLast()) }
        return (String(value[..<equals]), rhs)
    }

    static func kindAndValue(_ value: String, option: String) throws(ArgumentError) -> (PermissionKind, String) {
        let (name, rhs) = try split(value, option: option)
        guard let kind = PermissionKind(rawValue: name) else {
            throw ArgumentError(
                unknown(
                    "permission", name, in: PermissionKind.allCases.map(\.rawValue),
                    option: "--\(option) \(value)"))
        }
        return (kind, rhs)
    }

    static func status(_ name: String, of kind: PermissionKind, in written: String) throws(ArgumentError) -> Status {
        if let status = Status(rawValue: name), kind.statuses.contains(status) { return status }
        let names = kind.statuses.map(\.rawValue)
        // A status of another kind with the same class is the likeliest intent (`authorized` on
        // the microphone means `granted`).
        let sameClass = Status(rawValue: name).flatMap { other in
            kind.statuses.first { $0.statusClass == other.statusClass }?.rawValue
        }
        var message = "'\(name)' is not a \(kind.rawValue) status in '\(written)'"
        if let close = sameClass ?? Suggestion.closest(to: name, in: names) {
            message += "; did you mean '\(close)'?"
        } else {
            message += "; use one of \(names.joined(separator: ", "))"
        }
        throw ArgumentError(message)
    }

    static func unknown(_ what: String, _ name: String, in candidates: [String], option: String) -> String {
        var message = "unknown \(what) '\(name)' in '\(option)'"
        if let close = Suggestion.closest(to: name, in: candidates) { message += "; did you mean '\(close)'?" }
        return message
    }
}

extension RunScript {
    /// `--shown STATE=TIMES@DAYS_AGO` (`prime=2@3`: shown twice, last 3 days ago; `prime=2`:
    /// last today) and `--relaunch-after DAYS` (the flow runs again on the same install).
    static func limitScript(_ arguments: ParsedArguments) throws(ArgumentError) -> LimitScript {
        var script = LimitScript()
        for value in arguments.values("shown") {
            let (state, rhs) = try split(value, option: "shown")
            let parts = rhs.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count <= 2, let times = Int(parts[0]), times >= 0,
                let days = parts.count == 2 ? Int(parts[1]) : 0, days >= 0
            else {
                throw ArgumentError(
                    "expected STATE=TIMES@DAYS_AGO in '--shown \(value)', e.g. prime=2@3 (twice, last 3 days ago)")
            }
            guard !script.shown.contains(where: { $0.state == state }) else {
                throw ArgumentError("'--shown' sets state '\(state)' twice")
            }
            script.shown.append(LimitScript.Shown(state: state, times: times, daysAgo: days))
        }
        for value in arguments.values("relaunch-after") {
            guard let days = Int(value), days >= 0 else {
                throw ArgumentError("'--relaunch-after \(value)' is not a number of days (0 or more)")
            }
            script.relaunchesAfterDays.append(days)
        }
        return script
    }
}
