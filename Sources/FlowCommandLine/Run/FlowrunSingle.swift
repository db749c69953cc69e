import FlowAnalytics
import FlowArguments
import FlowModel
import FlowRuntime
import FlowStoryboard
import FlowSyntax
import Foundation

/// `flowrun FILE`: one run of one flow on a simulated device whose user is the script, then the
/// terminal (when stdin is one).
struct FlowrunSingle: Sendable {
    var reader: any SourceReader
    var load: FlowrunCommand.Load
    var io: IO

    func run(path: String, options: RunOptions) async -> Int32 {
        let loaded = ProgramLoading(reader: reader, loader: load).loadOrReport(path, limits: options.limits, io: io)
        guard let program = loaded.program else { return loaded.exitCode }
        var script = options.script
        if let scenarioPath = options.scenario {
            do {
                script = try ScenarioInputs.merge(
                    scenarioPath, into: script, reader: reader, colored: io.errorStyle.colors)
            } catch {
                io.stderr.write(error.rendered)
                return ExitCode.usageError
            }
        }
        do throws(ArgumentError) {
            let flow = try Self.chooseFlow(in: program, named: options.flow, path: path)
            let arguments = try Self.bind(options.arguments, to: program[flow])
            do {
                try program.checkVariantOverrides(options.variants)
            } catch {
                throw ArgumentError((error as? RunInvocationError)?.message ?? "\(error)")
            }
            if let expected = options.expectOutcome {
                let names = program[flow].outcomes.map(\.name)
                if !names.contains(expected) {
                    var message = "flow '\(program[flow].name)' has no outcome '\(expected)'"
                    if let close = Suggestion.closest(to: expected, in: names) {
                        message += "; did you mean '\(close)'?"
                    }
                    throw ArgumentError(message)
                }
            }
            return await run(
                program: program, flow: flow, arguments: arguments, script: script,
                path: path, options: options)
        } catch {
            return io.usageError(error.message, parser: FlowrunCommand.parser)
        }
    }

    func run(
        program: Program, flow: FlowID, arguments: [String: RunArgument], script: RunScript,
        path: String, options: RunOptions
    ) async -> Int32 {
        let toText = options.format == .text
        let style = toText ? io.style : TextStyle.plain
        let dialogOutput = toText ? io.stdout : io.stderr
        let columns = Terminal.columns(fileDescriptor: toText ? 1 : 2, environment: io.environment)
        let dialogs =
            io.stdin.isTerminal
            ? TerminalDialogs(
                input: io.stdin, output: dialogOutput, style: style,
                appName: Self.appName(options.appName, program: program, locale: options.locale), width: columns ?? 80)
            : nil
        let user = TerminalUser(script: script.script, dialogs: dialogs)
        let device: SimulatedDevice
        do {
            device = try SimulatedDevice(script.configuration, user: user)
        } catch {
            return io.usageError("\(error)", parser: FlowrunCommand.parser)
        }
        let history: (ShowHistory, ManualLimitClock)
        switch script.limits.history(program: program, entry: flow) {
        case .success(let made): history = made
        case .failure(let failure): return io.usageError(failure.message, parser: FlowrunCommand.parser)
        }
        var interpreterOptions = Interpreter.Options(
            locale: options.locale, appName: options.appName, stepLimit: options.maxSteps,
            maxTotalSteps: options.maxTotalSteps, sendsRuntimeEvents: options.sendsRuntimeEvents)
        // The install is the user the events are for, so the run's variants are theirs.
        interpreterOptions.installID = options.eventLog?.user ?? ""
        interpreterOptions.variants = options.variants
        let interpreter = Interpreter(
            program: program, backend: device, options: interpreterOptions, history: history.0)
        let transcript = Transcript(program: program, style: style)
        // Text: each step is printed as it happens, so a person at a terminal sees where the
        // flow went before the next dialog; JSON is one object at the end.
        var printer: Transcript.StepPrinter? = nil
        if options.format == .text {
            io.stdout.line(
                "flow \(program[flow].name) (\(OutputEscaping.visible(path)))"
                    + (interpreter.locale.map { ", locale \($0)" } ?? ""))
            io.stdout.line()
            printer = Transcript.StepPrinter(transcript: transcript, output: io.stdout)
        }
        let result: RunResult
        var runs: [(result: RunResult, daysLater: Int)] = []
        do {
            var onStep: (@Sendable (TraceStep) -> Void)?
            if let printer { onStep = { step in printer.print(step) } }
            runs = try await Self.runs(
                interpreter, flow: flow, arguments: arguments, handling: script.handling,
                relaunches: script.limits.relaunchesAfterDays, clock: history.1, output: printer.map { _ in io.stdout },
                onStep: onStep)
            result = runs[runs.count - 1].result
        } catch {
            return io.usageError("\(error)", parser: FlowrunCommand.parser)
        }

        if let log = options.eventLog, !Self.appendEvents(of: runs, to: log, io: io) { return ExitCode.usageError }
        let (code, message) = await ending(
            result, user: user, transcript: transcript, program: program, path: path, options: options)
        if let failed = await render(
            result, code: code, message: message, transcript: transcript, interpreter: interpreter,
            runAt: (program, flow, arguments, script), path: path, options: options)
        {
            return failed
        }
        if let message {
            if case .error = result.end, code == ExitCode.flowError {
                io.stderr.write(message)
            } else {
                io.error(message)
            }
        }
        if code == ExitCode.finished || code == ExitCode.unexpectedOutcome {
            Self.warnUnused(await user.scripted.remaining, io: io)
        }
        return code
    }

