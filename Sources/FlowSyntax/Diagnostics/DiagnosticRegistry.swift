/// The documentation of one diagnostic ID: what `flowlint --explain` prints, what SARIF lists
/// under `tool.driver.rules`, and what a configuration may do with its severity.
public struct DiagnosticDescription: Sendable {
    public var id: DiagnosticID
    /// A short kebab-case name (`unknown-state`), for people, configurations and SARIF.
    public var name: String
    public var defaultSeverity: Severity
    /// One line, no final period: `--list-rules` and SARIF `shortDescription`.
    public var summary: String
    /// Why it is reported and how to fix it.
    public var explanation: String
    /// A complete example that reports this ID at its `1️⃣` marker (run as a test).
    public var triggering: DiagnosticExample
    /// The same example, fixed: it does not report this ID (run as a test).
    public var clean: DiagnosticExample
    /// What a configuration may do with the severity.
    public var policy: SeverityPolicy

    public init(
        _ id: DiagnosticID, _ name: String, _ severity: Severity, summary: String, explanation: String,
        triggering: DiagnosticExample, clean: DiagnosticExample, policy: SeverityPolicy
    ) {
        self.id = id
        self.name = name
        self.defaultSeverity = severity
        self.summary = summary
        self.explanation = explanation
        self.triggering = triggering
        self.clean = clean
        self.policy = policy
    }

    /// An entry whose clean example is the triggering one with `fix.0` replaced by `fix.1` in its
    /// first file: the smallest edit that makes the diagnostic go away.
    public init(
        _ id: DiagnosticID, _ name: String, _ severity: Severity, summary: String, explanation: String,
        triggering: DiagnosticExample, fix: (String, String), policy: SeverityPolicy
    ) {
        self.init(
            id, name, severity, summary: summary, explanation: explanation, triggering: triggering,
            clean: triggering.replacing(fix.0, with: fix.1), policy: policy)
    }

    /// The text `flowlint --explain ID` prints.
    public var explanationPage: String {
        var out = "\(id) \(name) (default: \(defaultSeverity); \(policy.phrase))\n\(summary)\n\n"
        out += Self.wrapped(explanation, width: 100) + "\n"
        out += "\nTriggers:\n\n" + triggering.rendered
        out += "\nDoes not trigger:\n\n" + clean.rendered
        return String(out.dropLast())
    }

    /// `text` broken into lines of at most `width` characters at spaces.
    static func wrapped(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}

/// What a project configuration may do with an ID's severity.
public enum SeverityPolicy: Hashable, Sendable {
    /// Any severity, or off.
    case adjustable
    /// Any severity, but not off; the reason is given when a configuration tries.
    case notOff(because: String)
    /// Not configurable at all; the reason is given when a configuration tries.
    case fixed(because: String)

    /// How `--explain` describes it.
    public var phrase: String {
        switch self {
        case .adjustable: "configurable"
        case .notOff: "configurable, cannot be turned off"
        case .fixed: "not configurable"
        }
    }
}

/// A small project that shows a diagnostic: the command and the files it reads.
///
/// File text marks the expected position of the diagnostic with `1️⃣` (see `MarkedText`) and may
/// spell bytes that are not text as `⟨FF⟩` (two hex digits), so that invalid UTF-8 or a NUL byte
/// can be shown and written.
public struct DiagnosticExample: Sendable {
    /// As typed in the directory holding `files`, starting with the tool: `flowlint main.flow`.
    public var command: String
    public var files: [File]

    public struct File: Sendable {
        public var path: String
        /// With markers and `⟨XX⟩` byte escapes.
        public var text: String
        public init(_ path: String, _ text: String) {
            self.path = path
            self.text = text
        }

