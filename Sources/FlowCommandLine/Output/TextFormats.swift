import Foundation
import FlowLint
import FlowSyntax

/// Human and CI text formats: rendered diagnostics with witnesses, one-line gcc style, and
/// GitHub Actions workflow commands.
enum TextFormats {
    /// The rendered diagnostic (snippet, caret, notes, suggestion) then the witness as numbered steps.
    static func text(_ results: LintResults, colored: Bool) -> String {
        var out = ""
        for (f, rendered) in zip(results.findings, renderedDiagnostics(results.findings, colored: colored)) {
            out += rendered
            if !f.finding.witness.isEmpty {
                out += "  witness:\n"
                for (i, step) in f.finding.witness.enumerated() {
                    let place = step.range.map { r in " (\(f.path(of: r) ?? f.path):\(r.start.line):\(r.start.column))" } ?? ""
                    out += "    \(i + 1). \(OutputEscaping.visible(step.message))\(OutputEscaping.visible(place))\n"
                }
            }
            out += "\n"
        }
        return out
    }

    /// Each finding's rendered diagnostic. Findings of one entry (consecutive, since results are
    /// sorted by path) share a renderer, so the lines they point into are laid out once.
    private static func renderedDiagnostics(_ findings: [LintedFinding], colored: Bool) -> [String] {
        var out: [String] = []
        out.reserveCapacity(findings.count)
        var start = 0
        while start < findings.count {
            let files = findings[start].files
            var end = start + 1
            while end < findings.count, findings[end].entry == findings[start].entry,
                  findings[end].files.count == files.count { end += 1 }
            out += DiagnosticRenderer(files: files, colored: colored)
                .renderEach(findings[start..<end].map(\.diagnostic), fallbackPath: findings[start].entry)
            start = end
        }
        return out
    }

    static func summary(_ results: LintResults) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(plural(results.errorCount, "error")), \(plural(results.warningCount, "warning")) in \(plural(results.paths.count, "file"))"
    }

    /// `path:line:col: severity: message [ID]`, one line per finding. Paths and messages come
    /// from input: control characters are shown as escapes and no line can start with `::`.
    static func gcc(_ results: LintResults) -> String {
        results.findings.map { f in
            "\(OutputEscaping.lineStart(f.path)):\(f.line):\(f.column): \(f.diagnostic.severity): "
                + "\(OutputEscaping.visible(f.diagnostic.message)) [\(f.finding.ruleID)]\n"
        }.joined()
    }

    /// `::error file=...,line=...,col=...,title=ID::message` (GitHub Actions annotations).
    static func github(_ results: LintResults) -> String {
        results.findings.map { f in
            let command = switch f.diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
            var properties = "file=\(OutputEscaping.githubProperty(f.path)),line=\(f.line),col=\(f.column)"
            if let r = f.diagnostic.range { properties += ",endLine=\(r.end.line),endColumn=\(r.end.column)" }
            properties += ",title=\(OutputEscaping.githubProperty(f.finding.ruleID))"
            // The message and each witness step are escaped on their own; only the line breaks
            // between them are ours (sent as %0A, which the runner turns back into new lines).
            let lines = [OutputEscaping.visible(f.diagnostic.message)]
                + f.finding.witness.enumerated().map { "\($0 + 1). " + OutputEscaping.visible($1.message) }
            return "::\(command) \(properties)::\(OutputEscaping.githubLines(lines))\n"
        }.joined()
    }
}
