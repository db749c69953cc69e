import FlowModel
import FlowSyntax

/// What the scripted flags of `flowrun` say about the device and the user, checked against the
/// permission catalog so a misspelling is a usage error before anything runs.
public struct RunScript: Hashable, Sendable {
    /// How the user answers one system prompt: by its button label or by the status it leaves.
    public enum Answer: Hashable, Sendable {
        case label(String)
        case status(Status)
    }

    /// `--status camera=denied`: initial statuses (others start at `PermissionKind.initialStatus`).
    public var statuses: [PermissionKind: Status] = [:]
    /// `--capability camera=absent`.
    public var capabilities: [Capability: Bool] = [:]
    /// `--tap "Continue"`: alert buttons by label, consumed in order.
    public var taps: [String] = []
    /// `--answer camera="Allow"`: per kind, consumed in order.
    public var answers: [PermissionKind: [Answer]] = [:]
    /// `--settings photos=authorized,camera=denied`: one value per Settings visit, in order
    /// (`--settings none` for a visit that changes nothing).
    public var settingsVisits: [[SettingsChange]] = []
    /// `--inactive`: the app is not active (the tracking prompt is not shown).
    public var inactive = false

    public init() {}

    /// Whether any user input was scripted (then the run never falls back to the terminal).
    public var scriptsInput: Bool { !taps.isEmpty || !answers.isEmpty || !settingsVisits.isEmpty }

    /// Reads the scripted flags of a parsed `flowrun` command line.
    public init(_ arguments: ParsedArguments) throws(ArgumentError) {
        for value in arguments.values("status") {
            let (kind, name) = try Self.kindAndValue(value, option: "status")
            statuses[kind] = try Self.status(name, of: kind, in: "--status \(value)")
        }
        for value in arguments.values("capability") {
            let (nameText, state) = try Self.split(value, option: "capability")
            guard let capability = Capability(rawValue: nameText) else {
                throw ArgumentError(Self.unknown("capability", nameText, in: Capability.allCases.map(\.rawValue),
                                                 option: "--capability \(value)"))
            }
            let arms = capability.armNames
            switch state {
            case arms.yes: capabilities[capability] = true
            case arms.no: capabilities[capability] = false
            default:
                throw ArgumentError("capability '\(nameText)' is '\(arms.yes)' or '\(arms.no)', not '\(state)'")
            }
        }
        taps = arguments.values("tap")
        for value in arguments.values("answer") {
            let (kind, text) = try Self.kindAndValue(value, option: "answer")
            let answer: Answer = Status(rawValue: text).map { .status($0) } ?? .label(text)
            if case .status(let status) = answer, !kind.statuses.contains(status) {
                _ = try Self.status(text, of: kind, in: "--answer \(value)")
            }
            answers[kind, default: []].append(answer)
        }
        for value in arguments.values("settings") {
            if value == "none" {
                settingsVisits.append([])
                continue
            }
            var visit: [SettingsChange] = []
            for part in value.split(separator: ",", omittingEmptySubsequences: true) {
                let (kind, name) = try Self.kindAndValue(String(part), option: "settings")
                let status = try Self.status(name, of: kind, in: "--settings \(value)")
                guard kind.settingsChoices.contains(status) else {
                    let choices = kind.settingsChoices.map(\.rawValue).joined(separator: ", ")
                    throw ArgumentError("Settings cannot set \(kind.rawValue) to '\(name)'; choose one of \(choices)")
                }
                visit.append(SettingsChange(kind, status))
            }
            settingsVisits.append(visit)
        }
        inactive = arguments.flag("inactive")
    }

    // MARK: - Value parsing

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
            throw ArgumentError(unknown("permission", name, in: PermissionKind.allCases.map(\.rawValue),
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
