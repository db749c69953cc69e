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
        let declarations = Self.declarationSpans(of: program)
        var directives: [Directive] = []
        for comment in comments.joined() {
            if let directive = directive(in: comment, declarations: declarations, meta: &meta) {
                directives.append(directive)
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
                    directives[$0].kind == .expect && directives[$0].applies(to: f)
                }) {
                    met[i] = true
                    expected.append(f)
                } else if directives.contains(where: { $0.kind == .disable && $0.applies(to: f) }) {
                    suppressed.append(f)
                } else {
                    shown.append(f)
                }
            }
        }
        reportUnmetExpectations(directives, met: met, expected: expected, meta: &meta)
        shown.append(contentsOf: meta)
        sort(&shown)
        return LintReport(findings: shown, suppressed: sorted(suppressed), expected: sorted(expected), files: [])
    }
}
