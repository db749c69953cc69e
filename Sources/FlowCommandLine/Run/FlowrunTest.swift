import FlowArguments
import FlowModel
import FlowRuntime
import FlowSyntax
import Foundation

/// `flowrun test PATH...`: runs scenario files with the runtime's scenario runner.
struct FlowrunTest: Sendable {
    var reader: any SourceReader
    var load: FlowrunCommand.Load
    var io: IO

    static let parser = ArgumentParser(
        commandName: "flowrun test",
        summary: "Runs scenario files (directories recursively) and reports each as passed or failed.",
        options: [
            .value(
                "max-steps", "n",
                help:
                    "steps without user input before a run is a loop, for scenarios without a `limit` line (default 1000)"
            ),
            .value(
                "max-total-steps", "n",
                help: "most steps a run takes in all (default \(Interpreter.Options.defaultMaxTotalSteps))"),
            .value(
                "format", "format",
                help: "text (default), or junit: JUnit XML on stdout, one test case per scenario, for CI test reports"),
            .flag("allow-empty", help: "exit 0 when no scenario file is found (default: exit 1)"),
        ] + LimitOptions.specs + [.flag("help", short: "h", help: "show this help")],
        positionals: [PositionalSpec("PATH", .oneOrMore, help: "scenario files or directories")],
        discussion: """
            The last line is exactly `N passed, M failed` (on stderr with --format junit, so
            stdout holds only the XML).

            A scenario or directory entry that cannot be read is a failure; finding no scenario
            at all is an error unless --allow-empty.

            Exit codes:
              0  every scenario passed
              1  a scenario failed (including an unreadable or malformed scenario or a flow that
                 does not load), or no scenario was found
              2  usage or I/O error: bad arguments, a missing path
            """
    )

    func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        switch io.parse(arguments, with: Self.parser) {
        case .success(let p): parsed = p
        case .failure(let stop): return stop.code
        }
        var runner: ScenarioRunner
        do {
            runner = ScenarioRunner(
                reader: reader, limits: try LimitOptions.parseLimits(parsed),
                stepLimit: try LimitOptions.positive(parsed, "max-steps") ?? 1000,
                maxTotalSteps: try LimitOptions.positive(parsed, "max-total-steps")
                    ?? Interpreter.Options.defaultMaxTotalSteps)
        } catch {
            return io.usageError(error.message, parser: Self.parser)
        }
        let format = parsed.value("format") ?? "text"
        guard format == "text" || format == "junit" else {
            let hint = Suggestion.closest(to: format, in: ["text", "junit"]).map { "; did you mean '\($0)'?" } ?? ""
            return io.usageError("unknown format '\(format)'\(hint); use text or junit", parser: Self.parser)
        }
        let junit = format == "junit"
        // The root rule for the flows scenarios name: the project, i.e. the working directory.
        runner.root = FileManager.default.currentDirectoryPath
        var files: [String] = []
        var unlisted: [(path: String, why: String)] = []
        for path in parsed.positionals("PATH") {
            switch Self.scenarioFiles(at: path) {
            case .success(let found):
                files += found.files
                unlisted += found.unreadable
            case .failure(let error):
                io.error(error.message)
                return ExitCode.usageError
            }
        }
        let style = io.style
        let colored = junit ? false : io.style.colors
        var passed = 0
        var failed = 0
        var cases: [JUnitXML.TestCase] = []
        for entry in unlisted {
            failed += 1
            if junit {
                cases.append(Self.unreadableCase(entry))
            } else {
                io.stdout.line("\(style.red("FAIL")) \(OutputEscaping.visible(entry.path))")
                io.stdout.line("    \(OutputEscaping.lineStart(entry.path)): error: cannot read: \(entry.why)")
            }
        }
        if files.isEmpty && unlisted.isEmpty { return nothingFound(parsed, junit: junit) }
        for file in files {
            let result = await runner.run(path: file)
            if result.passed {
                passed += 1
                if !junit { io.stdout.line("\(style.green("PASS")) \(OutputEscaping.visible(file))") }
            } else {
                failed += 1
                if !junit { io.stdout.line("\(style.red("FAIL")) \(OutputEscaping.visible(file))") }
            }
            let details = Self.details(of: result, file: file, colored: colored)
            if junit {
                cases.append(Self.junitCase(result, file: file, details: details))
                continue
            }
            if !details.isEmpty {
                io.stdout.write(
                    details.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n"))
                if !details.hasSuffix("\n") { io.stdout.line() }
            }
        }
        if junit {
            io.stdout.write(JUnitXML(suiteName: "flowrun test", cases: cases).rendered())
            io.stderr.line("\(passed) passed, \(failed) failed")
        } else {
            io.stdout.line("\(passed) passed, \(failed) failed")
        }
        return failed == 0 ? ExitCode.finished : ExitCode.flowError
    }