    /// Appends each run's events to the `--events` file, a later run's from its own day
    /// (`--relaunch-after`); false, having said why, when it cannot be written.
    static func appendEvents(
        of runs: [(result: RunResult, daysLater: Int)], to log: (path: String, user: String, time: Date?), io: IO
    ) -> Bool {
        let start = log.time ?? Date()
        for run in runs {
            let time = start.addingTimeInterval(Double(run.daysLater * Limit.secondsPerDay))
            guard append(run.result.sentEvents, to: (log.path, log.user, time), io: io) else { return false }
        }
        return true
    }

    /// The exit code the run's end gives, and the message that explains it.
    private func ending(
        _ result: RunResult, user: TerminalUser, transcript: Transcript, program: Program, path: String,
        options: RunOptions
    ) async -> (code: Int32, message: String?) {
        var code: Int32
        var message: String?
        switch result.end {
        case .outcome(let outcome):
            code =
                options.expectOutcome.map { $0 == outcome ? ExitCode.finished : ExitCode.unexpectedOutcome }
                ?? ExitCode.finished
            if code == ExitCode.unexpectedOutcome {
                message = "the run ended with '\(outcome)', not the expected '\(options.expectOutcome!)'"
            }
        case .error(let error):
            if let scriptError = await user.scripted.lastError {
                code = ExitCode.usageError
                message = "in state '\(error.context?.pathName ?? "?")': \(scriptError.message)"
            } else {
                code = ExitCode.flowError
                message = DiagnosticRenderer(files: program.files, colored: io.errorStyle.colors)
                    .render(error.diagnostic, fallbackPath: path)
            }
        case .inputNeeded(let needed, let context):
            code = ExitCode.inputNeeded
            message =
                "input needed in state '\(context.pathName)' (\(transcript.location(context.range))): "
                + needed.summary + "; " + Self.hint(for: needed.question)
                + (io.stdin.isTerminal ? "" : " (stdin is not a terminal, so flowrun does not ask)")
        case .cancelled:
            code = ExitCode.cancelled
            message = "the run was cancelled" + (io.stdin.isTerminal ? " (end of input)" : "")
        }
        return (code, message)
    }

