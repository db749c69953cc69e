import FlowFormat
import FlowLint
import FlowSyntax
import Foundation

/// `flowlint --fix`: applies every machine-applicable fix-it of the reported findings
/// (`FixIt.Applicability.machineApplicable`, and only those) to the files under the project
/// root, formats each changed file (Grammar.md, "Canonical layout"), and says what it did on
/// stderr, one line per fix: `path:line: ID message → replacement`. Fixes whose bytes overlap one
/// already taken are skipped and listed as skipped; a file that would not parse after its fixes
/// is left as it is. With `dryRun` nothing is written and the changes are a unified diff.
struct FlowlintFix {
    var root: ProjectRoot
    var dryRun: Bool
    var limits: ParseLimits

    /// Most rounds of fix, lint again: enough for a checker fix that lets the lint rules run
    /// and their fixes, and a bound for fixes that would keep making new ones.
    static let maxPasses = 4

    struct Outcome {
        /// Files written (or, with `dryRun`, that would be).
        var changed: [String] = []
        var diff = ""
        /// A file could not be written.
        var failed = false
    }

    func run(_ results: LintResults, stderr: any TextOutput) -> Outcome {
        // Fixes by the file they edit (a finding in one file may fix another: a translation stub
        // goes into the locale's strings block), in the order of the findings.
        struct Planned { var finding: LintedFinding; var fix: FixIt }
        var byFile: [String: (file: SourceFile, fixes: [Planned])] = [:]
        var order: [String] = []
        // A finding's machine-applicable fix-its each stand alone (one per place: a label in each
        // locale), so all of them are taken; the others are suggestions for a person.
        for finding in results.findings {
            for fix in finding.diagnostic.fixIts where fix.isMachineApplicable {
                guard let file = finding.files.first(where: { $0.id == fix.range.file }) else { continue }
                if byFile[file.path] == nil {
                    byFile[file.path] = (file, [])
                    order.append(file.path)
                }
                byFile[file.path]!.fixes.append(Planned(finding: finding, fix: fix))
            }
        }
        var outcome = Outcome()
        for path in order {
            let (file, unordered) = byFile[path]!
            let shown = OutputEscaping.visible(path)
            func describe(_ p: Planned) -> String {
                "\(shown):\(p.fix.range.start.line): \(p.finding.finding.ruleID) \(OutputEscaping.visible(p.finding.diagnostic.message))"
            }
            guard ProjectRoot.relative(root.absolute(path), to: root.path) != nil else {
                for p in unordered { stderr.line("\(describe(p)): not fixed: the file is outside the project root \(OutputEscaping.visible(root.path))") }
                continue
            }
            // In file order (so the report reads top down, and the earlier of two overlapping
            // fixes wins); fixes at one place keep the findings' order.
            let planned = unordered.enumerated().sorted { a, b in
                (a.element.fix.range.start.offset, a.offset) < (b.element.fix.range.start.offset, b.offset)
            }.map(\.element)
            let applied = EditApplication.apply(planned.map { SourceEdit($0.fix) }, to: file.bytes)
            let fixedSource = SourceFile(id: file.id, path: path, bytes: applied.bytes)
            let formatted: [UInt8]
            do throws(FormatError) {
                formatted = try Formatter.format(fixedSource, limits: limits)
            } catch {
                let why = error.diagnostics.first.map { ": \($0.message)" } ?? ""
                stderr.line("flowlint: \(shown): its fixes were not applied: the result would not parse\(OutputEscaping.visible(why))")
                continue
            }
            for i in applied.applied {
                stderr.line("\(describe(planned[i])) → \(OutputEscaping.visible(quoted(planned[i].fix.replacement)))")
            }
            for i in applied.skipped {
                stderr.line("\(describe(planned[i])): skipped: it overlaps a fix applied above")
            }
            guard formatted != file.bytes else { continue }
            outcome.changed.append(path)
            if dryRun {
                outcome.diff += UnifiedDiff.render(old: file.bytes, new: formatted, oldPath: "a/" + path, newPath: "b/" + path)
                continue
            }
            do {
                try Data(formatted).write(to: URL(fileURLWithPath: root.absolute(path)), options: .atomic)
            } catch {
                stderr.line("flowlint: error: cannot write '\(shown)': \(error.localizedDescription)")
                outcome.failed = true
            }
        }
        return outcome
    }

    /// A replacement as the report shows it: quoted, with line breaks visible.
    func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
