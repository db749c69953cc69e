import FlowAnalytics
import FlowArguments
import FlowModel
import FlowProject
import FlowRuntime
import FlowSyntax
import Foundation

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

    public init(
        reader: any SourceReader, environment: [String: String],
        load: @escaping Load = { Loader(reader: $0, limits: $2).load($1) }
    ) {
        self.reader = reader
        self.environment = environment
        self.load = load
    }

    /// Runs `flowrun` with `arguments` (without the program name); returns the exit code
    /// (`ExitCode`).
    public static func run(
        arguments: [String], stdin: any LineInput, stdout: any TextOutput,
        stderr: any TextOutput
    ) async -> Int32 {
        await FlowrunCommand(reader: FileSystemReader(), environment: ProcessInfo.processInfo.environment)
            .run(arguments: arguments, stdin: stdin, stdout: stdout, stderr: stderr)
    }

    public func run(
        arguments: [String], stdin: any LineInput, stdout: any TextOutput,
        stderr: any TextOutput
    ) async -> Int32 {
        let io = IO(stdin: stdin, stdout: stdout, stderr: stderr, environment: environment)
        if arguments.first == "test" {
            return await FlowrunTest(reader: reader, load: load, io: io).run(Array(arguments.dropFirst()))
        }
        if arguments.first == "funnel" {
            return await FlowrunFunnel(reader: reader, load: load, io: io).run(Array(arguments.dropFirst()))
        }
        if arguments.first == "diff" {
            return await FlowrunDiff(reader: reader, load: load, io: io).run(Array(arguments.dropFirst()))
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

    public static let version = ToolVersion.current

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
            .repeatable(
                "capability", "name=state", help: "device capability, e.g. camera=absent, locationServices=off"),
            .repeatable("tap", "label", help: "alert button to tap, consumed in order"),
            .repeatable(
                "answer", "kind=answer",
                help:
                    "system prompt answer by label or status: camera=\"Allow\", camera=denied; a button per screen: contacts=\"Continue > Allow Full Access\""
            ),
            .repeatable(
                "settings", "changes",
                help: "one Settings visit: photos=authorized[,camera=denied][,relaunch], none or relaunch"),
            .flag(
                "inactive",
                help: "the app is in the background (tracking, location and precise-location prompts are not shown)"),
            .flag(
                "relaunch",
                help:
                    "every Settings visit lasts until iOS ends the app's session: it relaunches, Allow Once grants end (alone: one visit, no change)"
            ),
            .value(
                "tracking-requests", "on|off",
                help: "\"Allow Apps to Request to Track\" (default on; off: tracking requests complete denied)"),
            .flag(
                "critical-alerts",
                help:
                    "the app has the critical-alerts entitlement: notifications(criticalAlert) shows its own prompt, and notification settings a Critical Alerts switch (--settings criticalAlerts=on|off)"
            ),
            .value(
                "handling", "outcomes",
                help:
                    "outcomes the app handles itself, e.g. denied,limited: the run ends at the flow's 'handoff' state for them"
            ),
            .repeatable(
                "shown", "state=times@days",
                help: "a limited state's history, e.g. prime=2@3: shown twice, last 3 days ago (default: never)"),
            .repeatable(
                "relaunch-after", "days",
                help: "after the run, run the flow again on the same install this many days later (repeatable)"),
            .value("locale", "tag", help: "the copy's locale, e.g. zh-Hans (closest declared locale)"),
            .repeatable(
                "variant", "experiment=variant",
                help:
                    "the run's variant of an experiment, e.g. prime_copy=benefits (default: the install's assignment for --user, or for \"\")"
            ),
            .value("app", "name", help: "the app name for {app} and system prompts"),
            .value("scenario", "file", help: "take statuses, capabilities and answers from a scenario file"),
            .value(
                "format", "format",
                help: "text (default), json, or html (a storyboard page: every screen, in every locale)"),
            .value(
                "info-plist", "file",
                help:
                    "with --format html: the app's Info.plist (and <locale>.lproj/InfoPlist.strings beside it) for the prompts' usage descriptions"
            ),
            .value(
                "events", "file",
                help:
                    "append the run's analytics to FILE as JSON Lines, flow_start and flow_end included (needs --user)"),
            .value("user", "id", help: "with --events: the user ID each event carries"),
            .flag(
                "no-runtime-events",
                help:
                    "send only the flow's own tracks, no flow_start or flow_end (analytics as the code the flow replaces sent them)"
            ),
            .value(
                "time", "iso-8601",
                help: "with --events: the first event's time, e.g. 2026-01-05T09:30:00Z (default now); each next +1 ms"),
            .value("max-steps", "n", help: "steps without user input before the run is a loop (default 1000)"),
            .value(
                "max-total-steps", "n",
                help:
                    "most steps a run takes in all, input or not (default \(Interpreter.Options.defaultMaxTotalSteps))"),
            .value("expect-outcome", "name", help: "exit 4 unless the run ends with this outcome"),
            .flag("explore", help: "enumerate every path instead of running one"),
            .value("emit-scenarios", "dir", help: "with --explore: write each path as DIR/FLOW-OUTCOME-N.scenario"),
            .value(
                "explore-budget", "n",
                help: "with --explore: most steps explored (default \(Explorer.Options().budget)); then exit 5"),
        ] + LimitOptions.specs + [
            .flag("version", help: "print the version"),
            .flag("help", short: "h", help: "show this help"),
        ],
        positionals: [PositionalSpec("FILE", .optional, help: "the .flow file (its imports are loaded too)")],
        discussion: """
            Subcommands:
              flowrun test PATH...     run scenario files (directories recursively); see flowrun test --help
              flowrun diff OLD NEW     what a change does to a flow's paths (files or REV:PATH); see flowrun diff --help
              flowrun funnel FLOW EVENTS...  the opt-in funnel from analytics events; see flowrun funnel --help

            Without scripted input and with stdin not a terminal, a run that reaches an alert, a
            prompt or Settings stops at once and names the state and the choices (exit 3).

            Examples:
              flowrun flows/seed_pl_camera_priming.flow
              flowrun flows/seed_pl_camera_priming.flow --tap Allow --answer camera=Allow
              flowrun flows/seed_pl_camera_priming.flow --status camera=denied --tap "Open Settings" --settings camera=authorized
              flowrun --explore flows/seed_pl_camera_priming.flow --emit-scenarios scenarios/camera
              flowrun --explore --format html flows/seed_pl_camera_priming.flow > camera.html

            --explore tries every initial status, capability, button, prompt answer and Settings
            change, merging runs that reach the same state knowing the same things. It prints the
            paths grouped by outcome (one line each: states visited, then the decisions), coverage
            of states, branches and buttons, and the unreached states. --emit-scenarios DIR writes
            one scenario per path that ends (cycles never end, so none is written for them);
            DIR is created if needed and must hold nothing but .scenario files (files with the
            same names are replaced, others are left alone).

            --format html writes a storyboard: one self-contained page with the state graph
            (coverage, findings and their witness paths), and every path (or the one scripted run)
            as the alerts, system prompts and Settings pages a user sees, in every declared locale,
            with flags on copy that is missing, unresolved, steering or too long for iOS's layout.

            Limits: a file over --max-file-size (FL0010), nesting deeper than --max-nesting
            (FL0011) or a flow with more than --max-states states (FL0012) is reported as an
            error at its location (exit 1); each limit must be a whole number greater than 0.

            \(ExitCode.helpText)
            """
    )
}