    /// Prints the run in the chosen format; an exit code when that fails (the storyboard's
    /// replay), else nil.
    private func render(
        _ result: RunResult, code: Int32, message: String?, transcript: Transcript, interpreter: Interpreter,
        runAt run: (program: Program, flow: FlowID, arguments: [String: RunArgument], script: RunScript),
        path: String, options: RunOptions
    ) async -> Int32? {
        let (program, flow, arguments, script) = run
        let locale = interpreter.locale
        switch options.format {
        case .text:
            // A script that does not fit the flow (a tap no alert offers) is the command line's
            // mistake, reported below as a usage error, not a flow error with a backend's ID.
            if code != ExitCode.usageError { io.stdout.write(transcript.closing(result)) }
        case .json:
            io.stdout.line(
                RunJSON.render(
                    result, file: path, flow: program[flow].name, locale: locale,
                    exitCode: code, errorMessage: message.map(Self.firstLine),
                    transcript: transcript
                ).rendered())
        case .html:
            do {
                let builder = try StoryboardBuilder.make(
                    reader: reader, load: load, path: path, program: program, flow: flow, options: options)
                let board = try await builder.run(
                    result, configuration: script.configuration, arguments: arguments,
                    options: interpreter.options)
                io.stdout.write(StoryboardHTML.render(board))
            } catch let error as ArgumentError {
                return io.usageError(error.message, parser: FlowrunCommand.parser)
            } catch {
                return io.usageError("\(error)", parser: FlowrunCommand.parser)
            }
        }
        return nil
    }

    /// Warns about scripted input the run never used (`leftover`).
    private static func warnUnused(_ leftover: Script, io: IO) {
        let unused =
            leftover.taps.map { "--tap \"\($0.value)\"" }
            + leftover.answers.sorted { $0.key.rawValue < $1.key.rawValue }.flatMap { kind, answers in
                answers.map { "--answer \(kind.rawValue)=\(Self.choiceText($0.value))" }
            }
            + (leftover.settingsVisits.isEmpty ? [] : ["\(leftover.settingsVisits.count) --settings visit(s)"])
        if !unused.isEmpty {
            io.stderr.line(
                "flowrun: warning: scripted input was not used: "
                    + OutputEscaping.visible(unused.joined(separator: ", ")))
        }
    }

    // MARK: - Helpers

