import FlowArguments
import FlowFormat
import FlowModel
import FlowProject
import FlowSyntax
import Foundation

/// `flowfmt PATH...`: the canonical layout of `.flow` files (Grammar.md, "Canonical layout").
/// A separate command rather than `flowlint format`, as `gofmt` and `swift-format` are: an
/// editor or pre-commit hook runs it alone, and its options (`--check`, `--diff`, `--in-place`)
/// would read oddly next to flowlint's `--format` (the output format of findings).
///
/// | code | meaning |
/// |---|---|
/// | 0 | formatted (or, with `--check`, every file already canonical) |
/// | 1 | with `--check`, a file would change; or a file has syntax errors (it is left as it is) |
/// | 2 | usage or I/O error |
public struct FlowfmtCommand: Sendable {
    public var environment: [String: String]
    public var currentDirectory: String
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
        FlowfmtCommand().run(arguments: arguments, stdout: stdout, stderr: stderr)
    }

    static let parser = ArgumentParser(
        commandName: "flowfmt",
        summary: "Format .flow files in the canonical layout (Grammar.md, \"Canonical layout\").",
        options: [
            .flag("help", short: "h", help: "print this help"),
            .flag("version", help: "print the version"),
            .flag("check", help: "change nothing; list the files that are not formatted and exit 1 if there is one"),
            .flag("diff", help: "print a unified diff of the changes instead of the formatted text"),
            .flag("in-place", short: "i", help: "rewrite the files that change, and list them"),
            .value("stdin-path", "path", help: "the path a flow read from stdin (PATH '-') is named by in messages"),
            .value(
                "config", "file",
                help:
                    "configuration file whose exclude patterns apply (default: the nearest .flowlint or flowlint.json above the first PATH)"
            ),
            .value("root", "dir", help: "the project root (default: as flowlint finds it)"),
        ] + LimitOptions.specs,
        positionals: [
            PositionalSpec(
                "PATH", .zeroOrMore,
                help:
                    ".flow files or directories (searched recursively); - reads one flow from stdin and writes it to stdout"
            )
        ],
        discussion: """
            Without --check, --diff or --in-place the formatted text goes to stdout.
            A file with syntax errors is not formatted: its diagnostics are printed, the file is
            left as it is, and the exit code is 1.

            Exit codes:
              0  formatted; with --check, every file is already formatted
              1  with --check, a file would change; or a file has syntax errors
              2  usage or I/O error
            """)

    func usageFailure(_ message: String, _ stderr: any TextOutput) -> Int32 {
        stderr.line("flowfmt: error: \(IO.escapedLines(message))")
        stderr.line(Self.parser.usage)
        stderr.line("Run 'flowfmt --help' for more.")
        return 2
    }

    /// What a run was asked to do, parsed and checked.
    struct Options {
        var check = false
        var diff = false
        var inPlace = false
        var limits = ParseLimits.default
        var paths: [String] = []
        var stdinName = "<stdin>"
        var root: String?
        var config: String?
    }

    /// The options, or the exit code when the run ends here (help, version, a usage error).
    func options(_ arguments: [String], stdout: any TextOutput, stderr: any TextOutput) -> Result<Options, EarlyExit> {
        let parsed: ParsedArguments
        do {
            parsed = try Self.parser.parse(arguments)
        } catch {
            return .failure(EarlyExit(usageFailure(error.message, stderr)))
        }
        if parsed.flag("help") {
            stdout.write(Self.parser.help)
            return .failure(EarlyExit(0))
        }
        if parsed.flag("version") {
            stdout.line("flowfmt \(ToolVersion.current)")
            return .failure(EarlyExit(0))
        }
        var options = Options(
            check: parsed.flag("check"), diff: parsed.flag("diff"), inPlace: parsed.flag("in-place"),
            paths: parsed.positionals("PATH"),
            stdinName: ProjectRoot.normalize(parsed.value("stdin-path") ?? "<stdin>"),
            root: parsed.value("root"), config: parsed.value("config"))
        func failure(_ message: String) -> Result<Options, EarlyExit> {
            .failure(EarlyExit(usageFailure(message, stderr)))
        }
        if options.inPlace && (options.check || options.diff) {
            return failure("--in-place changes files; --check and --diff only report (give one or the other)")
        }
        do throws(ArgumentError) {
            options.limits = try LimitOptions.parseLimits(parsed)
        } catch {
            return failure(error.message)
        }
        guard !options.paths.isEmpty else { return failure("no PATH given") }
        if options.paths.filter({ $0 == "-" }).count > 1 { return failure("'-' (stdin) can be given once") }
        if options.inPlace, options.paths.contains("-") {
            return failure("--in-place cannot rewrite stdin; leave it out to write the result to stdout")
        }
        return .success(options)
    }

    public func run(arguments: [String], stdout: any TextOutput, stderr: any TextOutput) -> Int32 {
        let options: Options
        switch self.options(arguments, stdout: stdout, stderr: stderr) {
        case .success(let parsed): options = parsed
        case .failure(let exit): return exit.code
        }
        let project: ProjectFiles
        do throws(ProjectFiles.Failure) {
            project = try ProjectFiles.find(
                options.paths, currentDirectory: currentDirectory, rootOverride: options.root,
                configOverride: options.config, limits: options.limits)
        } catch {
            return usageFailure(error.message, stderr)
        }
        var run = FormatRun(options: options, root: project.root, stdout: stdout, stderr: stderr)
        for path in project.files {
            guard let bytes = read(path, run: &run) else { continue }
            run.format(bytes, path: path)
        }
        // A hook or CI log that shows only file names leaves the user guessing what to run.
        if !run.unformatted.isEmpty {
            let files = run.unformatted.map { ShellQuoting.quoted(OutputEscaping.visible($0)) }.joined(separator: " ")
            let count = run.unformatted.count
            stderr.line(
                "flowfmt: \(count) file\(count == 1 ? " is" : "s are") not in the canonical layout; run: flowfmt -i \(files)"
            )
        }
        if project.files.isEmpty {
            let paths = options.paths.map { "'\(OutputEscaping.visible($0))'" }.joined(separator: ", ")
            stderr.line("flowfmt: error: no .flow file in \(paths)")
            return 1
        }
        return run.status
    }

    /// The bytes of `path` (stdin for `-`), or nil after reporting why it cannot be formatted.
    private func read(_ path: String, run: inout FormatRun) -> [UInt8]? {
        if path == "-" { return readStandardInput() }
        switch FileSystemReader().read(run.root.absolute(path), maxBytes: run.options.limits.maxFileBytes) {
        case .success(let bytes): return bytes
        case .failure(let error) where error.tooLargeSize != nil:
            // Not read at all (the size is known before reading): FL0010, as flowlint reports it.
            run.stderr.line(
                "\(OutputEscaping.visible(path)):1:1: error: \(error.message) [\(DiagnosticID.fileTooLarge)]")
            run.status = max(run.status, 1)
        case .failure(let error):
            run.stderr.line("flowfmt: error: cannot read '\(OutputEscaping.visible(path))': \(error.message)")
            run.status = 2
        }
        return nil
    }
}