/// The validated options of a run or an exploration.
struct RunOptions: Sendable {
    enum Format: String, Sendable { case text, json, html }
    var flow: String?
    var arguments: [String: String]
    var script: RunScript
    var locale: String?
    var appName: String?
    var scenario: String?
    var format: Format
    var infoPlist: String?
    var maxSteps: Int
    var maxTotalSteps: Int
    /// False with `--no-runtime-events`: the run sends only the flow's own tracks.
    var sendsRuntimeEvents: Bool
    var expectOutcome: String?
    var explore: Bool
    var emitScenarios: String?
    var exploreBudget: Int
    var limits: ParseLimits
    /// `--events FILE --user ID [--time ISO]`: where the run's analytics are appended.
    var eventLog: (path: String, user: String, time: Date?)?
    /// `--variant experiment=variant`, each experiment once.
    var variants: [String: String] = [:]

    init(_ parsed: ParsedArguments) throws(ArgumentError) {
        flow = parsed.value("flow")
        arguments = [:]
        for value in parsed.values("arg") {
            let (name, rhs) = try RunScript.split(value, option: "arg")
            arguments[name] = rhs
        }
        script = try RunScript(parsed)
        for value in parsed.values("variant") {
            let (name, variant) = try RunScript.split(value, option: "variant")
            guard variants[name] == nil else { throw ArgumentError("'--variant' gives experiment '\(name)' twice") }
            variants[name] = variant
        }
        locale = parsed.value("locale")
        appName = parsed.value("app")
        scenario = parsed.value("scenario")
        if let value = parsed.value("handling") {
            for part in value.split(separator: ",", omittingEmptySubsequences: false).map({
                String($0).trimmingCharacters(in: .whitespaces)
            }) {
                guard !part.isEmpty else {
                    throw ArgumentError(
                        "'--handling \(value)' has an empty outcome; write outcomes separated by commas")
                }
                guard !script.handling.contains(part) else {
                    throw ArgumentError("'--handling \(value)' names '\(part)' twice")
                }
                script.handling.append(part)
            }
        }
        let formatText = parsed.value("format") ?? "text"
        guard let format = Format(rawValue: formatText) else {
            var message = "unknown format '\(formatText)'"
            if let close = Suggestion.closest(to: formatText, in: ["text", "json", "html"]) {
                message += "; did you mean '\(close)'?"
            }
            throw ArgumentError(message + "; use text, json or html")
        }
        self.format = format
        infoPlist = parsed.value("info-plist")
        if infoPlist != nil, format != .html { throw ArgumentError("'--info-plist' needs '--format html'") }
        maxSteps = try LimitOptions.positive(parsed, "max-steps") ?? 1000
        maxTotalSteps = try LimitOptions.positive(parsed, "max-total-steps") ?? Interpreter.Options.defaultMaxTotalSteps
        sendsRuntimeEvents = !parsed.flag("no-runtime-events")
        exploreBudget = try LimitOptions.positive(parsed, "explore-budget") ?? Explorer.Options().budget
        limits = try LimitOptions.parseLimits(parsed)
        expectOutcome = parsed.value("expect-outcome")
        explore = parsed.flag("explore")
        emitScenarios = parsed.value("emit-scenarios")
        if emitScenarios != nil, !explore { throw ArgumentError("'--emit-scenarios' needs '--explore'") }
        eventLog = try Self.eventLog(parsed, explore: explore)
        if parsed.value("explore-budget") != nil, !explore {
            throw ArgumentError("'--explore-budget' needs '--explore'")
        }
        if explore {
            let fixed =
                [
                    "status", "capability", "tap", "answer", "settings", "scenario", "expect-outcome", "max-steps",
                    "max-total-steps", "shown", "relaunch-after", "variant",
                ]
                .filter { !parsed.values($0).isEmpty } + (parsed.flag("inactive") ? ["inactive"] : [])
                + (parsed.flag("relaunch") ? ["relaunch"] : [])
                + (parsed.value("tracking-requests") != nil ? ["tracking-requests"] : [])
            if let first = fixed.first {
                throw ArgumentError("'--explore' tries every status, capability and answer itself; drop '--\(first)'")
            }
        }
    }
}

