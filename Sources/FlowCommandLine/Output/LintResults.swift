import FlowLint
import FlowModel
import FlowSyntax

/// One finding of a flowlint run, with the files it needs to be rendered.
public struct LintedFinding: Sendable {
    public var finding: Finding
    /// The files of the entry that produced it (for snippets and paths).
    public var files: [SourceFile]
    /// The entry file as the user named it: the path of a finding with no range (an entry that
    /// cannot be read has no files).
    public var entry: String = "<unknown>"

    public var diagnostic: Diagnostic { finding.diagnostic }

    /// The path of the file a range points into, as the user gave it.
    public func path(of range: SourceRange?) -> String? {
        guard let range else { return nil }
        return files.first { $0.id == range.file }?.path
    }

    public var path: String { path(of: diagnostic.range) ?? files.first?.path ?? entry }
    public var line: Int { diagnostic.range?.start.line ?? 1 }
    public var column: Int { diagnostic.range?.start.column ?? 1 }
}

/// Everything one flowlint run found, deduplicated and in a stable order (path, position, ID).
public struct LintResults: Sendable {
    public var findings: [LintedFinding]
    /// Entry files linted, in order.
    public var paths: [String]
    /// Reports per entry, same order as `paths` (graph output uses their analyses).
    public var reports: [LintReport]

    /// Errors and warnings, shown or left out by a per-file cap (each file counted once).
    public var errorCount: Int {
        findings.filter { $0.diagnostic.severity == .error }.count + omitted.values.reduce(0) { $0 + $1.errors }
    }
    public var warningCount: Int {
        findings.filter { $0.diagnostic.severity == .warning }.count + omitted.values.reduce(0) { $0 + $1.warnings }
    }
    /// What the caps left out, by file path: the largest count any entry reported for the file.
    public var omitted: [String: DiagnosticCap.Omitted] = [:]
    public var noteCount: Int { findings.filter { $0.diagnostic.severity == .note }.count }

    /// Merges per-entry reports: the same finding reached from several entry files is kept once;
    /// a usage-rule finding (unused flow or string) stands only if every entry that loaded its
    /// file reports it.
    public init(paths: [String], reports: [LintReport]) {
        self.paths = paths
        self.reports = reports
        struct Key: Hashable {
            var path: String
            var offset: Int
            var id: DiagnosticID
            var message: String
        }
        var seen: [Key: Int] = [:]
        var merged: [LintedFinding] = []
        var usageVotes: [Key: Int] = [:]
        var loaders: [String: Int] = [:]
        for report in reports {
            for file in Set(report.files.map(\.path)) { loaders[file, default: 0] += 1 }
        }
        for report in reports {
            for (path, left) in report.omitted where left.total > (omitted[path]?.total ?? 0) { omitted[path] = left }
        }
        for (entry, report) in zip(paths, reports) {
            for finding in report.findings {
                let linted = LintedFinding(finding: finding, files: report.files, entry: entry)
                let key = Key(
                    path: linted.path, offset: finding.diagnostic.range?.start.offset ?? -1, id: finding.ruleID,
                    message: finding.diagnostic.message)
                if RuleRegistry.rule(finding.ruleID)?.isUsageRule == true { usageVotes[key, default: 0] += 1 }
                if seen[key] == nil {
                    seen[key] = merged.count
                    merged.append(linted)
                }
            }
        }
        merged.removeAll { f in
            guard RuleRegistry.rule(f.finding.ruleID)?.isUsageRule == true else { return false }
            let key = Key(
                path: f.path, offset: f.diagnostic.range?.start.offset ?? -1, id: f.finding.ruleID,
                message: f.diagnostic.message)
            return (usageVotes[key] ?? 0) < (loaders[f.path] ?? 1)
        }
        // Within a file, syntax errors come before everything else: a misspelled keyword makes
        // the parser skip a state, and "unknown state" at an earlier line is its consequence.
        // (The phase is worked out once per finding, not once per comparison.)
        let phases = merged.map { $0.finding.ruleID.phase == .syntax ? 0 : 1 }
        self.findings = merged.indices.sorted { i, j in
            let a = merged[i]
            let b = merged[j]
            return (a.path, phases[i], a.diagnostic.range?.start.offset ?? -1, a.finding.ruleID, a.diagnostic.message)
                < (b.path, phases[j], b.diagnostic.range?.start.offset ?? -1, b.finding.ruleID, b.diagnostic.message)
        }.map { merged[$0] }
    }
}
