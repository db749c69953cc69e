import Dispatch
import FlowArguments
import FlowLint
import FlowModel
import FlowProject
import FlowStoryboard
import FlowSyntax
import Foundation

/// `flowlint PATH...`: loads every `.flow` file given (directories recursively), runs the lint
/// rules, prints findings in the chosen format and returns the exit code. Takes its streams as
/// parameters so tests run it in-process.
///
/// | code | meaning |
/// |---|---|
/// | 0 | clean (warnings allowed unless `--strict` or `--max-warnings`) |
/// | 1 | an error remains, or a warning with `--strict`, or more warnings than `--max-warnings` |
/// | 2 | usage or I/O error: bad arguments, a missing file, an unreadable directory, a bad config or plist |
public struct FlowlintCommand: Sendable {
    public static let version = ToolVersion.current

    public var environment: [String: String]
    public var currentDirectory: String
    /// Everything on standard input, read when a PATH is `-` (a parameter so tests can feed it).
    public var readStandardInput: @Sendable () -> [UInt8]

    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        readStandardInput: @escaping @Sendable () -> [UInt8] = {
            [UInt8](FileHandle.standardInput.readAllRetryingInterrupts())
        }
    ) {
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.readStandardInput = readStandardInput
    }

    /// Runs with the process environment and working directory.
    public static func run(arguments: [String], stdout: any TextOutput, stderr: any TextOutput) -> Int32 {
        FlowlintCommand().run(arguments: arguments, stdout: stdout, stderr: stderr)
    }

    static let parser = ArgumentParser(
        commandName: "flowlint",
        summary: "Check .flow permission flows: graph, status, App Review, copy and Info.plist rules.",
        options: [
            .flag("help", short: "h", help: "print this help"),
            .flag("version", help: "print the version"),
            .flag("list-rules", help: "list every lint rule with its ID, default severity and summary"),
            .flag(
                "all",
                help: "with --list-rules: every diagnostic ID, by phase (syntax, checking, rules, scenarios, runs)"),
            .value("explain", "id", help: "print the documentation and examples of any diagnostic ID or rule name"),
            .value("format", "format", help: "output: \(LintOutputFormat.helpList)"),
            .flag("strict", help: "exit 1 on warnings too"),
            .value("max-warnings", "n", help: "exit 1 when more than n warnings remain"),
            .value("info-plist", "file", help: "check requests against this Info.plist (XML or binary)"),
        ] + AppInputArguments.specs + [
            .value(
                "config", "file",
                help: "configuration file (default: the nearest .flowlint or flowlint.json above the first PATH)"),
            .value(
                "root", "dir",
                help:
                    "the project root CI paths, excludes and baselines are relative to (default: the configuration's directory, else the git top level, else the working directory)"
            ),
            .value(
                "baseline", "file",
                help: "report only findings this baseline does not list; list its entries that no longer match"),
            .value("write-baseline", "file", help: "write every finding of this run to a baseline file"),
            .value(
                "stdin-path", "path",
                help: "the path a flow read from stdin (PATH '-') is named by, for messages, excludes and imports"),
            .flag("quiet", short: "q", help: "do not print the summary line on stderr"),
            .value("graph", "style", help: "print the state graphs as mermaid or dot instead of findings"),
            .flag(
                "full-witnesses",
                help: "json and sarif: every step of each witness (default: the first and last 25 of a longer one)"),
            .flag("allow-empty", help: "exit 0 when no .flow file is left to lint (default: exit 1)"),
            .flag(
                "fix",
                help:
                    "apply every machine-applicable fix-it to the files under the project root, format them, and lint again"
            ),
            .flag(
                "dry-run",
                help: "with --fix: change nothing; print the changes as a unified diff (exit 1 when there is one)"),
        ] + LimitOptions.specs,
        positionals: [
            PositionalSpec(
                "PATH", .zeroOrMore,
                help: ".flow files or directories (searched recursively); - reads one flow from stdin")
        ],
        discussion: """
            Exit codes:
              0  no errors (warnings allowed unless --strict or --max-warnings)
              1  errors, or warnings with --strict, or more warnings than --max-warnings, or no
                 file to lint (every PATH empty or excluded) unless --allow-empty
              2  usage or I/O error: bad arguments, a missing file, a bad config or plist

            Suppress a finding with a comment on its line, the line before, or before its state:
              // flowlint:disable FL1203 -- reason

            Adopt on a project with findings: flowlint --write-baseline flowlint-baseline.json flows,
            then flowlint --baseline flowlint-baseline.json flows reports only new findings.
            Editors and hooks: flowlint --stdin-path flows/camera.flow - < buffer

            Limits: a file over --max-file-size (FL0010), nesting deeper than --max-nesting
            (FL0011) or a flow with more than --max-states states (FL0012) is an error at its
            location; each limit must be a whole number greater than 0.
            """)

    func usageFailure(_ message: String, _ stderr: any TextOutput) -> Int32 {
        stderr.line("flowlint: error: \(IO.escapedLines(message))")
        stderr.line(Self.parser.usage)
        stderr.line("Run 'flowlint --help' for more.")
        return 2
    }

    public func run(arguments: [String], stdout: any TextOutput, stderr: any TextOutput) -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try Self.parser.parse(arguments)
        } catch {
            return usageFailure(error.message, stderr)
        }
        if let code = answerWithoutLinting(parsed, stdout: stdout, stderr: stderr) { return code }
        let options: Options
        let inputs: Inputs
        do throws(ArgumentError) {
            options = try Options(parsed)
            inputs = try readInputs(options, stderr: stderr)
        } catch {
            return usageFailure(error.message, stderr)
        }
        if inputs.files.isEmpty { return nothingToLint(options, inputs, stderr: stderr) }

        var linter = inputs.project.linter
        // A baseline records every finding, and a run against one shows every new one: no cap.
        if inputs.baseline != nil || options.writeBaseline != nil { linter.configuration.maxFindingsPerFile = 0 }
        var all = LintResults(
            paths: inputs.files,
            reports: AppInputs.runWide(
                lintAll(
                    inputs.files, linter: linter, limits: options.limits, root: inputs.project.root,
                    standardInput: inputs.standardInput)))
        if options.fix {
            switch applyFixes(&all, options: options, inputs: inputs, linter: linter, stdout: stdout, stderr: stderr) {
            case .exit(let code): return code
            case .continue: break
            }
        }
        if let w = options.writeBaseline {
            do {
                let text = Baseline(all, root: inputs.project.root).rendered()
                try Data(text.utf8).write(to: URL(fileURLWithPath: absolute(w)))
            } catch {
                return usageFailure("cannot write baseline '\(w)': \(error.localizedDescription)", stderr)
            }
        }
        var results = all
        var stale: [Baseline.Entry] = []
        if let baseline = inputs.baseline { (results, stale) = baseline.filter(all, root: inputs.project.root) }
        render(results, options: options, root: inputs.project.root, stdout: stdout, stderr: stderr)
        reportStale(stale, options: options, stderr: stderr)
        if !options.quiet {
            stderr.line(TextFormats.summary(results, baselined: all.findings.count - results.findings.count))
        }
        return exitCode(results, options: options, stderr: stderr)
    }

    /// `--help`, `--version`, `--list-rules` and `--explain`: answered without reading a flow.
    private func answerWithoutLinting(_ parsed: ParsedArguments, stdout: any TextOutput, stderr: any TextOutput)
        -> Int32?
    {
        if parsed.flag("help") {
            stdout.write(Self.parser.help)
            return 0
        }
        if parsed.flag("version") {
            stdout.line("flowlint \(Self.version)")
            return 0
        }
        if parsed.flag("all"), !parsed.flag("list-rules") {
            return usageFailure("'--all' needs '--list-rules'", stderr)
        }
        if parsed.flag("list-rules") {
            func line(_ e: DiagnosticDescription) {
                let severity = e.defaultSeverity.description.padding(toLength: 7, withPad: " ", startingAt: 0)
                stdout.line(
                    "\(e.id)  \(severity)  \(e.name.padding(toLength: 36, withPad: " ", startingAt: 0))  \(e.summary)")
            }
            guard parsed.flag("all") else {
                DiagnosticRegistry.lint.entries.forEach(line)
                return 0
            }
            for (i, phase) in DiagnosticPhase.allCases.enumerated() {
                if i > 0 { stdout.line() }
                stdout.line("\(phase):")
                DiagnosticRegistry.all.entries.filter { $0.id.phase == phase }.forEach(line)
            }
            return 0
        }
        if let id = parsed.value("explain") {
            guard let entry = DiagnosticRegistry.all.entry(id) else {
                let hint = DiagnosticRegistry.all.suggestion(for: id)
                return usageFailure(
                    "unknown diagnostic ID or rule '\(id)'" + (hint.map { "; did you mean '\($0)'?" } ?? ""), stderr)
            }
            stdout.write((RuleRegistry.rule(entry.id)?.explanation ?? entry.explanationPage) + "\n")
            return 0
        }
        return nil
    }

    /// The project, its files, the baseline and standard input, read once for the run.
    struct Inputs {
        var project: Project
        /// Paths as the user typed them, normalized; stdin under its `--stdin-path` name.
        var files: [String]
        var baseline: Baseline?
        var standardInput: (path: String, bytes: [UInt8])?
    }

    private func readInputs(_ options: Options, stderr: any TextOutput) throws(ArgumentError) -> Inputs {
        // One root for the whole run, found from the inputs, not from where the command runs.
        let root = ProjectRoot.discover(
            inputs: options.paths.map { $0 == "-" ? options.standardInputName : $0 },
            currentDirectory: currentDirectory, override: options.rootOverride)
        // The configuration (explicit, or the one found on the way up to the root) and the apps the
        // Info.plist and privacy-manifest rules check: the command line's, else the configuration's.
        let project: Project
        do throws(ProjectError) {
            project = try Project.open(
                root: root, configOverride: options.configOverride, appOptions: options.appOptions,
                maxBytes: options.limits.maxFileBytes)
        } catch {
            throw ArgumentError(error.message)
        }
        for w in project.warnings { stderr.line("flowlint: warning: \(IO.escapedLines(w))") }
        var baseline: Baseline?
        if let b = options.baselinePath {
            let data: Data
            switch FileSystemReader().read(absolute(b), maxBytes: options.limits.maxFileBytes) {
            case .success(let bytes): data = Data(bytes)
            case .failure(let error):
                throw ArgumentError(
                    "cannot read baseline '\(b)' (write one with --write-baseline \(b)): \(error.message)")
            }
            do throws(Baseline.ReadError) {
                baseline = try Baseline.parse(data, path: b)
            } catch {
                throw ArgumentError(error.message)
            }
        }
        // Files, in a stable order; a file named twice (`a.flow ./a.flow`, `flows flows/lib`) is
        // linted once. A file that links out of the root is reported at the file (FL0100).
        let files: [String]
        do throws(ProjectFiles.Failure) {
            files = try project.flowFiles(options.paths, standardInputName: options.standardInputName, links: .keep)
        } catch {
            throw ArgumentError(error.message)
        }
        let standardInput = options.readsStandardInput ? (options.standardInputName, readStandardInput()) : nil
        return Inputs(project: project, files: files, baseline: baseline, standardInput: standardInput)
    }

    /// A run that checks nothing must not look like a clean one.
    private func nothingToLint(_ options: Options, _ inputs: Inputs, stderr: any TextOutput) -> Int32 {
        let named = options.paths.map { "'\(OutputEscaping.visible($0))'" }.joined(separator: ", ")
        let why =
            inputs.project.configurationPath.map {
                " (or all of them are excluded by '\(OutputEscaping.visible($0))')"
            } ?? ""
        if options.allowEmpty {
            stderr.line("flowlint: no .flow file to lint in \(named)\(why)")
            return 0
        }
        stderr.line(
            "flowlint: error: no .flow file to lint in \(named)\(why); nothing was checked (pass --allow-empty if that is expected)"
        )
        return 1
    }

    private enum FixStep {
        case exit(Int32)
        case `continue`
    }

    /// Issue 14: `--fix` applies the machine-applicable fix-its, then the run goes on with the
    /// findings of the fixed files. A fix can uncover another (the lint rules run only once the
    /// checker's errors are fixed), so it runs again on what it fixed, a bounded number of times.
    private func applyFixes(
        _ all: inout LintResults, options: Options, inputs: Inputs, linter: Linter, stdout: any TextOutput,
        stderr: any TextOutput
    ) -> FixStep {
        let files = inputs.files
        let root = inputs.project.root
        let limits = options.limits
        let fix = FlowlintFix(root: root, dryRun: options.dryRun, limits: limits) { overlay in
            LintResults(
                paths: files,
                reports: AppInputs.runWide(
                    lintAll(files, linter: linter, limits: limits, root: root, overlay: overlay)))
        }
        for _ in 0..<FlowlintFix.maxPasses {
            let outcome = fix.run(all, stderr: stderr)
            if options.dryRun {
                stdout.write(outcome.diff)
                if outcome.failed { return .exit(2) }
                // What the fixes would not mend still fails the run, as plain flowlint would:
                // a CI gate on `--fix --dry-run` must not pass a file with errors.
                let left = outcome.fixedText.isEmpty ? all : fix.relint?(outcome.fixedText) ?? all
                if left.errorCount > 0 {
                    stderr.write(TextFormats.gcc(left))
                    stderr.line(TextFormats.summary(left, baselined: 0))
                    return .exit(1)
                }
                return .exit(outcome.changed.isEmpty ? 0 : 1)
            }
            if outcome.failed { return .exit(2) }
            if outcome.changed.isEmpty { break }
            all = LintResults(
                paths: files,
                reports: AppInputs.runWide(lintAll(files, linter: linter, limits: limits, root: root)))
        }
        return .continue
    }

    private func render(
        _ results: LintResults, options: Options, root: ProjectRoot, stdout: any TextOutput, stderr: any TextOutput
    ) {
        if let graph = options.graph {
            // Labels in the graph are copy: escaped line by line (the graph has no colour codes).
            stdout.write(
                GraphFormats.render(results, style: graph).split(separator: "\n", omittingEmptySubsequences: false)
                    .map { OutputEscaping.lineStart(String($0)) }.joined(separator: "\n"))
            stderr.write(TextFormats.gcc(results))
            return
        }
        stdout.write(
            options.format.render(
                results, root: root, version: Self.version, strict: options.strict,
                fullWitnesses: options.fullWitnesses,
                colored: Terminal.colorsEnabled(isTerminal: stdout.isTerminal, environment: environment)))
    }

    private func reportStale(_ stale: [Baseline.Entry], options: Options, stderr: any TextOutput) {
        guard !stale.isEmpty, let path = options.baselinePath else { return }
        let entries = stale.count == 1 ? "entry no longer matches" : "entries no longer match"
        stderr.line(
            "flowlint: \(stale.count) baseline \(entries) (fixed or changed); shrink the baseline with --write-baseline \(OutputEscaping.visible(path)):"
        )
        // Every field comes from the baseline file, which a pull request can edit: each is
        // shown with visible escapes, and no line can start a CI workflow command.
        for e in stale {
            stderr.line(OutputEscaping.lineStart("  \(e.path):\(e.line): \(e.ruleID) \(e.message)"))
        }
    }

    private func exitCode(_ results: LintResults, options: Options, stderr: any TextOutput) -> Int32 {
        if results.errorCount > 0 { return 1 }
        if options.strict, results.warningCount > 0 { return 1 }
        if let maxWarnings = options.maxWarnings, results.warningCount > maxWarnings {
            stderr.line("flowlint: \(results.warningCount) warnings, more than --max-warnings \(maxWarnings)")
            return 1
        }
        return 0
    }

    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : currentDirectory + "/" + path
    }

    /// Lints every file concurrently; results land in their file's slot, so output order never
    /// depends on scheduling.
    func lintAll(
        _ files: [String], linter: Linter, limits: ParseLimits = .default, root: ProjectRoot? = nil,
        standardInput: (path: String, bytes: [UInt8])? = nil, overlay: [String: [UInt8]] = [:]
    ) -> [LintReport] {
        let slots = ReportSlots(count: files.count)
        let files0 = RelativeReader(base: currentDirectory)
        // `--fix` lints its fixed text before writing it (FlowlintFix.swift).
        let reader: any SourceReader = overlay.isEmpty ? files0 : OverlayReader(base: files0, overlay: overlay)
        let loader = Loader(
            reader: standardInput.map { StandardInputReader(path: $0.path, bytes: $0.bytes, files: reader) } ?? reader,
            limits: limits)
        // A file in a directory that links out of the project root is not read (FL0100): the
        // loader refuses a file that links out of its own directory, but a linked directory moves
        // that directory too.
        let escapes = root.map { root in
            let escape = root.escapeCheck()
            return files.map { path -> String? in
                guard path != standardInput?.path, let directory = ProjectRoot.parent(of: ProjectRoot.normalize(path))
                else { return nil }
                return escape(directory).map { "'\(OutputEscaping.visible(path))': \($0)" }
            }
        }
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            if let escape = escapes?[i] {
                let refused = Diagnostic.error(ModelDiagnosticID.unreadableEntry, "cannot read \(escape)", at: nil)
                slots.set(
                    i,
                    linter.lint(LoadResult(files: [], syntax: [], comments: [], diagnostics: [refused], program: nil)))
                return
            }
            slots.set(i, linter.lint(loader.load(files[i])))
        }
        return slots.reports
    }
}