        /// The bytes to write: markers removed, byte escapes decoded.
        public var bytes: [UInt8] {
            let plain = MarkedText(text).text
            var out: [UInt8] = []
            var scalars = Array(plain.unicodeScalars)[...]
            while let s = scalars.first {
                if s == "⟨", scalars.count >= 4, scalars[scalars.startIndex + 3] == "⟩",
                    let byte = UInt8(String(String.UnicodeScalarView(scalars.dropFirst().prefix(2))), radix: 16)
                {
                    out.append(byte)
                    scalars = scalars.dropFirst(4)
                } else {
                    out += Array(String(s).utf8)
                    scalars = scalars.dropFirst()
                }
            }
            return out
        }
    }

    public init(command: String, files: [File]) {
        self.command = command
        self.files = files
    }

    /// `flowlint main.flow` on one file.
    public static func flow(_ text: String) -> DiagnosticExample {
        DiagnosticExample(command: "flowlint main.flow", files: [File("main.flow", text)])
    }

    /// The same example with the first `old` in its first file replaced by `new`, and the
    /// file's markers removed (a clean example marks nothing).
    public func replacing(_ old: String, with new: String) -> DiagnosticExample {
        var copy = self
        let text = Array(MarkedText(copy.files[0].text).text.utf8)
        let needle = Array(old.utf8)
        // A fix that is not in the text leaves the example as it is; the registry tests then see
        // the clean example still report the ID.
        guard let at = text.indices.first(where: { text[$0...].starts(with: needle) }) else { return copy }
        copy.files[0].text = String(
            decoding: text[..<at] + Array(new.utf8) + text[(at + needle.count)...], as: UTF8.self)
        return copy
    }

    /// For `--explain`: the command, then each file indented, markers removed.
    public var rendered: String {
        var out = "    $ \(command)\n"
        for file in files {
            out += "\n    // \(file.path)\n"
            var text = Substring(MarkedText(file.text).text)
            while text.hasSuffix("\n") { text = text.dropLast() }
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                out += line.isEmpty ? "\n" : "    " + line + "\n"
            }
        }
        return out
    }
}

/// A set of documented IDs, looked up by ID or name. Each module contributes one
/// (`DiagnosticRegistry.syntax` here, `.check` in FlowModel, `.lint` in FlowLint, `.runtime` in
/// FlowRuntime); the command line joins them.
public struct DiagnosticRegistry: Sendable {
    public let entries: [DiagnosticDescription]
    private let byID: [DiagnosticID: Int]
    private let byName: [String: Int]

    public init(_ entries: [DiagnosticDescription]) {
        self.entries = entries.sorted { $0.id < $1.id }
        var byID: [DiagnosticID: Int] = [:]
        var byName: [String: Int] = [:]
        for (i, e) in self.entries.enumerated() {
            precondition(byID.updateValue(i, forKey: e.id) == nil, "two registry entries for \(e.id)")
            byName[e.name] = byName[e.name] ?? i
        }
        self.byID = byID
        self.byName = byName
    }

    /// The entry for an ID (`FL0102`, any case) or a name (`unknown-state`).
    public func entry(_ idOrName: String) -> DiagnosticDescription? {
        if let i = byID[DiagnosticID(rawValue: idOrName.uppercased())] ?? byName[idOrName] { return entries[i] }
        return nil
    }

    public subscript(id: DiagnosticID) -> DiagnosticDescription? { byID[id].map { entries[$0] } }

    /// "Did you mean" for an unknown ID or name: an ID-shaped key gets the closest ID of its own
    /// phase (FL1310 → FL1301, not FL0010), then of any; anything else the closest name.
    public func suggestion(for key: String) -> String? {
        let id = DiagnosticID(rawValue: key.uppercased())
        guard let phase = id.phase else { return Suggestion.closest(to: key, in: entries.map(\.name)) }
        return Suggestion.closest(to: id.rawValue, in: entries.filter { $0.id.phase == phase }.map(\.id.rawValue))
            ?? Suggestion.closest(to: id.rawValue, in: entries.map(\.id.rawValue))
    }

    /// Both registries' entries (an ID must not be in both).
    public static func + (lhs: DiagnosticRegistry, rhs: DiagnosticRegistry) -> DiagnosticRegistry {
        DiagnosticRegistry(lhs.entries + rhs.entries)
    }
}
