import FlowArguments
import FlowLint
import FlowModel
import FlowProject
import FlowStrings
import FlowSyntax
import Foundation

/// `flowstrings export|import|check`: the flows' `strings` tables to and from a String Catalog
/// (`.xcstrings`), XLIFF 1.2 (`.xliff`) or an `.xcloc`. A tool of its own, not a flowlint
/// subcommand: it writes files (flowlint only reads), translators and CI run it on its own, and
/// it has its own exit codes. Takes its streams as parameters so tests run it in-process.
///
/// | code | meaning |
/// |---|---|
/// | 0 | done (warnings allowed) |
/// | 1 | errors: the flows do not check, the catalog has errors (nothing written), the imported copy has lint errors, or `--check` found the catalog out of date |
/// | 2 | usage or I/O error |
public struct FlowstringsCommand: Sendable {
    public var environment: [String: String]
    public var currentDirectory: String

    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        self.environment = environment
        self.currentDirectory = currentDirectory
    }

    public static func run(arguments: [String], stdout: any TextOutput, stderr: any TextOutput) -> Int32 {
        FlowstringsCommand().run(arguments: arguments, stdout: stdout, stderr: stderr)
    }

    static let parser = ArgumentParser(
        commandName: "flowstrings",
        summary: "Export the flows' copy to a String Catalog, XLIFF or .xcloc for translators, and import it back.",
        options: [
            .flag("help", short: "h", help: "print this help"),
            .flag("version", help: "print the version"),
            .value(
                "catalog", "path",
                help: "the .xcstrings, .xliff or .xcloc to write (export; default: stdout) or read (import, check)"),
            .value(
                "format", "format",
                help: "xcstrings, xliff or xcloc (default: from the catalog's extension, else xcstrings)"),
            .repeatable(
                "locale", "tag",
                help: "xliff, xcloc: the target locale (one for an .xliff; default: every locale but the base)"),
            .flag(
                "check", help: "export: write nothing; exit 1 when the catalog differs from what the export would write"
            ),
            .flag(
                "delete",
                help: "import: also remove entries the catalog does not have (for an XLIFF file: of its target locales)"
            ),
            .flag("dry-run", help: "import: list what would change, write nothing"),
            .value(
                "root", "dir", help: "the project root catalog keys are relative to (default: as flowlint finds it)"),
            .flag("quiet", short: "q", help: "do not print the summary line on stderr"),
        ] + LimitOptions.specs,
        positionals: [
            PositionalSpec("COMMAND", .optional, help: "export, import or check (export --check)"),
            PositionalSpec("PATH", .zeroOrMore, help: ".flow files or directories (searched recursively)"),
        ],
        discussion: """
            Keys: a catalog key is the flow file that defines it in the base locale, relative to
            the project root, and the key: flows/camera.flow:prime.title.

            Exit codes:
              0  done (warnings allowed)
              1  errors: the flows do not check, the catalog has errors (nothing is written),
                 the imported copy has lint errors, or --check: the catalog is out of date
              2  usage or I/O error
            """)

    func usageFailure(_ message: String, _ stderr: any TextOutput) -> Int32 {
        stderr.line("flowstrings: error: \(OutputEscaping.visible(message))")
        stderr.line(Self.parser.usage)
        stderr.line("Run 'flowstrings --help' for more.")
        return 2
    }

    /// What a run needs after the arguments are read.
    struct Setup {
        var command: String
        var catalog: String?
        var format: String
        var locales: [String]
        var root: ProjectRoot
        var files: [String]
        var limits: ParseLimits
        var parsed: ParsedArguments
    }

    /// The subcommand and catalog a run asks for, checked against each other.
    struct Request {
        /// `export` or `import` (`check` is `export` with `check`).
        var command: String
        var check: Bool
        var catalog: String?
        /// `xcstrings`, `xliff` or `xcloc`.
        var format: String
    }

    static func request(_ parsed: ParsedArguments) throws(ArgumentError) -> Request {
        let commands = ["export", "import", "check"]
        guard var command = parsed.positional("COMMAND") else {
            throw ArgumentError("no COMMAND given (export, import or check)")
        }
        guard commands.contains(command) else {
            let hint = Suggestion.closest(to: command, in: commands).map { "; did you mean '\($0)'?" } ?? ""
            throw ArgumentError("unknown command '\(command)'\(hint)")
        }
        var check = parsed.flag("check")
        if command == "check" { (command, check) = ("export", true) }
        let catalog = parsed.value("catalog")
        if command == "import" || check, catalog == nil {
            throw ArgumentError("\(check ? "--check" : "import") needs --catalog PATH")
        }
        if command == "import", check { throw ArgumentError("--check is for export") }
        if command == "export", parsed.flag("delete") || parsed.flag("dry-run") {
            throw ArgumentError("--delete and --dry-run are for import")
        }
        let ext =
            catalog.map {
                ($0.hasSuffix("/") ? String($0.dropLast()) : $0).split(separator: ".").last.map(String.init) ?? ""
            } ?? ""
        let format = parsed.value("format") ?? ["xliff": "xliff", "xlf": "xliff", "xcloc": "xcloc"][ext] ?? "xcstrings"
        guard ["xcstrings", "xliff", "xcloc"].contains(format) else {
            throw ArgumentError("unknown format '\(format)' (expected xcstrings, xliff or xcloc)")
        }
        if format == "xcloc", catalog == nil { throw ArgumentError("an .xcloc is a directory: give --catalog DIR") }
        if format == "xcstrings", !parsed.values("locale").isEmpty {
            throw ArgumentError(
                "--locale is for xliff and xcloc (a String Catalog holds every locale): add --format xliff or name a .xliff"
            )
        }
        // A target locale names files (`<locale>.xcloc`, `<locale>.xliff`): a language tag only.
        if let problem = parsed.values("locale").lazy.compactMap(LocaleTag.problem).first {
            throw ArgumentError("--locale: \(problem)")
        }
        return Request(command: command, check: check, catalog: catalog, format: format)
    }

    public func run(arguments: [String], stdout: any TextOutput, stderr: any TextOutput) -> Int32 {
        let parsed: ParsedArguments
        do { parsed = try Self.parser.parse(arguments) } catch { return usageFailure(error.message, stderr) }
        if parsed.flag("help") {
            stdout.write(Self.parser.help)
            return 0
        }
        if parsed.flag("version") {
            stdout.line("flowstrings \(ToolVersion.current)")
            return 0
        }
        let request: Request
        do throws(ArgumentError) { request = try Self.request(parsed) } catch {
            return usageFailure(error.message, stderr)
        }
        let (command, check, catalog, format) = (request.command, request.check, request.catalog, request.format)
        let limits: ParseLimits
        do throws(ArgumentError) { limits = try LimitOptions.parseLimits(parsed) } catch {
            return usageFailure(error.message, stderr)
        }
        let paths = parsed.positionals("PATH")
        guard !paths.isEmpty else { return usageFailure("no PATH given", stderr) }
        // The files as every tool finds them: the configuration's excludes apply, and nothing is
        // read through a link out of the root.
        let found: ProjectFiles
        do throws(ProjectFiles.Failure) {
            found = try ProjectFiles.find(
                paths, currentDirectory: currentDirectory, rootOverride: parsed.value("root"),
                configOverride: nil, limits: limits)
        } catch {
            return usageFailure(error.message, stderr)
        }
        let root = found.root
        let files = found.files
        guard !files.isEmpty else {
            stderr.line(
                "flowstrings: error: no .flow file in \(paths.map { "'\(OutputEscaping.visible($0))'" }.joined(separator: ", "))"
            )
            return 1
        }
        let setup = Setup(
            command: command, catalog: catalog, format: format, locales: parsed.values("locale"), root: root,
            files: files, limits: limits, parsed: parsed)
        let colored = Terminal.colorsEnabled(isTerminal: stderr.isTerminal, environment: environment)
        guard let (project, loads) = loadProject(setup, stderr: stderr, colored: colored) else { return 1 }
        if command == "export" {
            return export(project, setup, check: check, stdout: stdout, stderr: stderr, colored: colored)
        }
        return importCatalog(into: project, loads: loads, setup, stdout: stdout, stderr: stderr, colored: colored)
    }

    /// Loads every file with its imports; nil (after printing why) when one does not check.
    func loadProject(
        _ setup: Setup, overrides: [String: [UInt8]] = [:], stderr: any TextOutput, colored: Bool,
        quietly: Bool = false
    ) -> (CopyProject, [LoadResult])? {
        let files = RelativeReader(base: currentDirectory)
        let reader: any SourceReader =
            overrides.isEmpty ? files : RealPathOverlayReader(files: files, overrides: overrides)
        let loader = Loader(reader: reader, limits: setup.limits, keepsSyntax: true)
        let loads = setup.files.map { loader.load($0) }
        var failed = false
        for (path, load) in zip(setup.files, loads) {
            let errors = load.diagnostics.filter { $0.severity == .error }
            guard !errors.isEmpty else { continue }
            failed = true
            // An entry that could not be read has no range: it is reported at its own path.
            if !quietly {
                stderr.write(DiagnosticRenderer(files: load.files, colored: colored).render(errors, fallbackPath: path))
            }
        }
        if failed { return nil }
        let (project, diagnostics) = CopyProject.build(
            loads, realPath: { files.realPath($0) ?? setup.root.absolute($0) },
            display: { setup.root.relative($0) })
        if !diagnostics.isEmpty {
            stderr.write(DiagnosticRenderer(files: project.files.map(\.source), colored: colored).render(diagnostics))
            if diagnostics.contains(where: { $0.severity == .error }) { return nil }
        }
        return (project, loads)
    }

    func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : currentDirectory + "/" + path }
}

/// Serves changed files from memory (an import checked before it is written), the rest from disk;
/// keyed by real path, since an imported file is reached by another path than the one typed.
struct RealPathOverlayReader: SourceReader {
    var files: RelativeReader
    /// By real path.
    var overrides: [String: [UInt8]]
    func read(_ path: String) -> Result<[UInt8], SourceReadError> {
        if let real = files.realPath(path), let bytes = overrides[real] { return .success(bytes) }
        return files.read(path)
    }
    func read(_ path: String, maxBytes: Int) -> Result<[UInt8], SourceReadError> {
        if let real = files.realPath(path), let bytes = overrides[real] {
            return bytes.count > maxBytes ? .failure(.tooLarge(size: bytes.count, limit: maxBytes)) : .success(bytes)
        }
        return files.read(path, maxBytes: maxBytes)
    }
    func realPath(_ path: String) -> String? { files.realPath(path) }
}
