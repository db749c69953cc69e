import FlowModel
import FlowSyntax
import Foundation

/// What linting one entry file produced.
public struct LintReport: Sendable {
    /// Findings to show (load diagnostics included), sorted by file, position and ID.
    public var findings: [Finding]
    /// Findings silenced by `flowlint:disable`.
    public var suppressed: [Finding]
    /// Findings matched by `flowlint:expect`.
    public var expected: [Finding]
    /// The files loaded (entry first), for rendering.
    public var files: [SourceFile]
    /// The checked program, when loading succeeded (graph output uses it).
    public var analysis: ProgramAnalysis?
    /// Errors and warnings left out by the per-file cap (`Linter.maxFindingsPerFile`, and the
    /// checker's), by file path: counted in totals and exit codes, not shown.
    public var omitted: [String: DiagnosticCap.Omitted] = [:]
    /// The findings the per-file cap left out, in position order: a baseline records them too.
    public var hidden: [Finding] = []

    public init(
        findings: [Finding], suppressed: [Finding] = [], expected: [Finding] = [], files: [SourceFile],
        analysis: ProgramAnalysis? = nil
    ) {
        self.findings = findings
        self.suppressed = suppressed
        self.expected = expected
        self.files = files
        self.analysis = analysis
    }
}

/// Runs the rules over a loaded program and applies configuration, suppressions and expectations.
public struct Linter: Sendable {
    public var rules: [Rule]
    public var configuration: LintConfiguration
    public var infoPlist: InfoPlist?
    /// The apps the Info.plist and privacy-manifest rules check (besides `infoPlist`).
    public var apps: [AppTarget] = []
    /// Most findings shown per file (the parser's and checker's cap, `ParseLimits.maxErrors`,
    /// applied to everything): past it one FL0013 says how many more there are of each severity.
    public var maxFindingsPerFile: Int

    public init(
        rules: [Rule] = RuleRegistry.rules, configuration: LintConfiguration = LintConfiguration(),
        infoPlist: InfoPlist? = nil,
        maxFindingsPerFile: Int = ParseLimits.default.maxErrors
    ) {
        self.rules = rules
        self.configuration = configuration
        self.infoPlist = infoPlist
        self.maxFindingsPerFile = maxFindingsPerFile
    }

    /// Lints what the loader produced. Load diagnostics are findings too; the rules run only on
    /// a program that checked without errors.
    public func lint(_ load: LoadResult) -> LintReport {
        // Load diagnostics take the configured severity too (only warnings such as FL0138 can
        // be configured; `LintConfiguration` refuses the rest).
        var findings = load.diagnostics.compactMap { d -> Finding? in
            guard let severity = configuration.severity(of: d.id, default: d.severity) else { return nil }
            var d = d
            d.severity = severity
            return Finding(diagnostic: d)
        }
        guard let program = load.program else {
            return capped(LintReport(findings: sorted(findings), files: load.files), load: load)
        }
        let context = LintContext(
            program: program, infoPlist: infoPlist, apps: apps,
            neutralLabels: configuration.neutralLabels)
        for rule in rules.filter(\.buildsOwnAnalysis) + rules.filter({ !$0.buildsOwnAnalysis }) {
            guard let severity = configuration.severity(of: rule) else { continue }
            for f in rule.check(context) {
                findings.append(
                    Finding(
                        diagnostic: Diagnostic(
                            id: rule.id, severity: severity, message: f.message, range: f.range,
                            notes: f.notes, fixIts: f.fixIts),
                        witness: f.witness))
            }
        }
        // Handed over, not copied: on a flow with many findings (21,155 on the 40,000-state
        // random graph) each copy of the list was 4 MB, and three were alive at the end of a run.
        var report = applyDirectives(consume findings, comments: load.comments, program: program)
        report.files = load.files
        report.analysis = context.analysis
        return capped(report, load: load)
    }

