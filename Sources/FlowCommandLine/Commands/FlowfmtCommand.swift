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
            [UInt8](FileHandle.standardInput.readDataToEndOfFile())
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
            stdout.line("flowfmt \(ToolVersion.current)")
            return 0
        }
        let check = parsed.flag("check")
        let diff = parsed.flag("diff")
        let inPlace = parsed.flag("in-place")
        if inPlace && (check || diff) {
            return usageFailure(
                "--in-place changes files; --check and --diff only report (give one or the other)", stderr)
        }
        let limits: ParseLimits
        do throws(ArgumentError) {
            limits = try LimitOptions.parseLimits(parsed)
        } catch {
            return usageFailure(error.message, stderr)
        }
        let paths = parsed.positionals("PATH")
        guard !paths.isEmpty else { return usageFailure("no PATH given", stderr) }
        if paths.filter({ $0 == "-" }).count > 1 { return usageFailure("'-' (stdin) can be given once", stderr) }
        if inPlace, paths.contains("-") {
            return usageFailure("--in-place cannot rewrite stdin; leave it out to write the result to stdout", stderr)
        }
        let stdinName = ProjectRoot.normalize(parsed.value("stdin-path") ?? "<stdin>")
        let project: ProjectFiles
        do throws(ProjectFiles.Failure) {
            project = try ProjectFiles.find(
                paths, currentDirectory: currentDirectory, rootOverride: parsed.value("root"),
                configOverride: parsed.value("config"), limits: limits)
        } catch {
            return usageFailure(error.message, stderr)
        }

        var status: Int32 = 0
        var unformatted: [String] = []
        var sources = SourceList()
        for path in project.files {
            let name = path == "-" ? stdinName : path
            let bytes: [UInt8]
            if path == "-" {
                bytes = readStandardInput()
            } else {
                switch FileSystemReader().read(project.root.absolute(path), maxBytes: limits.maxFileBytes) {
                case .success(let b): bytes = b
                case .failure(let error) where error.tooLargeSize != nil:
                    // Not read at all (the size is known before reading): FL0010, as flowlint reports it.
                    stderr.line(
                        "\(OutputEscaping.visible(path)):1:1: error: \(error.message) [\(DiagnosticID.fileTooLarge)]")
                    status = max(status, 1)
                    continue
                case .failure(let error):
                    stderr.line("flowfmt: error: cannot read '\(OutputEscaping.visible(path))': \(error.message)")
                    status = 2
                    continue
                }
            }
            let source = sources.add(path: name, bytes: bytes)
            let formatted: [UInt8]
            do throws(FormatError) {
                formatted = try Formatter.format(source, limits: limits)
            } catch {
                switch error {
                case .syntaxErrors(let diagnostics):
                    stderr.write(
                        DiagnosticRenderer(files: [source], colored: false).render(diagnostics, fallbackPath: name))
                    stderr.line("flowfmt: \(OutputEscaping.visible(name)) has syntax errors; it was not formatted")
                case .internalError(let message, let range):
                    let place = range.map { ":\($0.start.line):\($0.start.column)" } ?? ""
                    stderr.line(
                        "flowfmt: internal error: \(OutputEscaping.visible(name))\(place): \(message); the file was left as it is (please report it)"
                    )
                }
                status = max(status, 1)
                continue
            }
            let changed = formatted != bytes
            if check || diff {
                if changed {
                    if check {
                        stdout.line(OutputEscaping.visible(name))
                        if path != "-" { unformatted.append(path) }
                    }
                    if diff {
                        stdout.write(
                            UnifiedDiff.render(old: bytes, new: formatted, oldPath: "a/" + name, newPath: "b/" + name))
                    }
                    if check { status = max(status, 1) }
                }
            } else if inPlace {
                guard changed else { continue }
                do throws(FileReplacement.Failure) {
                    try FileReplacement.write(formatted, to: project.root.absolute(path))
                    stdout.line(OutputEscaping.visible(name))
                } catch {
                    stderr.line("flowfmt: error: cannot write '\(OutputEscaping.visible(path))': \(error.message)")
                    status = 2
                }
            } else {
                stdout.write(String(decoding: formatted, as: UTF8.self))
            }
        }
        // A hook or CI log that shows only file names leaves the user guessing what to run.
        if !unformatted.isEmpty {
            let files = unformatted.map { ShellQuoting.quoted(OutputEscaping.visible($0)) }.joined(separator: " ")
            stderr.line(
                "flowfmt: \(unformatted.count) file\(unformatted.count == 1 ? " is" : "s are") not in the canonical layout; run: flowfmt -i \(files)"
            )
        }
        if project.files.isEmpty {
            stderr.line(
                "flowfmt: error: no .flow file in \(paths.map { "'\(OutputEscaping.visible($0))'" }.joined(separator: ", "))"
            )
            return 1
        }
        return status
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