extension RunOptions {
    /// `--events`, `--user` and `--time`, checked together.
    static func eventLog(_ parsed: ParsedArguments, explore: Bool) throws(ArgumentError)
        -> (path: String, user: String, time: Date?)?
    {
        guard let path = parsed.value("events") else {
            if parsed.value("user") != nil { throw ArgumentError("'--user' needs '--events FILE'") }
            if parsed.value("time") != nil { throw ArgumentError("'--time' needs '--events FILE'") }
            return nil
        }
        if explore { throw ArgumentError("'--events' writes one run's events; drop '--explore'") }
        guard let user = parsed.value("user") else {
            throw ArgumentError("'--events' needs '--user ID': every event carries the user who sent it")
        }
        guard let text = parsed.value("time") else { return (path, user, nil) }
        guard let time = EventLogWriter.date(iso8601: text) else {
            throw ArgumentError("'--time \(text)' is not an ISO 8601 time such as 2026-01-05T09:30:00Z")
        }
        return (path, user, time)
    }
}

/// The streams and environment of one command invocation, with the error conventions.
struct IO: Sendable {
    var stdin: any LineInput
    var stdout: any TextOutput
    var stderr: any TextOutput
    var environment: [String: String]

    var style: TextStyle {
        TextStyle(colors: Terminal.colorsEnabled(isTerminal: stdout.isTerminal, environment: environment))
    }
    var errorStyle: TextStyle {
        TextStyle(colors: Terminal.colorsEnabled(isTerminal: stderr.isTerminal, environment: environment))
    }

