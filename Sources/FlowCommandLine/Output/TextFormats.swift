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
                // A witness longer than a screen shows its first and last steps (numbered as in
                // the whole path) around a count of the rest; --format json/sarif --full-witnesses has all.
                let (head, omitted, tail) = f.finding.witness.abridged()
                func line(_ number: Int, _ step: WitnessStep) {
                    let place = step.range.map { r in " (\(f.path(of: r) ?? f.path):\(r.start.line):\(r.start.column))" } ?? ""
                    out += "    \(number). \(step.message)\(place)\n"
                }
                for (i, step) in head.enumerated() { line(i + 1, step) }
                if omitted > 0 { out += "    … \(grouped(omitted)) steps …\n" }
                for (i, step) in tail.enumerated() { line(head.count + omitted + i + 1, step) }
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

    /// `4950` as `4,950`.
    static func grouped(_ n: Int) -> String {
        var digits = String(n)
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
    }

    static func summary(_ results: LintResults) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(plural(results.errorCount, "error")), \(plural(results.warningCount, "warning")) in \(plural(results.paths.count, "file"))"
    }

    /// `path:line:col: severity: message [ID]`, one line per finding.
    static func gcc(_ results: LintResults) -> String {
        results.findings.map { f in
            "\(f.path):\(f.line):\(f.column): \(f.diagnostic.severity): \(f.diagnostic.message) [\(f.finding.ruleID)]\n"
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
            var properties = "file=\(escapeProperty(f.path)),line=\(f.line),col=\(f.column)"
            if let r = f.diagnostic.range { properties += ",endLine=\(r.end.line),endColumn=\(r.end.column)" }
            properties += ",title=\(escapeProperty(f.finding.ruleID))"
            var message = f.diagnostic.message
            if !f.finding.witness.isEmpty {
                let (head, omitted, tail) = f.finding.witness.abridged()
                var lines = head.enumerated().map { "\($0 + 1). \($1.message)" }
                if omitted > 0 { lines.append("… \(grouped(omitted)) steps …") }
                lines += tail.enumerated().map { "\(head.count + omitted + $0 + 1). \($1.message)" }
                message += "\n" + lines.joined(separator: "\n")
            }
            return "::\(command) \(properties)::\(escapeData(message))\n"
        }.joined()
    }

    static func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