    /// The report with at most `maxFindingsPerFile` findings per file (the configuration's
    /// `max-findings-per-file` when it sets one; 0: no cap), and one FL0013 per file that counts
    /// everything left out, here and by the checker (whose own FL0013 it replaces; the parser's,
    /// which counts only syntax errors, stays).
    ///
    /// Which findings are shown is not "the first by position": errors before warnings before
    /// notes, and within a severity every rule's first finding before any rule's second (so an
    /// unreachable cycle at the end of a file is not hidden behind a hundred warnings before
    /// it). The ones shown stay in position order; the rest are `hidden`.
    private func capped(_ report: LintReport, load: LoadResult) -> LintReport {
        var report = report
        let configured = configuration.maxFindingsPerFile.map { $0 == 0 ? Int.max : $0 }
        let checkerSummary = DiagnosticCap.summaryPrefix(what: Self.checkWhat)
        var summaries: [Finding] = []
        var candidates: [Int] = []
        for (i, finding) in report.findings.enumerated() {
            if finding.ruleID == .tooManyErrors {
                if !finding.diagnostic.message.hasPrefix(checkerSummary) { summaries.append(finding) }
            } else {
                candidates.append(i)
            }
        }
        let keep = Self.shownByPriority(
            report.findings, candidates: candidates, limit: configured ?? maxFindingsPerFile)
        var kept: [Finding] = []
        var lastKept: [Int: SourceRange] = [:]
        var left: [Int: DiagnosticCap.Omitted] = [:]
        for i in candidates {
            let finding = report.findings[i]
            let file = finding.diagnostic.range.map { Int($0.file.index) } ?? -1
            if keep[i] {
                kept.append(finding)
                if let r = finding.diagnostic.range { lastKept[file] = r }
                continue
            }
            report.hidden.append(finding)
            var o = left[file] ?? DiagnosticCap.Omitted()
            switch finding.diagnostic.severity {
            case .error: o.errors += 1
            case .warning: o.warnings += 1
            case .note: o.notes += 1
            }
            left[file] = o
        }
        var merged = left
        for (file, o) in load.omitted {
            if var both = merged[file] {
                both.add(o)
                merged[file] = both
            } else {
                merged[file] = o
            }
        }
        guard !merged.isEmpty else { return report }
        func path(_ index: Int) -> String { load.files.indices.contains(index) ? load.files[index].path : "" }
        for file in merged.keys {
            // The summary goes after the last finding shown in its file.
            if let r = lastKept[file] { merged[file]!.after = r }
            report.omitted[path(file)] = merged[file]!
        }
        summaries += merged.keys.sorted().compactMap {
            DiagnosticCap.summary(merged[$0]!, what: "findings", advice: Self.capAdvice)
        }.map { Finding(diagnostic: $0) }
        report.findings = sorted(kept + summaries)
        return report
    }

    /// How FL0013 tells a user what was chosen and how to see the rest.
    static let capAdvice =
        "shown: errors first, then each rule's first findings; add 'max-findings-per-file = 0' to .flowlint to see them all"