    /// No scenario under the paths: an error unless `--allow-empty`.
    func nothingFound(_ parsed: ParsedArguments, junit: Bool) -> Int32 {
        let paths = parsed.positionals("PATH").map { "'\(OutputEscaping.visible($0))'" }.joined(separator: ", ")
        let summary = junit ? io.stderr : io.stdout
        if parsed.flag("allow-empty") {
            if junit { io.stdout.write(JUnitXML(suiteName: "flowrun test", cases: []).rendered()) }
            summary.line("0 passed, 0 failed")
            return ExitCode.finished
        }
        io.error("no .scenario file found in \(paths); nothing was tested (pass --allow-empty if that is expected)")
        summary.line("0 passed, 0 failed")
        return ExitCode.flowError
    }

    /// A JUnit case for a scenario entry that could not be read.
    static func unreadableCase(_ entry: (path: String, why: String)) -> JUnitXML.TestCase {
        var testCase = JUnitXML.TestCase(name: entry.path, className: "unreadable", file: entry.path)
        testCase.failure = ("cannot read: \(entry.why)", "")
        return testCase
    }

    /// What a scenario reported: its diagnostics, its flow's and its failures.
    static func details(of result: ScenarioResult, file: String, colored: Bool) -> String {
        var details = ""
        if let scenarioFile = result.scenarioFile, !result.diagnostics.isEmpty {
            details += DiagnosticRenderer(files: [scenarioFile], colored: colored).render(
                result.diagnostics, fallbackPath: file)
        } else if !result.diagnostics.isEmpty {
            details += DiagnosticRenderer(files: [], colored: colored).render(
                result.diagnostics, fallbackPath: file)
        }
        if !result.flowDiagnostics.isEmpty {
            details += DiagnosticRenderer(files: result.flowFiles, colored: colored)
                .render(result.flowDiagnostics, fallbackPath: result.flowFiles.first?.path ?? file)
        }
        if !result.failures.isEmpty { details += IO.escapedLines(result.failureReport) + "\n" }
        return details
    }

    /// A scenario as a JUnit case; a failed one carries its first problem and `details`.
    static func junitCase(_ result: ScenarioResult, file: String, details: String) -> JUnitXML.TestCase {
        // Test reporters group cases by class name: the scenario's directory.
        let directory = file.lastIndex(of: "/").map { String(file[..<$0]) } ?? "."
        var testCase = JUnitXML.TestCase(
            name: result.name, className: directory.isEmpty ? "/" : directory, file: file)
        if !result.passed {
            let first =
                result.failures.first?.message
                ?? (result.diagnostics + result.flowDiagnostics).first { $0.severity == .error }?.message
                ?? "failed"
            testCase.failure = (first, details)
        }
        return testCase
    }

    /// `path` itself when it is a file, else every `.scenario` under it (sorted, recursively),
    /// with the entries that could not be listed or examined (each is a failure, not a skip).
    static func scenarioFiles(at path: String) -> Result<
        (files: [String], unreadable: [(path: String, why: String)]), ArgumentError
    > {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(ArgumentError("cannot read '\(path)': no such file or directory"))
        }
        guard isDirectory.boolValue else { return .success(([path], [])) }
        let base = path.hasSuffix("/") ? path : path + "/"
        let root = URL(fileURLWithPath: path).standardizedFileURL
        let problems = EnumerationProblems()
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: nil, options: [],
                errorHandler: { url, error in
                    problems.add(url.path, (error as NSError).localizedDescription)
                    return true
                })
        else {
            return .failure(ArgumentError("cannot read directory '\(path)'"))
        }
        var found: [String] = []
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        while let url = enumerator.nextObject() as? URL {
            let full = url.standardizedFileURL.path
            guard full.hasSuffix(".scenario") else { continue }
            found.append(full.hasPrefix(rootPath) ? base + full.dropFirst(rootPath.count) : full)
        }
        return .success((found.sorted(), problems.list))
    }
}

/// Errors reported by a directory enumerator's handler (which may run on another thread).
private final class EnumerationProblems: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [(path: String, why: String)] = []
    func add(_ path: String, _ why: String) {
        lock.lock()
        items.append((path, why))
        lock.unlock()
    }
    var list: [(path: String, why: String)] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
