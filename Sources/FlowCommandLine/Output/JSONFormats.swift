import FlowEncoding
import FlowLint
import FlowProject
import FlowSyntax

/// Machine formats: flowlint's own versioned JSON, and SARIF 2.1.0 for code scanning.
enum JSONFormats {
    /// Bumped when a field changes meaning or disappears (adding fields keeps the version).
    static let jsonVersion = 1

    static func location(_ range: SourceRange?, in f: LintedFinding) -> [(String, JSONValue)] {
        guard let range else { return [("path", .string(f.path))] }
        return [
            ("path", .string(f.path(of: range) ?? f.path)), ("line", .int(range.start.line)),
            ("column", .int(range.start.column)),
            ("endLine", .int(range.end.line)), ("endColumn", .int(range.end.column)),
        ]
    }

    /// The steps of a witness to write: all of them with `full`, else the first and last
    /// (`Witness.abridged`) and how many were left out after the first part.
    static func witnessSteps(_ w: Witness, full: Bool) -> (steps: [WitnessStep], head: Int, omitted: Int) {
        if full { return (w.steps, w.count, 0) }
        let (head, omitted, tail) = w.abridged()
        return (head + tail, head.count, omitted)
    }

    /// flowlint's JSON. A long witness keeps its first and last steps unless `fullWitnesses`;
    /// then `witnessSteps` gives the whole length and `witnessOmitted` how many steps are left out
    /// after the first `Witness.headLength`.
    static func json(_ results: LintResults, version: String, fullWitnesses: Bool = false) -> String {
        let findings: [JSONValue] = results.findings.map { f in
            let witness = witnessSteps(f.finding.witness, full: fullWitnesses)
            let omitted: [(String, JSONValue)] =
                witness.omitted == 0
                ? []
                : [("witnessSteps", .int(f.finding.witness.count)), ("witnessOmitted", .int(witness.omitted))]
            return .object(
                [
                    ("ruleId", .string(f.finding.ruleID.rawValue)),
                    ("rule", .string(DiagnosticRegistry.all[f.finding.ruleID]?.name ?? "")),
                    ("severity", .string(f.diagnostic.severity.description)),
                    ("message", .string(f.diagnostic.message)),
                ] + location(f.diagnostic.range, in: f) + [
                    (
                        "notes",
                        .array(
                            f.diagnostic.notes.map { n in
                                .object([("message", .string(n.message))] + (n.range.map { location($0, in: f) } ?? []))
                            })
                    ),
                    (
                        "fixIts",
                        .array(
                            f.diagnostic.fixIts.map { x in
                                .object(
                                    [
                                        ("message", .string(x.message)), ("replacement", .string(x.replacement)),
                                        ("applicability", .string(x.applicability.rawValue)),
                                    ] + location(x.range, in: f))
                            })
                    ),
                    (
                        "witness",
                        .array(
                            witness.steps.map { s in
                                .object([("message", .string(s.message))] + (s.range.map { location($0, in: f) } ?? []))
                            })
                    ),
                ] + omitted)
        }
        let doc = JSONValue.object([
            ("version", .int(jsonVersion)),
            ("tool", .object([("name", .string("flowlint")), ("version", .string(version))])),
            ("files", .array(results.paths.map(JSONValue.string))),
            (
                "summary",
                .object([
                    ("errors", .int(results.errorCount)), ("warnings", .int(results.warningCount)),
                    ("notes", .int(results.noteCount)),
                ])
            ),
            ("findings", .array(findings)),
        ])
        return doc.rendered() + "\n"
    }

