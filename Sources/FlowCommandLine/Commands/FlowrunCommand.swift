import Foundation
import FlowModel
import FlowRuntime
import FlowSyntax

/// `flowrun`: runs a flow interactively or from a script, runs scenario files (`flowrun test`)
/// and explores every path of a flow (`flowrun --explore`). Streams are parameters so tests run it
/// in-process; `main.swift` only hands over the process's arguments and streams.
public struct FlowrunCommand: Sendable {
    /// Loads an entry file with its imports under the parser limits (the real `Loader`, or a
    /// fixture in tests).
    public typealias Load = @Sendable (_ reader: any SourceReader, _ path: String, _ limits: ParseLimits) -> LoadResult

    public var reader: any SourceReader
    public var environment: [String: String]
    public var load: Load

    public init(reader: any SourceReader, environment: [String: String],
                load: @escaping Load = { Loader(reader: $0, limits: $2).load($1) }) {
        self.reader = reader
        self.environment = environment
        self.load = load
    }

    /// Runs `flowrun` with `arguments` (without the program name); returns the exit code
    /// (`ExitCode`).
    public static func run(arguments: [String], stdin: any LineInput, stdout: any TextOutput,
                           stderr: any TextOutput) async -> Int32 {
        await FlowrunCommand(reader: FileSystemReader(), environment: ProcessInfo.processInfo.environment)
            .run(arguments: arguments, stdin: stdin, stdout: stdout, stderr: stderr)
    }

    public func run(arguments: [String], stdin: any LineInput, stdout: any TextOutput,
                    stderr: any TextOutput) async -> Int32 {
        let io = IO(stdin: stdin, stdout: stdout, stderr: stderr, environment: environment)
        if arguments.first == "test" {
            return await FlowrunTest(reader: reader, load: load, io: io).run(Array(arguments.dropFirst()))
        }
        let parsed: ParsedArguments
        do {
            parsed = try Self.parser.parse(arguments)
        } catch {
            return io.usageError(error.message, parser: Self.parser)
        }
        if parsed.flag("help") {
            stdout.write(Self.parser.help)
            return ExitCode.finished
        }
        if parsed.flag("version") {
            stdout.line("flowrun \(Self.version)")
            return ExitCode.finished
        }
        do throws(ArgumentError) {
            let options = try RunOptions(parsed)
            guard let path = parsed.positional("FILE") else { throw ArgumentError("missing argument FILE") }
            if options.explore {
                return await FlowrunExplore(reader: reader, load: load, io: io).run(path: path, options: options)
            }
            return await FlowrunSingle(reader: reader, load: load, io: io).run(path: path, options: options)
        } catch {
            return io.usageError(error.message, parser: Self.parser)
        }
    }

    public static let version = "0.1.0"

