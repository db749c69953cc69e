import FlowLint
import FlowProject
import FlowSyntax
import Foundation

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
                    let place =
                        step.range.map { r in " (\(f.path(of: r) ?? f.path):\(r.start.line):\(r.start.column))" } ?? ""
                    out += "    \(number). \(OutputEscaping.visible(step.message))\(OutputEscaping.visible(place))\n"
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
                findings[end].files.count == files.count
            { end += 1 }
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

    /// `15 files, 0 errors, 0 warnings` (and how many findings a baseline hid): printed on stderr
    /// after every run, so a clean run says it ran and machine formats on stdout stay clean.
    static func summary(_ results: LintResults, baselined: Int = 0) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var line =
            "\(plural(results.paths.count, "file")), \(plural(results.errorCount, "error")), \(plural(results.warningCount, "warning"))"
        if results.noteCount > 0 { line += ", \(plural(results.noteCount, "note"))" }
        if baselined > 0 { line += " (\(baselined) more in the baseline)" }
        return line
    }

    /// JUnit XML, one test case per linted file named relative to the project root: it fails when
    /// the file has an error (or a warning with `strict`); other findings go to its output.
    static func junit(_ results: LintResults, root: ProjectRoot, strict: Bool) -> String {
        var byPath: [String: [LintedFinding]] = [:]
        for f in results.findings { byPath[f.path, default: []].append(f) }
        var order = results.paths
        for f in results.findings where !order.contains(f.path) { order.append(f.path) }
        let cases = order.map { path -> JUnitXML.TestCase in
            let name = root.relative(path)
            let findings = byPath[path] ?? []
            // One line per finding: a line break in a path or message is shown as an escape, so
            // no line of the report (printed to a CI log) can start a workflow command.
            let lines = findings.map { f in
                OutputEscaping.lineStart(
                    "\(name):\(f.line):\(f.column): \(f.diagnostic.severity): \(f.diagnostic.message) [\(f.finding.ruleID)]"
                ) + "\n"
            }.joined()
            let errors = findings.filter { $0.diagnostic.severity == .error }.count
            let warnings = findings.filter { $0.diagnostic.severity == .warning }.count
            var c = JUnitXML.TestCase(name: name, className: "flowlint", file: name)
            if errors > 0 || strict && warnings > 0 {
                c.failure = (
                    "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")", lines
                )
            } else {
                c.output = lines
            }
            return c
        }
        return JUnitXML(suiteName: "flowlint", cases: cases).rendered()
    }

    /// `path:line:col: severity: message [ID]`, one line per finding. Paths and messages come
    /// from input: control characters are shown as escapes and no line can start with `::`.
    static func gcc(_ results: LintResults) -> String {
        results.findings.map { f in
            "\(OutputEscaping.lineStart(f.path)):\(f.line):\(f.column): \(f.diagnostic.severity): "
                + "\(OutputEscaping.visible(f.diagnostic.message)) [\(f.finding.ruleID)]\n"
                + f.diagnostic.fixIts.map { fixItNote($0, of: f) }.joined()
        }.joined()
    }

    /// A fix-it as a gcc `note:` line after its finding (issue 14): where, what it does, and the
    /// exact replacement of that range, quoted with its line breaks and quotes escaped.
    static func fixItNote(_ fix: FixIt, of f: LintedFinding) -> String {
        let r = fix.range
        let replacement = fix.replacement.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
        let kind = fix.isMachineApplicable ? "fix-it" : "suggested fix-it"
        return "\(OutputEscaping.lineStart(f.path(of: r) ?? f.path)):\(r.start.line):\(r.start.column): note: "
            + OutputEscaping.visible(
                "\(fix.message) (\(kind): replace \(r.start.line):\(r.start.column)-\(r.end.line):\(r.end.column) with \"\(replacement)\")"
            )
            + " [\(f.finding.ruleID)]\n"
    }

    /// `::error file=...,line=...,col=...,title=ID::message` (GitHub Actions annotations). GitHub
    /// resolves `file` against the repository, so paths are relative to its top level (to the
    /// project root outside a repository), whatever directory the step ran in.
    static func github(_ results: LintResults, root: ProjectRoot) -> String {
        results.findings.map { f in
            let command =
                switch f.diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            var properties =
                "file=\(OutputEscaping.githubProperty(root.repositoryRelative(f.path))),line=\(f.line),col=\(f.column)"
            if let r = f.diagnostic.range { properties += ",endLine=\(r.end.line),endColumn=\(r.end.column)" }
            properties += ",title=\(OutputEscaping.githubProperty(f.finding.ruleID.rawValue))"
            // The message and each witness step are escaped on their own; only the line breaks
            // between them are ours (sent as %0A, which the runner turns back into new lines).
            var lines = [OutputEscaping.visible(f.diagnostic.message)]
            if !f.finding.witness.isEmpty {
                let (head, omitted, tail) = f.finding.witness.abridged()
                lines += head.enumerated().map { "\($0 + 1). " + OutputEscaping.visible($1.message) }
                if omitted > 0 { lines.append("… \(grouped(omitted)) steps …") }
                lines += tail.enumerated().map {
                    "\(head.count + omitted + $0 + 1). " + OutputEscaping.visible($1.message)
                }
            }
            return "::\(command) \(properties)::\(OutputEscaping.githubLines(lines))\n"
        }.joined()
    }
}