/// Result slots written from `concurrentPerform`, one per file.
private final class ReportSlots: @unchecked Sendable {
    private var storage: [LintReport?]
    private let lock = NSLock()
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ report: LintReport) {
        lock.lock()
        storage[i] = report
        lock.unlock()
    }
    var reports: [LintReport] {
        lock.lock()
        defer { lock.unlock() }
        return storage.map { $0! }
    }
}

/// Reads files relative to the command's working directory, keeping paths as the user typed them.
/// Every read and real path goes through `FileSystemReader`, so the size limit is applied before
/// reading and the root rule sees the file system's real paths.
struct RelativeReader: SourceReader {
    var base: String
    func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : base + "/" + path }
    func read(_ path: String) -> Result<[UInt8], SourceReadError> {
        FileSystemReader().read(absolute(path))
    }
    func read(_ path: String, maxBytes: Int) -> Result<[UInt8], SourceReadError> {
        FileSystemReader().read(absolute(path), maxBytes: maxBytes)
    }
    func realPath(_ path: String) -> String? {
        FileSystemReader().realPath(absolute(path))
    }
}

/// Serves the flow read from stdin under its `--stdin-path` (also when another flow imports it:
/// an editor's unsaved buffer wins over the file on disk) and everything else from `files`.
private struct StandardInputReader: SourceReader {
    var path: String
    var bytes: [UInt8]
    var files: any SourceReader
    func read(_ path: String) -> Result<[UInt8], SourceReadError> {
        ProjectRoot.normalize(path) == self.path ? .success(bytes) : files.read(path)
    }
    func read(_ path: String, maxBytes: Int) -> Result<[UInt8], SourceReadError> {
        guard ProjectRoot.normalize(path) == self.path else { return files.read(path, maxBytes: maxBytes) }
        return bytes.count > maxBytes ? .failure(.tooLarge(size: bytes.count, limit: maxBytes)) : .success(bytes)
    }
}