    /// The options of `flowrun FILE` and `flowrun --explore FILE`.
    public static let parser = ArgumentParser(
        commandName: "flowrun",
        summary: """
            Runs a .flow file as an iOS device would: interactively on a terminal (alerts, system
            prompts and Settings are asked for), or scripted with the flags below or a scenario file.
            Prints a numbered transcript whose last line is `outcome: NAME`, or JSON.
            """,
        options: [
            .value("flow", "name", help: "the flow to run (default: the file's first flow)"),
            .repeatable("arg", "name=value", help: "an argument for a flow parameter (permission kind or text)"),
            .repeatable("status", "kind=status", help: "initial status, e.g. camera=denied (default: undetermined)"),
            .repeatable("capability", "name=state", help: "device capability, e.g. camera=absent, locationServices=off"),
            .repeatable("tap", "label", help: "alert button to tap, consumed in order"),
            .repeatable("answer", "kind=answer", help: "system prompt answer by label or status: camera=\"Allow\", camera=denied"),
            .repeatable("settings", "changes", help: "one Settings visit: photos=authorized[,camera=denied][,relaunch], none or relaunch"),
            .flag("inactive", help: "the app is not active (tracking and location prompts are not shown)"),
            .flag("relaunch", help: "every Settings visit lasts until iOS ends the app's session: it relaunches, Allow Once grants end (alone: one visit, no change)"),
            .value("tracking-requests", "on|off", help: "\"Allow Apps to Request to Track\" (default on; off: tracking requests complete denied)"),
            .value("locale", "tag", help: "the copy's locale, e.g. zh-Hans (closest declared locale)"),
            .value("app", "name", help: "the app name for {app} and system prompts"),
            .value("scenario", "file", help: "take statuses, capabilities and answers from a scenario file"),
            .value("format", "format", help: "text (default) or json"),
            .value("max-steps", "n", help: "steps without user input before the run is a loop (default 1000)"),
            .value("max-total-steps", "n", help: "most steps a run takes in all, input or not (default \(Interpreter.Options.defaultMaxTotalSteps))"),
            .value("expect-outcome", "name", help: "exit 4 unless the run ends with this outcome"),
            .flag("explore", help: "enumerate every path instead of running one"),
            .value("emit-scenarios", "dir", help: "with --explore: write each path as DIR/FLOW-OUTCOME-N.scenario"),
            .value("explore-budget", "n", help: "with --explore: most steps explored (default \(Explorer.Options().budget)); then exit 5"),
        ] + LimitOptions.specs + [
            .flag("version", help: "print the version"),
            .flag("help", short: "h", help: "show this help"),
        ],
        positionals: [PositionalSpec("FILE", .optional, help: "the .flow file (its imports are loaded too)")],
        discussion: """
            Subcommands:
              flowrun test PATH...     run scenario files (directories recursively); see flowrun test --help

            Without scripted input and with stdin not a terminal, a run that reaches an alert, a
            prompt or Settings stops at once and names the state and the choices (exit 3).

            Examples:
              flowrun flows/camera.flow
              flowrun flows/camera.flow --tap Continue --answer camera=Allow
              flowrun flows/camera.flow --status camera=denied --tap "Open Settings" --settings camera=authorized
              flowrun --explore flows/camera.flow --emit-scenarios scenarios/camera

            --explore tries every initial status, capability, button, prompt answer and Settings
            change, merging runs that reach the same state knowing the same things. It prints the
            paths grouped by outcome (one line each: states visited, then the decisions), coverage
            of states, branches and buttons, and the unreached states. --emit-scenarios DIR writes
            one scenario per path that ends (cycles never end, so none is written for them);
            DIR is created if needed and must hold nothing but .scenario files (files with the
            same names are replaced, others are left alone).

            Limits: a file over --max-file-size (FL0010), nesting deeper than --max-nesting
            (FL0011) or a flow with more than --max-states states (FL0012) is reported as an
            error at its location (exit 1); each limit must be a whole number greater than 0.

            \(ExitCode.helpText)
            """
    )
}

/// The validated options of a run or an exploration.
struct RunOptions: Sendable {
    enum Format: String, Sendable { case text, json }
    var flow: String?
    var arguments: [String: String]
    var script: RunScript
    var locale: String?
    var appName: String?
    var scenario: String?
    var format: Format
    var maxSteps: Int
    var maxTotalSteps: Int
    var expectOutcome: String?
    var explore: Bool
    var emitScenarios: String?
    var exploreBudget: Int
    var limits: ParseLimits