    /// A subcommand's arguments parsed, or the exit code when there is nothing more to do:
    /// `--help` (also when other arguments are wrong) prints the help, a bad argument is a usage
    /// error.
    func parse(_ arguments: [String], with parser: ArgumentParser) -> Result<ParsedArguments, ExitStatus> {
        let parsed: ParsedArguments
        do {
            parsed = try parser.parse(arguments)
        } catch {
            if arguments.contains("--help") || arguments.contains("-h") {
                stdout.write(parser.help)
                return .failure(ExitStatus(code: ExitCode.finished))
            }
            return .failure(ExitStatus(code: usageError(error.message, parser: parser)))
        }
        if parsed.flag("help") {
            stdout.write(parser.help)
            return .failure(ExitStatus(code: ExitCode.finished))
        }
        return .success(parsed)
    }

    /// The exit code of a command that stops before it runs (`parse`).
    struct ExitStatus: Error {
        var code: Int32
    }

    /// `flowrun: error: MESSAGE`, the usage line and a hint; exit 2.
    func usageError(_ message: String, parser: ArgumentParser) -> Int32 {
        stderr.line("\(parser.commandName): \(errorStyle.red("error:")) \(Self.escapedLines(message))")
        stderr.line(parser.usage)
        stderr.line("Run '\(parser.commandName) --help' for the options.")
        return ExitCode.usageError
    }

    /// `flowrun: error: MESSAGE` with no usage hint (the arguments were fine).
    func error(_ message: String) {
        stderr.line("flowrun: \(errorStyle.red("error:")) \(Self.escapedLines(message))")
    }

    /// A message that quotes input (copy, paths, labels): control characters shown as escapes,
    /// and no line of it can start a CI workflow command.
    static func escapedLines(_ message: String) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { OutputEscaping.lineStart(String($0)) }.joined(separator: "\n")
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
        // One read, by the loader (bounded by the size limit): a file it could not read at all
        // has no files in the result, only FL0100's message.
        let result = loader(reader, path, limits)
        if let program = result.program { return .success(program) }
        if result.files.isEmpty {
            let message = result.diagnostics.first { $0.range == nil }?.message ?? "cannot read '\(path)'"
            return .failure(.unreadable(message))
        }
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