    /// Appends `events` to the `--events` file as JSON Lines (creating it); false, having said
    /// why, when it cannot be written.
    static func append(_ events: [AnalyticsEvent], to log: (path: String, user: String, time: Date?), io: IO) -> Bool {
        let text = EventLogWriter.lines(events, user: log.user, start: log.time ?? Date())
        if !FileManager.default.fileExists(atPath: log.path) {
            guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
                io.error("cannot create '\(log.path)' for --events")
                return false
            }
        }
        guard let handle = FileHandle(forWritingAtPath: log.path) else {
            io.error("cannot write '\(log.path)' for --events")
            return false
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            io.error("cannot write '\(log.path)' for --events: \(error.localizedDescription)")
            return false
        }
        return true
    }

    /// The flow to run: `--flow NAME`, else the entry file's first flow without parameters (as
    /// scenario files do), else its first flow.
    static func chooseFlow(in program: Program, named name: String?, path: String) throws(ArgumentError) -> FlowID {
        if let name {
            if let id = program.flow(named: name) { return id }
            var message = "no flow named '\(name)' in '\(path)'"
            if let close = Suggestion.closest(to: name, in: program.flows.map(\.name)) {
                message += "; did you mean '\(close)'?"
            }
            throw ArgumentError(message)
        }
        let entry = program.flows.indices.filter { program.flows[$0].range.file.index == 0 }
        if let first = entry.first(where: { program.flows[$0].parameters.isEmpty }) ?? entry.first {
            return FlowID(first)
        }
        throw ArgumentError("'\(path)' declares no flow")
    }

    /// `--arg name=value` for each parameter: a permission kind or text.
    static func bind(_ values: [String: String], to flow: Flow) throws(ArgumentError) -> [String: RunArgument] {
        var arguments: [String: RunArgument] = [:]
        for parameter in flow.parameters {
            guard let value = values[parameter.name] else {
                throw ArgumentError(
                    "flow '\(flow.name)' needs --arg \(parameter.name)=\(parameter.kind == .permission ? "KIND" : "TEXT")"
                )
            }
            switch parameter.kind {
            case .text: arguments[parameter.name] = .text(value)
            case .permission:
                guard let kind = PermissionKind(rawValue: value) else {
                    throw ArgumentError(
                        RunScript.unknown(
                            "permission", value, in: PermissionKind.allCases.map(\.rawValue),
                            option: "--arg \(parameter.name)=\(value)"))
                }
                arguments[parameter.name] = .permission(kind)
            }
        }
        let names = Set(flow.parameters.map(\.name))
        if let extra = values.keys.sorted().first(where: { !names.contains($0) }) {
            var message = "flow '\(flow.name)' has no parameter '\(extra)'"
            if let close = Suggestion.closest(to: extra, in: names) { message += "; did you mean '\(close)'?" }
            throw ArgumentError(message)
        }
        return arguments
    }

    /// The app name iOS shows in prompts and Settings: `--app`, else the flow's `app` copy in the
    /// run's locale (a literal, or its `@key` in the strings table), as the storyboard names it;
    /// "App" only when the flow has neither.
    static func appName(_ flag: String?, program: Program, locale: String?) -> String {
        if let flag { return flag }
        let index = locale.map { program.strings.bestLocale(for: $0) } ?? 0
        return StoryboardBuilder.appName(of: program, locale: index)
    }

    static func hint(for question: InputNeeded.Question) -> String {
        switch question {
        case .alert: "script it with --tap LABEL"
        case .prompt(let kind, _, let answers):
            answers.isStaged
                ? "script it with --answer '\(kind.rawValue)=BUTTON > BUTTON' (a button per screen) or --answer \(kind.rawValue)=STATUS"
                : "script it with --answer \(kind.rawValue)=LABEL or --answer \(kind.rawValue)=STATUS"
        case .settings: "script it with --settings KIND=STATUS or --settings none"
        }
    }

    static func choiceText(_ choice: PromptChoice) -> String {
        switch choice {
        case .label(let l): "\"\(l)\""
        case .path(let buttons): "\"" + buttons.joined(separator: " > ") + "\""
        case .status(let s): s.rawValue
        }
    }

    static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1).first ?? "")
    }
}

extension FlowrunSingle {
    /// The run, then one more on the same install per `--relaunch-after DAYS` (the clock `DAYS`
    /// later), while each ends with an outcome: every run's result, with how many days after the
    /// first it ran. With `output`, a line before each later run says how much later it is.
    static func runs(
        _ interpreter: Interpreter, flow: FlowID, arguments: [String: RunArgument], handling: [String],
        relaunches: [Int], clock: ManualLimitClock, output: (any TextOutput)?,
        onStep: (@Sendable (TraceStep) -> Void)?
    ) async throws -> [(result: RunResult, daysLater: Int)] {
        var result = try await interpreter.run(flow: flow, arguments: arguments, handling: handling, onStep: onStep)
        var runs = [(result: result, daysLater: 0)]
        var daysLater = 0
        for days in relaunches {
            guard let outcome = result.outcome else { break }
            clock.advance(days: days)
            output?.line(
                "run ended with \(outcome); \(days) \(days == 1 ? "day" : "days") later the app runs the flow again")
            output?.line()
            result = try await interpreter.run(flow: flow, arguments: arguments, handling: handling, onStep: onStep)
            daysLater += days
            runs.append((result, daysLater))
        }
        return runs
    }
}
