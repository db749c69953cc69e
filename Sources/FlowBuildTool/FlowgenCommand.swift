import FlowArguments
import FlowCodegen
import FlowLint
import FlowModel
import FlowProject
import FlowSyntax
import Foundation

/// `flowgen`: what the PermissionFlow build plugin runs for a target. It checks and lints every
/// `.flow` file given (with the project's configuration), prints each finding as
/// `path:line:col: severity: message [ID]` (the form `swift build` and Xcode put on the line),
/// and, when nothing is an error, writes the typed Swift for the flows to `--output`.
///
/// It reads the project through the project library (`Project`), as `flowlint` and the language
/// server do: the same configuration (every tool's IDs), the same excludes and the apps the
/// configuration names, so the Info.plist and privacy-manifest findings appear in the build too.
/// A tool of its own rather than a `flowlint` mode: no terminal UI, no storyboard, no formatter,
/// and the build plugin needs one command with one declared output.
public enum FlowgenCommand {
    static let parser = ArgumentParser(
        commandName: "flowgen",
        summary: """
            Checks and lints the .flow files under each PATH (directories recursively), printing findings
            as path:line:col: severity: message [ID]. With --output, writes the typed Swift for their flows
            there when no finding is an error (the file is left alone when its contents would not change).
            """,
        options: [
            .flag("help", short: "h", help: "print this help"),
            .flag("version", help: "print the version"),
            .value("output", "file.swift", help: "the Swift file to write"),
            .value(
                "root", "dir",
                help: "project root: paths in the generated comments and config excludes are relative to it "
                    + "(default: the working directory)"),
            .value(
                "config", "file",
                help: ".flowlint or flowlint.json configuration (rule severities, excludes, the app's Info.plist "
                    + "or Xcode project; default: the nearest above the root)"),
            .value(
                "xcode-target", "name",
                help: "with a configuration that names an Xcode project: check this target's app "
                    + "(the build plugin passes the target it runs for)"),
            .value(
                "access-level", "level",
                help: "access level of the generated declarations: internal (default), package or public"),
            .value("module", "name", help: "module the generated code imports (default: PermissionFlow)"),
        ],
        positionals: [PositionalSpec("PATH", .zeroOrMore, help: ".flow files or directories to check")],
        discussion: """
            Exit codes: 0 no errors; 1 errors (findings, or flows that cannot be generated); 2 usage or I/O error.
            """)

    static func usageFailure(_ message: String, err: (String) -> Void) -> Int32 {
        err("flowgen: error: \(OutputEscaping.lineStart(message))\n\(parser.usage)\n")
        return 2
    }

    /// What a run was asked to do.
    struct Options {
        var paths: [String]
        var access = SwiftCodegen.AccessLevel.internal
        var output: String?
        var config: String?
        var xcodeTarget: String?
        var module = "PermissionFlow"
        /// The project root, absolute.
        var root: String
    }

    /// A run that ends before generating: the exit code, and the message for stderr if any.
    struct Stop: Error {
        var code: Int32
        var message: String?
    }

    /// Runs the command; `out` and `err` receive text. Returns the exit code.
    public static func run(
        arguments: [String], currentDirectory: String = FileManager.default.currentDirectoryPath,
        out: (String) -> Void, err: (String) -> Void
    ) -> Int32 {
        let parsed: ParsedArguments
        do throws(ArgumentError) {
            parsed = try parser.parse(arguments)
        } catch {
            return usageFailure(error.message, err: err)
        }
        if parsed.flag("help") {
            out(parser.help)
            return 0
        }
        if parsed.flag("version") {
            out("flowgen \(ToolVersion.current)\n")
            return 0
        }
        let options: Options
        do throws(ArgumentError) {
            options = try Self.options(parsed, currentDirectory: currentDirectory)
        } catch {
            return usageFailure(error.message, err: err)
        }
        do throws(Stop) {
            let project = try openProject(options, currentDirectory: currentDirectory)
            for warning in project.warnings { err("flowgen: warning: \(OutputEscaping.visible(warning))\n") }
            let checked = try check(project, options: options, err: err)
            guard let output = options.output else { return checked.errors > 0 ? 1 : 0 }
            guard checked.errors == 0 else { return 1 }
            let generated = SwiftCodegen.generate(
                checked.sources, options: .init(accessLevel: options.access, importedModule: options.module))
            for problem in generated.problems {
                err(
                    render(
                        problem.diagnostic, files: checked.sourceFiles[problem.source],
                        fallbackPath: checked.files.first ?? ""))
            }
            guard let swift = generated.swift else { return 1 }
            try write(swift, to: output, currentDirectory: currentDirectory)
            return 0
        } catch {
            if let message = error.message { err(message) }
            return error.code
        }
    }