    init(_ parsed: ParsedArguments) throws(ArgumentError) {
        flow = parsed.value("flow")
        arguments = [:]
        for value in parsed.values("arg") {
            let (name, rhs) = try RunScript.split(value, option: "arg")
            arguments[name] = rhs
        }
        script = try RunScript(parsed)
        locale = parsed.value("locale")
        appName = parsed.value("app")
        scenario = parsed.value("scenario")
        let formatText = parsed.value("format") ?? "text"
        guard let format = Format(rawValue: formatText) else {
            var message = "unknown format '\(formatText)'"
            if let close = Suggestion.closest(to: formatText, in: ["text", "json"]) { message += "; did you mean '\(close)'?" }
            throw ArgumentError(message + "; use text or json")
        }
        self.format = format
        maxSteps = try LimitOptions.positive(parsed, "max-steps") ?? 1000
        maxTotalSteps = try LimitOptions.positive(parsed, "max-total-steps") ?? Interpreter.Options.defaultMaxTotalSteps
        exploreBudget = try LimitOptions.positive(parsed, "explore-budget") ?? Explorer.Options().budget
        limits = try LimitOptions.parseLimits(parsed)
        expectOutcome = parsed.value("expect-outcome")
        explore = parsed.flag("explore")
        emitScenarios = parsed.value("emit-scenarios")
        if emitScenarios != nil, !explore { throw ArgumentError("'--emit-scenarios' needs '--explore'") }
        if parsed.value("explore-budget") != nil, !explore { throw ArgumentError("'--explore-budget' needs '--explore'") }
        if explore {
            let fixed = ["status", "capability", "tap", "answer", "settings", "scenario", "expect-outcome", "max-steps", "max-total-steps"]
                .filter { !parsed.values($0).isEmpty } + (parsed.flag("inactive") ? ["inactive"] : []) + (parsed.flag("relaunch") ? ["relaunch"] : [])
                + (parsed.value("tracking-requests") != nil ? ["tracking-requests"] : [])
            if let first = fixed.first {
                throw ArgumentError("'--explore' tries every status, capability and answer itself; drop '--\(first)'")
            }
        }
    }
}

/// The streams and environment of one command invocation, with the error conventions.
struct IO: Sendable {
    var stdin: any LineInput
    var stdout: any TextOutput
    var stderr: any TextOutput
    var environment: [String: String]

    var style: TextStyle { TextStyle(colors: Terminal.colorsEnabled(isTerminal: stdout.isTerminal, environment: environment)) }
    var errorStyle: TextStyle { TextStyle(colors: Terminal.colorsEnabled(isTerminal: stderr.isTerminal, environment: environment)) }

    /// `flowrun: error: MESSAGE`, the usage line and a hint; exit 2.
    func usageError(_ message: String, parser: ArgumentParser) -> Int32 {
        stderr.line("\(parser.commandName): \(errorStyle.red("error:")) \(message)")
        stderr.line(parser.usage)
        stderr.line("Run '\(parser.commandName) --help' for the options.")
        return ExitCode.usageError
    }

    /// `flowrun: error: MESSAGE` with no usage hint (the arguments were fine).
    func error(_ message: String) {
        stderr.line("flowrun: \(errorStyle.red("error:")) \(message)")
    }
}

/// Loads an entry file, separating "cannot read the file" (a usage/IO error) from "the file has
/// errors" (a flow error).
struct ProgramLoading {
    var reader: any SourceReader
    var loader: FlowrunCommand.Load

    enum Failure: Error {
        case unreadable(String)
        case invalid(String)
    }

    func load(_ path: String, limits: ParseLimits, colored: Bool) -> Result<Program, Failure> {
        if case .failure(let error) = reader.read(path) {
            return .failure(.unreadable("cannot read '\(path)': \(error.message)"))
        }
        let result = loader(reader, path, limits)
        if let program = result.program { return .success(program) }
        if result.diagnostics.isEmpty { return .failure(.invalid("\(path): the flow did not load\n")) }
        let renderer = DiagnosticRenderer(files: result.files, colored: colored)
        return .failure(.invalid(renderer.render(result.diagnostics, fallbackPath: path)))
    }

    /// Loads `path`, or says on stderr why not: the program, or the exit code to return
    /// (usage error when the file cannot be read, flow error when it does not check).
    func loadOrReport(_ path: String, limits: ParseLimits, io: IO) -> (program: Program?, exitCode: Int32) {
        switch load(path, limits: limits, colored: io.errorStyle.colors) {
        case .success(let program): return (program, ExitCode.finished)
        case .failure(.unreadable(let message)):
            io.error(message)
            return (nil, ExitCode.usageError)
        case .failure(.invalid(let diagnostics)):
            io.stderr.write(diagnostics)
            return (nil, ExitCode.flowError)
        }
    }
}
