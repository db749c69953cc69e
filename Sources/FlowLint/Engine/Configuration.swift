import FlowEncoding
import FlowSyntax
import Foundation

/// Per-project settings: rule severities (or off) and paths to skip.
///
/// Any ID of `DiagnosticRegistry.flowlint` can be named, by ID or name, but only as far as its
/// `SeverityPolicy` allows: lint rules and checker warnings take any severity or off; an error
/// that would crash the app on iOS can be lowered but not turned off; syntax and checking errors
/// (the flow does not load) and flowrun's IDs cannot be configured. Each refusal says why.
///
/// Two spellings, both small enough to parse by hand or with JSONSerialization:
///
///     # .flowlint
///     FL1302 = off
///     missing-translation = error
///     exclude = flows/drafts/
///
///     // flowlint.json
///     { "rules": { "FL1302": "off" }, "exclude": ["flows/drafts/"] }
public struct LintConfiguration: Hashable, Sendable {
    /// ID → severity; nil turns it off.
    public var severities: [DiagnosticID: Severity?]
    /// Path patterns: a trailing `/` means a directory prefix, `*` matches any run of characters.
    public var excluded: [String]
    /// Steering button label → the neutral label the team chose for it (`neutral-label = Allow
    /// -> Continue`; JSON `"neutralLabels": { "Allow": "Continue" }`): FL1301's fix, which
    /// `flowlint --fix` applies. Only labels listed here are ever rewritten.
    public var neutralLabels: [String: String]
    /// The app the flows run in (`info-plist = App/Info.plist`, `xcode-project = App.xcodeproj`,
    /// `target = App`, ...; JSON `"app": { "infoPlist": ... }`), relative to the configuration's
    /// directory: every tool that reads the configuration checks the same app.
    public var app = AppInputOptions()
    /// Most findings shown per file (`max-findings-per-file = 0`: all of them; JSON
    /// `"maxFindingsPerFile": 0`); nil: the linter's default.
    public var maxFindingsPerFile: Int?

    public init(
        severities: [DiagnosticID: Severity?] = [:], excluded: [String] = [], neutralLabels: [String: String] = [:],
        maxFindingsPerFile: Int? = nil
    ) {
        self.severities = severities
        self.excluded = excluded
        self.neutralLabels = neutralLabels
        self.maxFindingsPerFile = maxFindingsPerFile
    }

    /// A configuration problem, with the line it is on.
    public struct ParseError: Error, Hashable, Sendable {
        public var message: String
    }

    /// The severity `rule` runs with, or nil when it is off.
    public func severity(of rule: Rule) -> Severity? {
        // An opt-in rule runs only when the configuration names it.
        if !rule.enabledByDefault, severities[rule.id] == nil { return nil }
        return severity(of: rule.id, default: rule.defaultSeverity)
    }

    /// The severity a diagnostic with `id` is reported with, or nil when it is off.
    public func severity(of id: DiagnosticID, default severity: Severity) -> Severity? {
        if let s = severities[id] { return s }
        return severity
    }

    /// Whether `path` (as given on the command line or found in a directory) is skipped.
    public func excludes(_ path: String) -> Bool {
        var p = path
        while p.hasPrefix("./") { p.removeFirst(2) }
        return excluded.contains { pattern in
            var pat = pattern
            while pat.hasPrefix("./") { pat.removeFirst(2) }
            if pat.hasSuffix("/") { return p.hasPrefix(pat) || p.contains("/" + pat) }
            return Self.glob(pat, p) || Self.glob(pat, String(p.split(separator: "/").last ?? ""))
        }
    }