    static func level(_ s: Severity) -> String {
        switch s {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// The base every artifact URI is relative to (SARIF 2.1.0 §3.4.4, `originalUriBaseIds`).
    static let sourceRoot = "%SRCROOT%"

    static func physical(_ range: SourceRange?, in f: LintedFinding, root: ProjectRoot) -> JSONValue {
        var region: [(String, JSONValue)] = []
        if let r = range {
            region = [
                ("startLine", .int(r.start.line)), ("startColumn", .int(r.start.column)),
                ("endLine", .int(r.end.line)), ("endColumn", .int(r.end.column)),
            ]
        } else {
            region = [("startLine", .int(1))]
        }
        return .object([
            ("artifactLocation", artifact(f.path(of: range) ?? f.path, root: root)),
            ("region", .object(region)),
        ])
    }

    /// A file inside the project root is a URI relative to `%SRCROOT%`; one outside it (an
    /// absolute path named on the command line) is an absolute `file:` URI with no base.
    static func artifact(_ path: String, root: ProjectRoot) -> JSONValue {
        let relative = root.relative(path)
        if relative.hasPrefix("/") { return .object([("uri", .string("file://" + uri(relative)))]) }
        return .object([("uri", .string(uri(relative))), ("uriBaseId", .string(sourceRoot))])
    }

    /// Spaces and other unsafe characters are percent-encoded.
    static func uri(_ path: String) -> String {
        var p = path
        while p.hasPrefix("./") { p.removeFirst(2) }
        var out = ""
        for byte in p.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if c.isLetter && byte < 128 || c.isNumber && byte < 128 || "-._~/".contains(c) {
                out.append(c)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// A stable fingerprint that survives unrelated edits above the finding: rule, file, message
    /// and the text of the line, not its number (FNV-1a, 64 bits).
    static func fingerprint(_ f: LintedFinding, root: ProjectRoot) -> String {
        var lineText = ""
        if let r = f.diagnostic.range, let file = f.files.first(where: { $0.id == r.file }) {
            lineText = file.lineText(r.start.line).trimmingWhitespace
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(f.finding.ruleID)\u{0}\(root.relative(f.path))\u{0}\(f.diagnostic.message)\u{0}\(lineText)".utf8
        {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return String(hash, radix: 16).leftPadded(to: 16)
    }

    /// SARIF 2.1.0. Witness steps are `threadFlowLocation`s held once in the run's
    /// `threadFlowLocations` (a step of a long path is shared by every finding past it) and
    /// referenced by index from each result's code flow; a long witness keeps its first and last
    /// steps unless `fullWitnesses`, and its thread flow's properties say how many were left out.
    static func sarif(_ results: LintResults, version: String, root: ProjectRoot, fullWitnesses: Bool = false) -> String
    {
        // Every lint rule, and every other ID the run reports (syntax, checking), in ID order:
        // code scanning shows a result's rule from this list.
        var listed = Set(RuleRegistry.rules.map(\.id))
        for f in results.findings { listed.insert(f.finding.ruleID) }
        let rules = listed.sorted().compactMap { DiagnosticRegistry.all[$0] }
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        var steps = SARIFSteps()
        let resultObjects = results.findings.map { f in
            sarifResult(
                f, ruleIndex: ruleIndex[f.finding.ruleID], root: root, steps: &steps, fullWitnesses: fullWitnesses)
        }
        let driver = JSONValue.object([
            ("name", .string("flowlint")),
            ("version", .string(version)),
            ("semanticVersion", .string(version)),
            ("rules", .array(rules.map(sarifRule))),
        ])
        let rootBase = JSONValue.object([
            ("uri", .string("file://" + uri(root.path == "/" ? "/" : root.path + "/"))),
            ("description", .object([("text", .string("the project root (\(root.source.rawValue))"))])),
        ])
        var run: [(String, JSONValue)] = [
            ("tool", .object([("driver", driver)])),
            ("originalUriBaseIds", .object([(sourceRoot, rootBase)])),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(resultObjects)),
        ]
        if !steps.shared.isEmpty { run.append(("threadFlowLocations", .array(steps.shared))) }
        let doc = JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ])
        return doc.rendered() + "\n"
    }

    static func sarifRule(_ r: DiagnosticDescription) -> JSONValue {
        .object([
            ("id", .string(r.id.rawValue)),
            ("name", .string(r.name)),
            ("shortDescription", .object([("text", .string(r.summary))])),
            ("fullDescription", .object([("text", .string(r.explanation))])),
            ("help", .object([("text", .string(RuleRegistry.rule(r.id)?.explanation ?? r.explanationPage))])),
            ("defaultConfiguration", .object([("level", .string(level(r.defaultSeverity)))])),
        ])
    }

    /// The run's shared `threadFlowLocations`: a witness step is written once and referenced by index.
    struct SARIFSteps {
        struct Key: Hashable {
            var path: String
            var message: String
            var region: [Int]
        }
        private var index: [Key: Int] = [:]
        private(set) var shared: [JSONValue] = []

        /// The index of the step's location, added on first use.
        mutating func index(of step: (message: String, range: SourceRange?), in f: LintedFinding, root: ProjectRoot)
            -> Int
        {
            let key = Key(
                path: step.range.flatMap { f.path(of: $0) } ?? f.path, message: step.message,
                region: step.range.map { [$0.start.line, $0.start.column, $0.end.line, $0.end.column] } ?? [])
            if let known = index[key] { return known }
            var location: [(String, JSONValue)] = [("message", .object([("text", .string(step.message))]))]
            if let r = step.range {
                location.insert(("physicalLocation", JSONFormats.physical(r, in: f, root: root)), at: 0)
            }
            index[key] = shared.count
            shared.append(.object([("location", .object(location))]))
            return shared.count - 1
        }
    }

    static func sarifResult(
        _ f: LintedFinding, ruleIndex: Int?, root: ProjectRoot, steps: inout SARIFSteps, fullWitnesses: Bool
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [("ruleId", .string(f.finding.ruleID.rawValue))]
        if let ruleIndex { members.append(("ruleIndex", .int(ruleIndex))) }
        members += [
            ("level", .string(level(f.diagnostic.severity))),
            ("message", .object([("text", .string(f.diagnostic.message))])),
            ("locations", .array([.object([("physicalLocation", physical(f.diagnostic.range, in: f, root: root))])])),
            ("partialFingerprints", .object([("flowlintFingerprint/v1", .string(fingerprint(f, root: root)))])),
        ]
        let related = f.diagnostic.notes.enumerated().compactMap { i, n -> JSONValue? in
            guard let r = n.range else { return nil }
            return .object([
                ("id", .int(i)), ("physicalLocation", physical(r, in: f, root: root)),
                ("message", .object([("text", .string(n.message))])),
            ])
        }
        if !related.isEmpty { members.append(("relatedLocations", .array(related))) }
        // Issue 14: every fix-it as a SARIF `fix` (§3.55): one artifact change with one
        // replacement, the deleted region (empty for an insertion) and the inserted text.
        let fixes = sarifFixes(f, root: root)
        if !fixes.isEmpty { members.append(("fixes", .array(fixes))) }
        if !f.finding.witness.isEmpty {
            members.append(("codeFlows", .array([codeFlow(f, root: root, steps: &steps, full: fullWitnesses)])))
        }
        return .object(members)
    }

    /// The witness as a code flow whose steps reference the shared locations.
    static func codeFlow(_ f: LintedFinding, root: ProjectRoot, steps: inout SARIFSteps, full: Bool) -> JSONValue {
        let witness = witnessSteps(f.finding.witness, full: full)
        let locations: [JSONValue] = witness.steps.map { s in
            .object([("index", .int(steps.index(of: (s.message, s.range), in: f, root: root)))])
        }
        var threadFlow: [(String, JSONValue)] = [("locations", .array(locations))]
        if witness.omitted > 0 {
            threadFlow.append(
                (
                    "properties",
                    .object([("omittedLocations", .int(witness.omitted)), ("omittedAfter", .int(witness.head))])
                ))
        }
        return .object([
            ("message", .object([("text", .string("shortest path from the start that shows the finding"))])),
            ("threadFlows", .array([.object(threadFlow)])),
        ])
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[start...end])
    }
}
