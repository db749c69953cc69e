import Dispatch
import FlowLint
import FlowModel
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
    public static let version = "0.2.0"

    public var environment: [String: String]
    public var currentDirectory: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                currentDirectory: String = FileManager.default.currentDirectoryPath) {
        self.environment = environment
        self.currentDirectory = currentDirectory
    }

    /// Runs with the process environment and working directory.
    public static func run(arguments: [String], stdout: any TextOutput, stderr: any TextOutput) -> Int32 {
        FlowlintCommand().run(arguments: arguments, stdout: stdout, stderr: stderr)
    }

    static let formats = ["text", "gcc", "json", "sarif", "github"]

    static let parser = ArgumentParser(
        commandName: "flowlint",
        summary: "Check .flow permission flows: graph, status, App Review, copy and Info.plist rules.",
        options: [
            .flag("help", short: "h", help: "print this help"),
            .flag("version", help: "print the version"),
            .flag("list-rules", help: "list every rule with its ID, default severity and summary"),
            .value("explain", "id", help: "print a rule's documentation and examples"),
            .value("format", "format", help: "output: text (default), gcc, json, sarif, github"),
            .flag("strict", help: "exit 1 on warnings too"),
            .value("max-warnings", "n", help: "exit 1 when more than n warnings remain"),
            .value("info-plist", "file", help: "check requests against this Info.plist (XML or binary)"),
            .value("config", "file", help: "configuration file (default: .flowlint or flowlint.json at the project root)"),
            .value("graph", "style", help: "print the state graphs as mermaid or dot instead of findings"),
            .flag("allow-empty", help: "exit 0 when no .flow file is left to lint (default: exit 1)"),
        ] + LimitOptions.specs,
        positionals: [PositionalSpec("PATH", .zeroOrMore, help: ".flow files or directories (searched recursively)")],
        discussion: """
            Exit codes:
              0  no errors (warnings allowed unless --strict or --max-warnings)
              1  errors, or warnings with --strict, or more warnings than --max-warnings, or no
                 file to lint (every PATH empty or excluded) unless --allow-empty
              2  usage or I/O error: bad arguments, a missing file, a bad config or plist

            Suppress a finding with a comment on its line, the line before, or before its state:
              // flowlint:disable FL1203 -- reason

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
        if parsed.flag("help") {
            stdout.write(Self.parser.help)
            return 0
        }
        if parsed.flag("version") {
            stdout.line("flowlint \(Self.version)")
            return 0
        }
        if parsed.flag("list-rules") {
            for rule in RuleRegistry.rules {
                let severity = rule.defaultSeverity.description.padding(toLength: 7, withPad: " ", startingAt: 0)
                stdout.line("\(rule.id)  \(severity)  \(rule.name.padding(toLength: 36, withPad: " ", startingAt: 0))  \(rule.summary)")
            }
            return 0
        }
        if let id = parsed.value("explain") {
            guard let rule = RuleRegistry.rule(id) else {
                let hint = Suggestion.closest(to: id.uppercased(), in: RuleRegistry.rules.map(\.id))
                return usageFailure("unknown rule '\(id)'" + (hint.map { "; did you mean '\($0)'?" } ?? ""), stderr)
            }
            stdout.write(rule.explanation + "\n")
            return 0
        }
        let format = parsed.value("format") ?? "text"
        guard Self.formats.contains(format) else {
            let hint = Suggestion.closest(to: format, in: Self.formats)
            return usageFailure("unknown format '\(format)'" + (hint.map { "; did you mean '\($0)'?" } ?? " (expected text, gcc, json, sarif or github)"), stderr)
        }
        var graph: GraphFormats.Style?
        if let g = parsed.value("graph") {
            guard let style = GraphFormats.Style(rawValue: g) else {
                return usageFailure("unknown graph style '\(g)' (expected mermaid or dot)", stderr)
            }
            graph = style
        }
        var maxWarnings: Int?
        if let m = parsed.value("max-warnings") {
            guard let n = Int(m), n >= 0 else { return usageFailure("--max-warnings needs a number, not '\(m)'", stderr) }
            maxWarnings = n
        }
        let limits: ParseLimits
        do throws(ArgumentError) {
            limits = try LimitOptions.parseLimits(parsed)
        } catch {
            return usageFailure(error.message, stderr)
        }
        let paths = parsed.positionals("PATH")
        guard !paths.isEmpty else { return usageFailure("no PATH given", stderr) }

        // Configuration: explicit, or found at the project root.
        var configuration = LintConfiguration()
        let configPath = parsed.value("config") ?? findConfiguration()
        if let configPath {
            // The flows' size limit and bounded read apply to every input, configs included.
            let data: Data
            switch FileSystemReader().read(absolute(configPath), maxBytes: limits.maxFileBytes) {
            case .success(let bytes): data = Data(bytes)
            case .failure(let error): return usageFailure("cannot read configuration '\(configPath)': \(error.message)", stderr)
            }
            do {
                configuration = configPath.hasSuffix(".json")
                    ? try LintConfiguration.parse(json: data, path: configPath)
                    : try LintConfiguration.parse(lines: String(decoding: data, as: UTF8.self), path: configPath)
            } catch {
                return usageFailure(error.message, stderr)
            }
        }
        var plist: InfoPlist?
        if let p = parsed.value("info-plist") {
            do {
                var read = try InfoPlist.read(path: absolute(p), maxBytes: limits.maxFileBytes)
                read.path = p
                plist = read
            } catch {
                return usageFailure(error.message, stderr)
            }
        }

        // Files, in a stable order.
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute(path), isDirectory: &isDirectory) else {
                return usageFailure("no such file or directory '\(path)'", stderr)
            }
            if isDirectory.boolValue {
                guard let entries = try? FileManager.default.subpathsOfDirectory(atPath: absolute(path)) else {
                    return usageFailure("cannot read directory '\(path)'", stderr)
                }
                let base = path.hasSuffix("/") ? path : path + "/"
                files += entries.filter { $0.hasSuffix(".flow") }.sorted().map { base + $0 }
                    .filter { !configuration.excludes($0) }
            } else if !configuration.excludes(path) {
                files.append(path)
            }
        }
        var unique = Set<String>()
        files = files.filter { unique.insert($0).inserted }
        if files.isEmpty {
            // A run that checks nothing must not look like a clean one.
            let named = paths.map { "'\(OutputEscaping.visible($0))'" }.joined(separator: ", ")
            let why = configPath.map { " (or all of them are excluded by '\(OutputEscaping.visible($0))')" } ?? ""
            if parsed.flag("allow-empty") {
                stderr.line("flowlint: no .flow file to lint in \(named)\(why)")
                return 0
            }
            stderr.line("flowlint: error: no .flow file to lint in \(named)\(why); nothing was checked (pass --allow-empty if that is expected)")
            return 1
        }

        let linter = Linter(configuration: configuration, infoPlist: plist)
        let reports = lintAll(files, linter: linter, limits: limits)
        let results = LintResults(paths: files, reports: reports)

        if let graph {
            // Labels in the graph are copy: escaped line by line (the graph has no colour codes).
            stdout.write(GraphFormats.render(results, style: graph).split(separator: "\n", omittingEmptySubsequences: false)
                .map { OutputEscaping.lineStart(String($0)) }.joined(separator: "\n"))
            stderr.write(TextFormats.gcc(results))
        } else {
            let colored = Terminal.colorsEnabled(isTerminal: stdout.isTerminal, environment: environment)
            switch format {
            case "gcc": stdout.write(TextFormats.gcc(results))
            case "json": stdout.write(JSONFormats.json(results, version: Self.version))
            case "sarif": stdout.write(JSONFormats.sarif(results, version: Self.version))
            case "github": stdout.write(TextFormats.github(results))
            default:
                stdout.write(TextFormats.text(results, colored: colored))
                if !results.findings.isEmpty { stdout.line(TextFormats.summary(results)) }
            }
        }

        if results.errorCount > 0 { return 1 }
        if parsed.flag("strict"), results.warningCount > 0 { return 1 }
        if let maxWarnings, results.warningCount > maxWarnings {
            stderr.line("flowlint: \(results.warningCount) warnings, more than --max-warnings \(maxWarnings)")
            return 1
        }
        return 0
    }

    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : currentDirectory + "/" + path
    }

    /// `.flowlint` or `flowlint.json` in the working directory or the nearest ancestor that has
    /// one; the search stops at a directory holding `.git` (the project root).
    func findConfiguration() -> String? {
        var dir = URL(fileURLWithPath: currentDirectory).standardizedFileURL
        while true {
            for name in [".flowlint", "flowlint.json"] {
                let candidate = dir.appendingPathComponent(name).path
                if FileManager.default.fileExists(atPath: candidate) { return candidate }
            }
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent(".git").path) { return nil }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { return nil }
            dir = parent
        }
    }

    /// Lints every file concurrently; results land in their file's slot, so output order never
    /// depends on scheduling.
    func lintAll(_ files: [String], linter: Linter, limits: ParseLimits = .default) -> [LintReport] {
        let slots = ReportSlots(count: files.count)
        let loader = Loader(reader: RelativeReader(base: currentDirectory), limits: limits)
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
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
    func set(_ i: Int, _ report: LintReport) { lock.lock(); storage[i] = report; lock.unlock() }
    var reports: [LintReport] { lock.lock(); defer { lock.unlock() }; return storage.map { $0! } }
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