    static func glob(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern)
        let t = Array(text)
        var i = 0
        var j = 0
        var star = -1
        var mark = 0
        while j < t.count {
            if i < p.count, p[i] == t[j] {
                i += 1
                j += 1
            } else if i < p.count, p[i] == "*" {
                star = i
                mark = j
                i += 1
            } else if star >= 0 {
                i = star + 1
                mark += 1
                j = mark
            } else {
                return false
            }
        }
        while i < p.count, p[i] == "*" { i += 1 }
        return i == p.count
    }

    static func parseSeverity(_ s: String) -> Severity?? {
        switch s.lowercased() {
        case "off", "none", "disabled": .some(nil)
        case "note", "info": .some(.note)
        case "warning", "warn": .some(.warning)
        case "error": .some(.error)
        default: nil
        }
    }

    /// Parses the `key = value` format (`#` comments, blank lines ignored).
    /// `registry` holds the IDs that may be named (the command line passes every ID, so that a
    /// flowrun ID gets "reported by flowrun" rather than "unknown").
    public static func parse(lines text: String, path: String, registry: DiagnosticRegistry = .flowlint)
        throws(ParseError) -> LintConfiguration
    {
        var config = LintConfiguration()
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(raw)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            guard let eq = trimmed.firstIndex(of: "=") else {
                throw ParseError(message: "\(path):\(n + 1): expected 'RULE = severity' or 'exclude = PATH'")
            }
            let key = trimmed[..<eq].trimmingCharacters(in: .whitespaces)
            let value = trimmed[trimmed.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            try config.apply(key: key, value: value, where: "\(path):\(n + 1)", registry: registry)
        }
        return config
    }

    /// Parses the JSON format. Every error has the line and column it is at; duplicate keys are
    /// errors.
    public static func parse(json data: Data, path: String, registry: DiagnosticRegistry = .flowlint) throws(ParseError)
        -> LintConfiguration
    {
        let bytes = [UInt8](data)
        let root: LocatedJSON.Value
        do {
            root = try LocatedJSON.parse(bytes)
        } catch {
            throw ParseError(message: "\(path):\(error.line):\(error.column): \(error.message)")
        }
        func at(_ offset: Int) -> String {
            let (line, column) = LocatedJSON.position(of: offset, in: bytes)
            return "\(path):\(line):\(column)"
        }
        guard case .object(let members) = root else {
            throw ParseError(message: "\(at(0)): expected a JSON object ({ \"rules\": ..., \"exclude\": [...] })")
        }
        var config = LintConfiguration()
        for member in members {
            switch member.key {
            case "rules":
                guard case .object(let rules) = member.value else {
                    throw ParseError(message: "\(at(member.offset)): 'rules' must be an object")
                }
                for rule in rules {
                    guard case .string(let s) = rule.value else {
                        throw ParseError(message: "\(at(rule.offset)): severity of '\(rule.key)' must be a string")
                    }
                    try config.apply(key: rule.key, value: s, where: at(rule.offset), registry: registry)
                }
            case "exclude":
                guard case .array(let items) = member.value else {
                    throw ParseError(message: "\(at(member.offset)): 'exclude' must be an array of strings")
                }
                for item in items {
                    guard case .string(let pattern) = item else {
                        throw ParseError(message: "\(at(member.offset)): 'exclude' must be an array of strings")
                    }
                    config.excluded.append(pattern)
                }
            case "neutralLabels":
                guard case .object(let labels) = member.value else {
                    throw ParseError(
                        message:
                            "\(at(member.offset)): 'neutralLabels' must be an object of strings (\"Allow\": \"Continue\")"
                    )
                }
                for label in labels {
                    guard case .string(let neutral) = label.value else {
                        throw ParseError(
                            message: "\(at(label.offset)): the neutral label for '\(label.key)' must be a string")
                    }
                    try config.addNeutralLabel(label.key, neutral, where: at(label.offset))
                }
            case "app":
                try config.parseApp(member.value, at: at, offset: member.offset)
            case "maxFindingsPerFile":
                guard case .number(let n) = member.value, n >= 0, n == n.rounded(), n <= Double(Int32.max) else {
                    throw ParseError(
                        message:
                            "\(at(member.offset)): 'maxFindingsPerFile' must be a whole number, 0 or more (0: show every finding)"
                    )
                }
                config.maxFindingsPerFile = Int(n)
            default:
                throw ParseError(
                    message:
                        "\(at(member.offset)): unknown key '\(member.key)' (expected 'rules', 'exclude', 'neutralLabels', 'maxFindingsPerFile' or 'app')"
                )
            }
        }
        return config
    }

    private mutating func apply(key: String, value: String, where location: String, registry: DiagnosticRegistry)
        throws(ParseError)
    {
        if try app.set(key, value, where: location) { return }
        if key == "exclude" {
            excluded.append(value)
            return
        }
        if key == "max-findings-per-file" {
            guard value.allSatisfy(\.isASCII), let n = Int(value), n >= 0 else {
                throw ParseError(
                    message:
                        "\(location): 'max-findings-per-file' needs a whole number, 0 or more (0: show every finding)")
            }
            maxFindingsPerFile = n
            return
        }
        if key == "neutral-label" {
            guard let arrow = value.range(of: "->") else {
                throw ParseError(message: "\(location): expected 'neutral-label = STEERING LABEL -> NEUTRAL LABEL'")
            }
            try addNeutralLabel(
                value[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces),
                value[arrow.upperBound...].trimmingCharacters(in: .whitespaces), where: location)
            return
        }
        guard let entry = registry.entry(key) else {
            let hint = registry.suggestion(for: key)
            throw ParseError(
                message: "\(location): unknown rule '\(key)'" + (hint.map { "; did you mean '\($0)'?" } ?? ""))
        }
        guard let severity = Self.parseSeverity(value) else {
            throw ParseError(message: "\(location): unknown severity '\(value)' (expected off, note, warning or error)")
        }
        let named = "\(entry.id) (\(entry.name))"
        switch entry.policy {
        case .adjustable:
            break
        case .notOff(let because):
            if severity == nil {
                throw ParseError(
                    message:
                        "\(location): \(named) cannot be turned off: \(because); set it to 'warning' to report it without failing"
                )
            }
        case .fixed(let because):
            // Restating the default is harmless; anything else would be a promise the tools cannot keep.
            if severity != entry.defaultSeverity {
                throw ParseError(message: "\(location): the severity of \(named) cannot be changed: \(because)")
            }
        }
        severities[entry.id] = severity
    }

    /// flowlint.json's `app` object: strings, and arrays of strings for the repeatable keys.
    private mutating func parseApp(_ value: LocatedJSON.Value, at: (Int) -> String, offset: Int) throws(ParseError) {
        let expected = AppInputOptions.keys.map { "'\($0.json)'" }.joined(separator: ", ")
        guard case .object(let members) = value else {
            throw ParseError(message: "\(at(offset)): 'app' must be an object with \(expected)")
        }
        for member in members {
            let values: [String]
            switch member.value {
            case .string(let s): values = [s]
            case .array(let items):
                var strings: [String] = []
                for item in items {
                    guard case .string(let s) = item else {
                        throw ParseError(
                            message: "\(at(member.offset)): '\(member.key)' must be a string or an array of strings")
                    }
                    strings.append(s)
                }
                values = strings
            default:
                throw ParseError(
                    message: "\(at(member.offset)): '\(member.key)' must be a string or an array of strings")
            }
            guard AppInputOptions.keys.contains(where: { $0.json == member.key }) else {
                throw ParseError(
                    message: "\(at(member.offset)): unknown key '\(member.key)' in 'app' (expected \(expected))")
            }
            for v in values { _ = try app.set(member.key, v, where: at(member.offset)) }
        }
    }

    mutating func addNeutralLabel(_ steering: String, _ neutral: String, where location: String) throws(ParseError) {
        guard !steering.isEmpty, !neutral.isEmpty else {
            throw ParseError(message: "\(location): a neutral label maps a non-empty label to a non-empty label")
        }
        if let earlier = neutralLabels[steering], earlier != neutral {
            throw ParseError(message: "\(location): '\(steering)' already has the neutral label '\(earlier)'")
        }
        neutralLabels[steering] = neutral
    }
}
