import FlowFormat
import FlowLint
import FlowModel
import FlowProject
import FlowSyntax
import Foundation

/// `flowlint --fix`: applies every machine-applicable fix-it of the reported findings
/// (`FixIt.Applicability.machineApplicable`, and only those) to the files under the project
/// root, formats each changed file (Grammar.md, "Canonical layout"), and says what it did on
/// stderr, one line per fix: `path:line: ID message → replacement`. Fixes whose bytes overlap one
/// already taken are skipped and listed as skipped; a file that would not parse after its fixes
/// is left as it is, and so is one whose fixes would leave an error it did not have (the fixed
/// text is linted in memory first). With `dryRun` nothing is written and the changes are a
/// unified diff.
struct FlowlintFix {
    var root: ProjectRoot
    var dryRun: Bool
    var limits: ParseLimits
    /// Lints the same inputs with some files' text replaced (paths normalized), without writing.
    var relint: ((_ overlay: [String: [UInt8]]) -> LintResults)?

    /// Most rounds of fix, lint again: enough for a checker fix that lets the lint rules run
    /// and their fixes, and a bound for fixes that would keep making new ones.
    static let maxPasses = 4

    struct Outcome {
        /// Files written (or, with `dryRun`, that would be).
        var changed: [String] = []
        var diff = ""
        /// With `dryRun`: the fixed text of each changed file, by normalized path, to lint what the
        /// fixes would leave.
        var fixedText: [String: [UInt8]] = [:]
        /// A file could not be written.
        var failed = false
    }

    /// A fix-it of a finding, planned for the file it edits.
    struct Planned {
        var finding: LintedFinding
        var fix: FixIt
    }

    /// A file's text after its fixes (formatted), and the report lines for them.
    struct Proposal {
        var path: String
        var old: [UInt8]
        var new: [UInt8]
        var report: [String]
    }

    func run(_ results: LintResults, stderr: any TextOutput) -> Outcome {
        var proposals = plan(results).compactMap { propose($0.file, $0.fixes, stderr: stderr) }
        // A fix must not leave an error the file did not have: lint the fixed text (in memory)
        // and keep only the files that gained none.
        if let relint, !proposals.isEmpty { dropNewErrors(&proposals, before: results, relint: relint, stderr: stderr) }
        var outcome = Outcome()
        for p in proposals { write(p, into: &outcome, stderr: stderr) }
        return outcome
    }

    /// Fixes by the file they edit (a finding in one file may fix another: a translation stub
    /// goes into the locale's strings block), files in the order of their first finding.
    func plan(_ results: LintResults) -> [(file: SourceFile, fixes: [Planned])] {
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
        return order.map { byFile[$0]! }
    }

    /// `file` with its fixes applied in file order and formatted; nil (reported) when the file is
    /// outside the root or the result would not parse.
    func propose(_ file: SourceFile, _ unordered: [Planned], stderr: any TextOutput) -> Proposal? {
        let path = file.path
        let shown = OutputEscaping.visible(path)
        func describe(_ p: Planned) -> String {
            "\(shown):\(p.fix.range.start.line): \(p.finding.finding.ruleID) \(OutputEscaping.visible(p.finding.diagnostic.message))"
        }
        guard ProjectRoot.relative(root.absolute(path), to: root.path) != nil else {
            for p in unordered {
                stderr.line(
                    "\(describe(p)): not fixed: the file is outside the project root \(OutputEscaping.visible(root.path))"
                )
            }
            return nil
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
            stderr.line(
                "flowlint: \(shown): its fixes were not applied: the result would not parse\(OutputEscaping.visible(why))"
            )
            return nil
        }
        var report = applied.applied.map {
            "\(describe(planned[$0])) → \(OutputEscaping.visible(quoted(planned[$0].fix.replacement)))"
        }
        report += applied.skipped.map { "\(describe(planned[$0])): skipped: it overlaps a fix applied above" }
        return Proposal(path: path, old: file.bytes, new: formatted, report: report)
    }

    /// Removes (and reports) the proposals whose fixed text lints with an error the file did not have.
    func dropNewErrors(
        _ proposals: inout [Proposal], before results: LintResults,
        relint: (_ overlay: [String: [UInt8]]) -> LintResults, stderr: any TextOutput
    ) {
        func errors(_ results: LintResults) -> [String: Set<String>] {
            var out: [String: Set<String>] = [:]
            for f in results.findings where f.diagnostic.severity == .error {
                out[ProjectRoot.normalize(f.path), default: []].insert("\(f.diagnostic.message) [\(f.finding.ruleID)]")
            }
            return out
        }
        let before = errors(results)
        let after = errors(relint(Dictionary(proposals.map { (ProjectRoot.normalize($0.path), $0.new) }) { a, _ in a }))
        proposals.removeAll { p in
            let key = ProjectRoot.normalize(p.path)
            guard let new = after[key]?.subtracting(before[key] ?? []).sorted().first else { return false }
            stderr.line(
                "flowlint: \(OutputEscaping.visible(p.path)): its fixes were not applied: they would leave a new error: \(OutputEscaping.visible(new))"
            )
            return true
        }
    }

    /// Reports a proposal's fixes and writes it (with `dryRun`, adds it to the diff instead).
    func write(_ p: Proposal, into outcome: inout Outcome, stderr: any TextOutput) {
        for line in p.report { stderr.line(line) }
        guard p.new != p.old else { return }
        outcome.changed.append(p.path)
        if dryRun {
            outcome.diff += UnifiedDiff.render(old: p.old, new: p.new, oldPath: "a/" + p.path, newPath: "b/" + p.path)
            outcome.fixedText[ProjectRoot.normalize(p.path)] = p.new
            return
        }
        // Never written through a link that leads out of the root.
        if let escape = root.escape(p.path) {
            stderr.line("flowlint: error: cannot write \(escape)")
            outcome.failed = true
            return
        }
        do throws(FileReplacement.Failure) {
            try FileReplacement.write(p.new, to: root.absolute(p.path))
        } catch {
            stderr.line("flowlint: error: cannot write '\(OutputEscaping.visible(p.path))': \(error.message)")
            outcome.failed = true
        }
    }

    /// A replacement as the report shows it: quoted, with line breaks visible.
    func quoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// The files a command reads, with some replaced by text in memory: what `--fix` lints before
/// it writes anything.
struct OverlayReader: SourceReader {
    var base: any SourceReader
    var overlay: [String: [UInt8]]
    func read(_ path: String) -> Result<[UInt8], SourceReadError> {
        overlay[ProjectRoot.normalize(path)].map { .success($0) } ?? base.read(path)
    }
    func read(_ path: String, maxBytes: Int) -> Result<[UInt8], SourceReadError> {
        guard let bytes = overlay[ProjectRoot.normalize(path)] else { return base.read(path, maxBytes: maxBytes) }
        return bytes.count > maxBytes ? .failure(.tooLarge(size: bytes.count, limit: maxBytes)) : .success(bytes)
    }
    func realPath(_ path: String) -> String? { base.realPath(path) }
}