    static func options(_ parsed: ParsedArguments, currentDirectory: String) throws(ArgumentError) -> Options {
        let paths = parsed.positionals("PATH")
        guard !paths.isEmpty else { throw ArgumentError("no PATH given") }
        var options = Options(
            paths: paths, output: parsed.value("output"), config: parsed.value("config"),
            xcodeTarget: parsed.value("xcode-target"), module: parsed.value("module") ?? "PermissionFlow",
            root: absolute(parsed.value("root") ?? currentDirectory, in: currentDirectory))
        if let v = parsed.value("access-level") {
            guard let level = SwiftCodegen.AccessLevel(rawValue: v) else {
                throw ArgumentError(
                    "unknown access level '\(OutputEscaping.visible(v))' (expected internal, package or public)")
            }
            options.access = level
        }
        return options
    }

    static func absolute(_ path: String, in currentDirectory: String) -> String {
        let full = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        return URL(fileURLWithPath: full).standardizedFileURL.path
    }

    /// The project as every tool reads it: the root, the configuration, the apps it names (with
    /// `--xcode-target`, the configuration's Xcode project checked for that target).
    static func openProject(_ options: Options, currentDirectory: String) throws(Stop) -> Project {
        let projectRoot = ProjectRoot.discover(
            inputs: options.paths, currentDirectory: currentDirectory, override: options.root)
        do throws(ProjectError) {
            var appOptions = AppInputOptions()
            if let xcodeTarget = options.xcodeTarget {
                let found = try ProjectConfiguration.read(
                    for: projectRoot, override: options.config, maxBytes: ParseLimits.default.maxFileBytes)
                if found.configuration.app.xcodeProject != nil {
                    appOptions = found.configuration.app
                    appOptions.targets = [xcodeTarget]
                }
            }
            return try Project.open(
                root: projectRoot, configOverride: options.config, appOptions: appOptions,
                maxBytes: ParseLimits.default.maxFileBytes)
        } catch {
            // The message may quote the configuration (an unknown rule name): shown escaped.
            throw Stop(code: 2, message: "flowgen: error: \(OutputEscaping.lineStart(error.message))\n")
        }
    }

    /// What checking and linting every file found: the error count, and the programs to generate.
    struct Checked {
        var files: [String] = []
        var errors = 0
        var sources: [SwiftCodegen.Source] = []
        var sourceFiles: [[SourceFile]] = []
    }

    /// Checks and lints each file as an entry, the way flowlint does, printing each finding once.
    static func check(_ project: Project, options: Options, err: (String) -> Void) throws(Stop) -> Checked {
        // Every .flow file, as every tool finds them: sorted, each once, excludes applied. A file that
        // links out of the root is kept: the linter reports it (FL0100), as flowlint does.
        var checked = Checked()
        do throws(ProjectFiles.Failure) {
            checked.files = try project.flowFiles(options.paths, links: .keep).map(project.root.absolute)
        } catch {
            throw Stop(code: 2, message: "flowgen: error: \(error.message)\n")
        }
        let loader = Loader(reader: FileSystemReader())
        let linter = project.linter
        var printed = Set<String>()
        let loads = checked.files.map { loader.load($0) }
        // FL1507 is about the whole target, as in flowlint: a key stands when no flow requests it.
        let reports = AppInputs.runWide(loads.map(linter.lint))
        for (index, file) in checked.files.enumerated() {
            for finding in reports[index].findings {
                let line = render(finding.diagnostic, files: reports[index].files, fallbackPath: file)
                if printed.insert(line).inserted {
                    err(line)
                    if finding.diagnostic.severity == .error { checked.errors += 1 }
                }
            }
            if let program = loads[index].program {
                checked.sources.append(SwiftCodegen.Source(path: relative(file, to: options.root), program: program))
                checked.sourceFiles.append(loads[index].files)
            }
        }
        return checked
    }

    /// Writes the generated Swift, leaving the file alone when it would not change (so Xcode
    /// does not rebuild what depends on it).
    static func write(_ swift: String, to output: String, currentDirectory: String) throws(Stop) {
        let target = absolute(output, in: currentDirectory)
        let bytes = Data(swift.utf8)
        if FileManager.default.contents(atPath: target) == bytes { return }
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: target).deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try bytes.write(to: URL(fileURLWithPath: target), options: .atomic)
        } catch {
            throw Stop(
                code: 2,
                message:
                    "flowgen: error: cannot write '\(OutputEscaping.visible(output))': \(OutputEscaping.visible(error.localizedDescription))\n"
            )
        }
    }

    /// One finding as `path:line:col: severity: message [ID]`, then its notes that have a place
    /// the same way, so an IDE shows each on its line.
    static func render(_ diagnostic: Diagnostic, files: [SourceFile], fallbackPath: String) -> String {
        func place(_ range: SourceRange?) -> String {
            guard let range else { return "\(fallbackPath):1:1" }
            let path = files.indices.contains(range.file.index) ? files[range.file.index].path : fallbackPath
            return "\(path):\(range.start.line):\(range.start.column)"
        }
        var text = "\(place(diagnostic.range)): \(diagnostic.severity): \(diagnostic.message) [\(diagnostic.id)]\n"
        for note in diagnostic.notes where note.range != nil {
            text += "\(place(note.range)): note: \(note.message)\n"
        }
        return text
    }

    /// `path` relative to `root` when inside it, else as is.
    static func relative(_ path: String, to root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