    /// Which of `findings[candidates]` the cap shows: at most `limit` per file, taken in the
    /// order severity (errors first), then each rule's n-th finding before any rule's (n+1)-th,
    /// then position.
    static func shownByPriority(_ findings: [Finding], candidates: [Int], limit: Int) -> [Bool] {
        struct RuleInFile: Hashable {
            var file: Int
            var id: DiagnosticID
        }
        func file(_ i: Int) -> Int { findings[i].diagnostic.range.map { Int($0.file.index) } ?? -1 }
        func severity(_ i: Int) -> Int {
            switch findings[i].diagnostic.severity {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }
        var rank = [Int](repeating: 0, count: findings.count)
        var seen: [RuleInFile: Int] = [:]
        for i in candidates {
            let key = RuleInFile(file: file(i), id: findings[i].ruleID)
            rank[i] = seen[key, default: 0]
            seen[key] = rank[i] + 1
        }
        let order = candidates.sorted { a, b in (file(a), severity(a), rank[a], a) < (file(b), severity(b), rank[b], b)
        }
        var keep = [Bool](repeating: false, count: findings.count)
        var shown: [Int: Int] = [:]
        for i in order where shown[file(i), default: 0] < limit {
            shown[file(i), default: 0] += 1
            keep[i] = true
        }
        return keep
    }

    /// What the checker's FL0013 counts (`Checker` says "check diagnostics").
    static let checkWhat = "check diagnostics"

    private func sorted(_ findings: [Finding]) -> [Finding] {
        var findings = findings
        sort(&findings)
        return findings
    }

    /// Sorts in place, by file, position, ID and message.
    private func sort(_ findings: inout [Finding]) {
        findings.sort { a, b in
            let ka = (
                a.diagnostic.range?.file.index ?? -1, a.diagnostic.range?.start.offset ?? -1, a.ruleID,
                a.diagnostic.message
            )
            let kb = (
                b.diagnostic.range?.file.index ?? -1, b.diagnostic.range?.start.offset ?? -1, b.ruleID,
                b.diagnostic.message
            )
            return ka < kb
        }
    }

    /// A `// flowlint:` comment.
    struct Directive {
        enum Kind { case disable, expect }
        var kind: Kind
        var ids: [DiagnosticID]
        var reason: String?
        var comment: Comment
        /// Ranges it covers: its line and the next, plus any state or flow declared there.
        var covers: [(file: FileID, lines: ClosedRange<Int>?, span: Range<Int>?)]
    }

    private func applyDirectives(_ findings: consuming [Finding], comments: [[Comment]], program: Program) -> LintReport
    {
        var meta: [Finding] = []
        var directives: [Directive] = []
        func report(_ rule: Rule, _ message: String, _ range: SourceRange, fixIts: [FixIt] = []) {
            guard let severity = configuration.severity(of: rule) else { return }
            meta.append(
                Finding(
                    diagnostic: Diagnostic(
                        id: rule.id, severity: severity, message: message, range: range, fixIts: fixIts)))
        }
        // Declarations a directive on line L can stand before: states and flows starting on L or L+1.
        var declarations: [FileID: [(line: Int, span: Range<Int>)]] = [:]
        for flow in program.flows {
            declarations[flow.range.file, default: []].append(
                (flow.range.start.line, flow.range.start.offset..<flow.range.end.offset))
            for state in flow.states {
                declarations[state.range.file, default: []].append(
                    (state.range.start.line, state.range.start.offset..<state.range.end.offset))
            }
        }
        for comment in comments.joined() {
            let text = comment.text.trimmingCharacters(in: .whitespaces)
            // `flowlint:disable ...` is a directive; prose such as "flowlint: reports ..." is not.
            guard text.hasPrefix("flowlint:"), text.dropFirst("flowlint:".count).first?.isLetter == true else {
                continue
            }
            var body = Substring(text.dropFirst("flowlint:".count))
            var reason: String?
            if let dash = body.range(of: "--") {
                reason = body[dash.upperBound...].trimmingCharacters(in: .whitespaces)
                body = body[..<dash.lowerBound]
            }
            let words = body.split { $0 == " " || $0 == "," || $0 == "\t" }.map(String.init)
            let kind: Directive.Kind
            // `disable:next` is SwiftLint's spelling, which its users type by habit: the same
            // suppression, for the next line only.
            var nextLineOnly = false
            switch words.first {
            case "disable": kind = .disable
            case "disable:next":
                kind = .disable
                nextLineOnly = true
            case "expect": kind = .expect
            default:
                report(
                    .unknownDirective,
                    "unknown flowlint directive '\(words.first ?? "")': expected 'disable' or 'expect'", comment.range)
                continue
            }
            var ids: [DiagnosticID] = []
            for word in words.dropFirst() {
                if let rule = RuleRegistry.rule(word) {
                    ids.append(rule.id)
                } else if let entry = DiagnosticRegistry.flowlint.entry(word) {
                    // Load diagnostics can be expected (a seed keeps its mistake), but an error
                    // that stops the flow from loading is never silently disabled.
                    if kind == .disable, case .fixed(let because) = entry.policy {
                        report(
                            .unknownRuleInDirective, "\(entry.id) (\(entry.name)) cannot be disabled: \(because)",
                            comment.range)
                    } else {
                        ids.append(entry.id)
                    }
                } else if let phase = DiagnosticID(rawValue: word).phase, phase == .scenario || phase == .run {
                    ids.append(DiagnosticID(rawValue: word))  // flowrun's IDs can be expected too
                } else {
                    let hint = Suggestion.closest(to: word, in: RuleRegistry.rules.map(\.id.rawValue))
                    report(
                        .unknownRuleInDirective, "unknown rule '\(word)' in flowlint:\(words[0])", comment.range,
                        fixIts: hint.map {
                            [FixIt(range: comment.range, replacement: $0, message: "did you mean '\($0)'?")]
                        } ?? [])
                }
            }
            if ids.isEmpty, words.count == 1 {
                report(.unknownRuleInDirective, "flowlint:\(words[0]) names no rule", comment.range)
            }
            if kind == .disable, reason?.isEmpty ?? true {
                report(.suppressionWithoutReason, "flowlint:\(words[0]) needs a reason after '--'", comment.range)
            }
            let line = comment.range.start.line
            let first = nextLineOnly ? line + 1 : line
            var covers: [(file: FileID, lines: ClosedRange<Int>?, span: Range<Int>?)] = [
                (comment.range.file, first...line + 1, nil)
            ]
            for d in declarations[comment.range.file] ?? [] where d.line == first || d.line == line + 1 {
                covers.append((comment.range.file, nil, d.span))
            }
            directives.append(Directive(kind: kind, ids: ids, reason: reason, comment: comment, covers: covers))
        }

        func covered(_ f: Finding, by d: Directive) -> Bool {
            guard d.ids.contains(f.ruleID), let r = f.diagnostic.range else { return false }
            return d.covers.contains { c in
                guard c.file == r.file else { return false }
                if let lines = c.lines, lines.contains(r.start.line) { return true }
                if let span = c.span, span.contains(r.start.offset) { return true }
                return false
            }
        }

        var shown: [Finding] = []
        var suppressed: [Finding] = []
        var expected: [Finding] = []
        var met = [Bool](repeating: false, count: directives.count)
        // Most files have no directive: every finding is shown, and the list is kept as it is.
        if directives.isEmpty {
            shown = consume findings
        } else {
            for f in findings {
                if let i = directives.indices.first(where: {
                    directives[$0].kind == .expect && covered(f, by: directives[$0])
                }) {
                    met[i] = true
                    expected.append(f)
                } else if directives.contains(where: { $0.kind == .disable && covered(f, by: $0) }) {
                    suppressed.append(f)
                } else {
                    shown.append(f)
                }
            }
        }
        for (i, d) in directives.enumerated() where d.kind == .expect && !met[i] && !d.ids.isEmpty {
            // Each ID must be matched; report those that were not.
            for id in d.ids where !expected.contains(where: { $0.ruleID == id && covered($0, by: d) }) {
                report(.unmetExpectation, "expected finding \(id) is not reported here", d.comment.range)
            }
        }
        for (i, d) in directives.enumerated() where d.kind == .expect && met[i] && d.ids.count > 1 {
            for id in d.ids where !expected.contains(where: { $0.ruleID == id && covered($0, by: d) }) {
                report(.unmetExpectation, "expected finding \(id) is not reported here", d.comment.range)
            }
        }
        shown.append(contentsOf: meta)
        sort(&shown)
        return LintReport(findings: shown, suppressed: sorted(suppressed), expected: sorted(expected), files: [])
    }
}