/// The exit code of a run that ends before it formats anything (help, version, a usage error).
struct EarlyExit: Error {
    var code: Int32
    init(_ code: Int32) { self.code = code }
}

/// One `flowfmt` run over its files: each formatted, then printed, checked, diffed or written.
struct FormatRun {
    let options: FlowfmtCommand.Options
    let root: ProjectRoot
    let stdout: any TextOutput
    let stderr: any TextOutput
    var status: Int32 = 0
    /// Files `--check` found not formatted (stdin is not listed: it cannot be rewritten).
    var unformatted: [String] = []
    private var sources = SourceList()

    init(options: FlowfmtCommand.Options, root: ProjectRoot, stdout: any TextOutput, stderr: any TextOutput) {
        self.options = options
        self.root = root
        self.stdout = stdout
        self.stderr = stderr
    }

    mutating func format(_ bytes: [UInt8], path: String) {
        let name = path == "-" ? options.stdinName : path
        let source = sources.add(path: name, bytes: bytes)
        let formatted: [UInt8]
        do throws(FormatError) {
            formatted = try Formatter.format(source, limits: options.limits)
        } catch {
            report(error, in: source, name: name)
            status = max(status, 1)
            return
        }
        let changed = formatted != bytes
        if options.check || options.diff {
            guard changed else { return }
            if options.check {
                stdout.line(OutputEscaping.visible(name))
                if path != "-" { unformatted.append(path) }
                status = max(status, 1)
            }
            if options.diff {
                stdout.write(UnifiedDiff.render(old: bytes, new: formatted, oldPath: "a/" + name, newPath: "b/" + name))
            }
        } else if options.inPlace {
            guard changed else { return }
            do throws(FileReplacement.Failure) {
                try FileReplacement.write(formatted, to: root.absolute(path))
                stdout.line(OutputEscaping.visible(name))
            } catch {
                stderr.line("flowfmt: error: cannot write '\(OutputEscaping.visible(path))': \(error.message)")
                status = 2
            }
        } else {
            stdout.write(String(decoding: formatted, as: UTF8.self))
        }
    }

    private func report(_ error: FormatError, in source: SourceFile, name: String) {
        switch error {
        case .syntaxErrors(let diagnostics):
            stderr.write(DiagnosticRenderer(files: [source], colored: false).render(diagnostics, fallbackPath: name))
            stderr.line("flowfmt: \(OutputEscaping.visible(name)) has syntax errors; it was not formatted")
        case .internalError(let message, let range):
            let place = range.map { ":\($0.start.line):\($0.start.column)" } ?? ""
            stderr.line(
                "flowfmt: internal error: \(OutputEscaping.visible(name))\(place): \(message); the file was left as it is (please report it)"
            )
        }
    }
}

/// Source files with distinct IDs, so every diagnostic renders with its own file's lines.
struct SourceList {
    private(set) var files: [SourceFile] = []
    mutating func add(path: String, bytes: [UInt8]) -> SourceFile {
        let file = SourceFile(id: FileID(files.count), path: path, bytes: bytes)
        files.append(file)
        return file
    }
}
