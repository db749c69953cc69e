import FlowModel
import FlowSyntax

/// A scenario's verdict: diagnostics about the scenario or its flow (each makes it fail when it
/// is an error), and failed expectations with readable expected-versus-actual text.
public struct ScenarioResult: Sendable {
    /// One unmet expectation, at the scenario line that states it.
    public struct Failure: Hashable, Sendable {
        public var message: String
        public var location: SourceRange?
        public init(_ message: String, at location: SourceRange?) {
            self.message = message
            self.location = location
        }
    }

    /// The scenario file's path as given.
    public var path: String
    /// The scenario text (ranges of `diagnostics` and `failures` point into it); nil if unreadable.
    public var scenarioFile: SourceFile?
    /// Problems in the scenario (parse errors, unknown labels, unused answers as warnings).
    public var diagnostics: [Diagnostic]
    /// The loaded flow files and their diagnostics, when the flow does not load.
    public var flowFiles: [SourceFile]
    public var flowDiagnostics: [Diagnostic]
    public var failures: [Failure]
    /// The run, when it happened.
    public var run: RunResult?

    public var passed: Bool {
        failures.isEmpty && !(diagnostics + flowDiagnostics).contains { $0.severity == .error }
    }

    /// The scenario's name: file name without directory and `.scenario`.
    public var name: String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        return base.hasSuffix(".scenario") ? String(base.dropLast(".scenario".count)) : base
    }

    /// The failures as `path:line: message` blocks (diagnostics are rendered by the renderer).
    public var failureReport: String {
        failures.map { f in
            let line = f.location.map { ":\($0.start.line)" } ?? ""
            return "\(path)\(line): \(f.message)"
        }.joined(separator: "\n")
    }
}

/// Runs scenario files: loads the flow they name, runs it on a `SimulatedDevice` configured and
/// scripted by the scenario, and checks the expectations.
public struct ScenarioRunner: Sendable {
    /// Reads scenario files and flow files (`FileSystemReader()` or an in-memory reader).
    public var reader: any SourceReader
    /// Parser limits for the flow files scenarios name.
    public var limits: ParseLimits
    /// Steps without user input before a run is a loop, for scenarios without a `limit` line.
    public var stepLimit: Int
    /// Most steps one run takes in all.
    public var maxTotalSteps: Int
    /// The directory the flows that scenarios name must lie under (`SourceRoot`), for scenarios
    /// that lie under it themselves; other scenarios (and nil) use each flow file's own directory.
    /// `flowrun test` passes the working directory (the project: scenarios name flows beside or
    /// above them, `flow ../camera.flow`), so a scenario in a checkout cannot name a file outside it.
    public var root: String?

    public init(
        reader: any SourceReader, limits: ParseLimits = .default, stepLimit: Int = 1000,
        maxTotalSteps: Int = Interpreter.Options.defaultMaxTotalSteps
    ) {
        self.reader = reader
        self.limits = limits
        self.stepLimit = stepLimit
        self.maxTotalSteps = maxTotalSteps
    }

    /// Reads and runs the scenario at `path`.
    public func run(path: String) async -> ScenarioResult {
        switch reader.read(path, maxBytes: limits.maxFileBytes) {
        case .failure(let error) where error.tooLargeSize != nil:
            // The flow files' limit, reported the same way (FL0010 at the file's start), unread.
            let file = SourceFile(id: FileID(0), path: path, bytes: [])
            let origin = SourceLocation(offset: 0, line: 1, column: 1)
            return ScenarioResult(
                path: path, scenarioFile: file,
                diagnostics: [
                    .error(.fileTooLarge, error.message, at: SourceRange(file: file.id, start: origin, end: origin))
                ],
                flowFiles: [], flowDiagnostics: [], failures: [], run: nil)
        case .failure(let error):
            return ScenarioResult(
                path: path, scenarioFile: nil,
                diagnostics: [
                    .error(.malformedScenario, "cannot read scenario: \(error.message)", at: nil)
                ],
                flowFiles: [], flowDiagnostics: [], failures: [], run: nil)
        case .success(let bytes):
            return await run(text: String(decoding: bytes, as: UTF8.self), path: path)
        }
    }

    /// Parses and runs scenario text; `path` locates the flow file named in it.
    public func run(text: String, path: String) async -> ScenarioResult {
        let (scenario, diagnostics) = ScenarioParser.parse(text: text, path: path)
        guard let scenario else {
            return ScenarioResult(
                path: path, scenarioFile: SourceFile(id: FileID(0), path: path, text: text),
                diagnostics: Self.capped(diagnostics, limit: limits.maxErrors), flowFiles: [],
                flowDiagnostics: [], failures: [], run: nil)
        }
        var result = await run(scenario)
        result.diagnostics = Self.capped(diagnostics + result.diagnostics, limit: limits.maxErrors)
        return result
    }

    /// `root` when the scenario lies under it, else nil (see `root`).
    func projectRoot(for scenarioPath: String) -> String? {
        guard let root, let real = reader.realPath(root), let scenario = reader.realPath(scenarioPath),
            SourceRoot(realPath: real).contains(scenario)
        else { return nil }
        return root
    }

    /// At most `limit` diagnostics about one scenario (the flow files' own are capped by the
    /// loader), then one FL0013 that counts the rest: 500,000 unused `tap` lines are one line.
    static func capped(_ diagnostics: [Diagnostic], limit: Int) -> [Diagnostic] {
        guard diagnostics.count > limit else { return diagnostics }
        return DiagnosticCap.apply(diagnostics, limit: limit, what: "scenario diagnostics").kept
    }

    /// The flow file's path: relative to the scenario's directory unless absolute.
    public static func flowPath(_ flow: String, relativeTo scenario: String) -> String {
        if flow.hasPrefix("/") { return flow }
        guard let slash = scenario.lastIndex(of: "/") else { return flow }
        return String(scenario[...slash]) + flow
    }

    /// Loads the scenario's flow and runs it.
    public func run(_ scenario: Scenario) async -> ScenarioResult {
        let path = Self.flowPath(scenario.flowPath.value, relativeTo: scenario.file.path)
        let loaded = Loader(reader: reader, limits: limits, root: projectRoot(for: scenario.file.path)).load(path)
        guard let program = loaded.program else {
            let unreadable =
                loaded.files.isEmpty || loaded.diagnostics.contains { $0.range == nil && $0.severity == .error }
            // An unreadable flow's own diagnostic has no place in the flow file; its message is
            // repeated at the scenario's `flow` line instead, which is where the fix goes.
            var result = ScenarioResult(
                path: scenario.file.path, scenarioFile: scenario.file, diagnostics: [],
                flowFiles: loaded.files, flowDiagnostics: loaded.diagnostics.filter { $0.range != nil },
                failures: [], run: nil)
            let why =
                unreadable
                ? "cannot be read" + (loaded.diagnostics.first.map { ": " + $0.message } ?? "") : "has errors"
            result.diagnostics.append(
                .error(.scenarioFlowDoesNotLoad, "flow file '\(path)' \(why)", at: scenario.flowPath.location))
            return result
        }
        var result = await run(scenario, program: program)
        result.flowFiles = loaded.files
        return result
    }

    /// Runs the scenario against an already loaded program.
    public func run(_ scenario: Scenario, program: Program) async -> ScenarioResult {
        var result = ScenarioResult(
            path: scenario.file.path, scenarioFile: scenario.file, diagnostics: [],
            flowFiles: program.files, flowDiagnostics: [], failures: [], run: nil)
        guard let flowID = Self.scenarioFlow(scenario, in: program, into: &result) else { return result }
        let flow = program[flowID]
        // Expectations that name things in the program are checked before running.
        Self.checkExpectedNames(scenario, flow: flow, program: program, into: &result)
        let arguments = scenario.arguments.mapValues(\.value.runArgument)
        Self.checkInvocation(scenario, arguments: arguments, flow: flow, program: program, into: &result)
        if result.diagnostics.contains(where: { $0.severity == .error }) { return result }

        let user = ScriptedUser(scenario.script)
        guard
            let run = await execute(
                scenario, program: program, flow: flowID, arguments: arguments, user: user, into: &result)
        else { return result }
        result.run = run

        // A script answer that did not fit what the run reached: point at its line.
        if case .error(let e) = run.end, e.kind == .device, let scriptError = await user.lastError {
            let state = e.context.map { " in state '\($0.pathName)'" } ?? ""
            result.addError(
                scriptError.id, scriptError.problem + state + (scriptError.hint.map { "; " + $0 } ?? ""),
                scriptError.location)
            return result
        }
        check(scenario, run, into: &result)
        if run.outcome != nil { Self.warnUnused(await user.remaining, into: &result) }
        return result
    }

    /// The flow the scenario runs: the one it names, or the file's first.
    private static func scenarioFlow(
        _ scenario: Scenario, in program: Program, into result: inout ScenarioResult
    ) -> FlowID? {
        if let name = scenario.flowName {
            guard let id = program.flow(named: name.value) else {
                result.addError(
                    .unknownScenarioFlow, "no flow named '\(name.value)' in '\(scenario.flowPath.value)'",
                    name.location,
                    fix: suggestion(name.value, program.flows.map(\.name), name.location))
                return nil
            }
            return id
        }
        guard !program.flows.isEmpty else {
            result.addError(
                .unknownScenarioFlow, "'\(scenario.flowPath.value)' has no flow", scenario.flowPath.location)
            return nil
        }
        return FlowID(0)
    }

    /// The outcomes and states the expectations name must be the program's.
    private static func checkExpectedNames(
        _ scenario: Scenario, flow: Flow, program: Program, into result: inout ScenarioResult
    ) {
        let allStates = program.flows.flatMap { f in
            f.states.map { f.name == flow.name ? $0.name : "\(f.name).\($0.name)" }
        }
        for e in scenario.expectations {
            switch e.value {
            case .outcome(let o) where !flow.outcomes.contains(where: { $0.name == o }):
                result.addError(
                    .unknownExpectedOutcome,
                    "flow '\(flow.name)' has no outcome '\(o)'; its outcomes are "
                        + flow.outcomes.map(\.name).joined(separator: ", "), e.location,
                    fix: suggestion(o, flow.outcomes.map(\.name), e.location))
            case .path(let states):
                for s in states where !allStates.contains(s) {
                    result.addError(
                        .unknownExpectedState,
                        "no state '\(s)' in flow '\(flow.name)' (subflow states are written 'flow.state')", e.location,
                        fix: Suggestion.closest(to: s, in: allStates).map {
                            FixIt(range: e.location!, replacement: $0, message: "did you mean '\($0)'?")
                        })
                }
            default: break
            }
        }
    }

    /// The arguments, `handling` and `variant` lines, checked as the run itself checks them.
    private static func checkInvocation(
        _ scenario: Scenario, arguments: [String: RunArgument], flow: Flow, program: Program,
        into result: inout ScenarioResult
    ) {
        do {
            _ = try Interpreter(program: program, backend: try SimulatedDevice(script: Script())).bindArguments(
                arguments, for: flow)
        } catch let invocation as RunInvocationError {
            let at =
                scenario.arguments.values.compactMap(\.location).min { $0.start < $1.start }
                ?? scenario.flowPath.location
            result.addError(.badScenarioArgument, invocation.message, at)
        } catch {
            preconditionFailure("bindArguments throws only RunInvocationError")
        }
        // `handling` lines: each outcome must be one the flow hands off (the run's own check).
        for name in scenario.handling {
            do {
                _ = try Interpreter(program: program, backend: try SimulatedDevice(script: Script())).handledOutcomes(
                    [name.value], of: flow)
            } catch let invocation as RunInvocationError {
                result.addError(.badScenarioArgument, invocation.message, name.location)
            } catch {
                preconditionFailure("handledOutcomes throws only RunInvocationError")
            }
        }
        // `variant` lines: each must name an experiment of the program and one of its variants.
        for (name, variant) in scenario.variants.sorted(by: { $0.key < $1.key }) {
            do {
                try program.checkVariantOverrides([name: variant.value])
            } catch let invocation as RunInvocationError {
                result.addError(.badScenarioArgument, invocation.message, variant.location)
            } catch {
                preconditionFailure("checkVariantOverrides throws only RunInvocationError")
            }
        }
    }

    /// Runs the flow (again after each `after N days`, on the same device and install); nil after
    /// a diagnostic or failure when it cannot start.
    private func execute(
        _ scenario: Scenario, program: Program, flow flowID: FlowID, arguments: [String: RunArgument],
        user: ScriptedUser, into result: inout ScenarioResult
    ) async -> RunResult? {
        var run: RunResult
        let history: (ShowHistory, ManualLimitClock)
        switch scenario.limits.history(program: program, entry: flowID) {
        case .success(let made): history = made
        case .failure(let failure):
            result.addError(.badScenarioArgument, failure.message, scenario.flowPath.location)
            return nil
        }
        do {
            let device = try SimulatedDevice(scenario.configuration, user: user)
            var options = Interpreter.Options(
                locale: scenario.locale, appName: scenario.appName,
                stepLimit: scenario.stepLimit ?? stepLimit, maxTotalSteps: maxTotalSteps)
            options.variants = scenario.variants.mapValues(\.value)
            let interpreter = Interpreter(program: program, backend: device, options: options, history: history.0)
            run = try await interpreter.run(
                flow: flowID, arguments: arguments, handling: scenario.handling.map(\.value))
            for days in scenario.limits.relaunchesAfterDays where run.outcome != nil {
                history.1.advance(days: days)
                run = try await interpreter.run(
                    flow: flowID, arguments: arguments, handling: scenario.handling.map(\.value))
            }
        } catch {
            // The parser validated statuses and the binding was checked above.
            result.failures.append(.init("the run could not start: \(error)", at: scenario.flowPath.location))
            return nil
        }
        return run
    }

    /// Warns about each script line the run never used.
    private static func warnUnused(_ left: Script, into result: inout ScenarioResult) {
        for tap in left.taps {
            result.diagnostics.append(
                .warning(
                    .unusedInput, "tap \"\(tap.value)\" was never used: the run showed no more alerts",
                    at: tap.location))
        }
        for (kind, answers) in left.answers.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for a in answers {
                result.diagnostics.append(
                    .warning(
                        .unusedInput,
                        "answer for the \(kind.rawValue) prompt was never used: iOS showed no more \(kind.rawValue) prompts",
                        at: a.location))
            }
        }
        for a in left.criticalAlertsAnswers {
            result.diagnostics.append(
                .warning(
                    .unusedInput,
                    "answer for the critical-alerts prompt was never used: iOS showed no more critical-alerts prompts",
                    at: a.location))
        }
        for visit in left.settingsVisits {
            result.diagnostics.append(
                .warning(
                    .unusedInput, "settings visit was never used: the run opened Settings fewer times",
                    at: visit.location))
        }
    }

    private static func suggestion(_ name: String, _ candidates: [String], _ at: SourceRange?) -> FixIt? {
        guard let at, let s = Suggestion.closest(to: name, in: candidates) else { return nil }
        return FixIt(range: at, replacement: s, message: "did you mean '\(s)'?")
    }

    /// Compares the run with the expectations.
    func check(_ scenario: Scenario, _ run: RunResult, into result: inout ScenarioResult) {
        func fail(_ message: String, _ at: SourceRange?) { result.failures.append(.init(message, at: at)) }
        let ended = Self.describe(run.end)
        Self.checkUnexpectedEnd(scenario, run, ended: ended, into: &result)
        // The runtime's own `flow_start` and `flow_end` count too (a scenario may expect them, in
        // order); the messages list the flow's own tracks unless one of those was expected.
        let sent = run.sentEvents
        var events = sent[...]
        for e in scenario.expectations {
            switch e.value {
            case .outcome(let o):
                if run.outcome != o {
                    var message = "expected outcome '\(o)', the run ended with \(ended)"
                    if case .inputNeeded = run.end { message += "; add a 'tap', 'answer' or 'settings' line" }
                    fail(message, e.location)
                }
            case .error(let id):
                guard case .error(let error) = run.end, id == nil || id == error.id else {
                    fail("expected error \(id ?? "(any)"), the run ended with \(ended)", e.location)
                    continue
                }
            case .path(let expected):
                let actual = run.path
                if actual != expected {
                    fail(
                        "path differs (- expected, + actual):\n" + LineDiff.render(expected: expected, actual: actual),
                        e.location)
                }
            case .trackProperties(let name, let properties):
                if let i = events.firstIndex(where: { $0.name == name && Self.has(properties, $0) }) {
                    events = events[(i + 1)...]
                } else {
                    let same = sent.filter { $0.name == name }.map(Self.describe)
                    let seen = same.isEmpty ? "it was not tracked" : "tracked as " + same.joined(separator: ", ")
                    let wanted = properties.sorted { $0.key < $1.key }.map { "\($0.key) = \"\($0.value)\"" }.joined(
                        separator: ", ")
                    fail(
                        "expected track \"\(name)\" with \(wanted) after the events expected before it; \(seen)",
                        e.location)
                }
            case .track(let name):
                if let i = events.firstIndex(where: { $0.name == name }) {
                    events = events[(i + 1)...]
                } else {
                    let listed = RuntimeEvents.isReserved(name) ? sent : run.events
                    let all = listed.map { "\"\($0.name)\"" }.joined(separator: ", ")
                    let order = sent.contains { $0.name == name } ? " after the events expected before it" : ""
                    fail("expected track \"\(name)\"\(order); tracked: \(all.isEmpty ? "nothing" : all)", e.location)
                }
            case .noTrack(let name):
                if sent.contains(where: { $0.name == name }) {
                    fail("expected no track \"\(name)\", but it was tracked", e.location)
                }
            case .relaunch(let expected):
                if run.relaunched != expected {
                    fail(
                        expected
                            ? "expected a relaunch after Settings, but the app was never terminated"
                            : "expected no relaunch, but iOS terminated the app in Settings", e.location)
                }
            }
        }
    }

    /// How the run ended, for the failure messages.
    private static func describe(_ end: RunEnd) -> String {
        switch end {
        case .outcome(let o): "outcome '\(o)'"
        case .error(let e): "error \(e.id) in state '\(e.context?.pathName ?? "?")': \(e.message)"
        case .inputNeeded(let n, let at): "a stop in state '\(at.pathName)': \(n.summary)"
        case .cancelled: "cancellation"
        }
    }

    /// A scenario that expects no outcome or error still fails when the run ends without one.
    private static func checkUnexpectedEnd(
        _ scenario: Scenario, _ run: RunResult, ended: String, into result: inout ScenarioResult
    ) {
        let expectsEnd = scenario.expectations.contains {
            switch $0.value {
            case .outcome, .error: true
            default: false
            }
        }
        guard !expectsEnd else { return }
        let at = scenario.flowPath.location
        switch run.end {
        case .error, .cancelled: result.failures.append(.init("the run ended with \(ended)", at: at))
        case .inputNeeded:
            result.failures.append(
                .init("the run ended with \(ended); add a 'tap', 'answer' or 'settings' line", at: at))
        case .outcome: break
        }
    }

    /// Whether `event` has every property in `properties` with that value (compared as text:
    /// a string without quotes, a number as written, `true`/`false`).
    static func has(_ properties: [String: String], _ event: AnalyticsEvent) -> Bool {
        properties.allSatisfy { key, value in
            event.properties.contains { $0.key == key && text(of: $0.value) == value }
        }
    }

    static func text(of value: AnalyticsEvent.Value) -> String {
        switch value {
        case .text(let s): s
        case .number(let n): n
        case .bool(let b): b ? "true" : "false"
        }
    }

    /// `name {key: value, ...}` for a failure message.
    static func describe(_ event: AnalyticsEvent) -> String {
        "\"\(event.name)\" {" + event.properties.map { "\($0.key): \"\(text(of: $0.value))\"" }.joined(separator: ", ")
            + "}"
    }
}

extension ScenarioResult {
    fileprivate mutating func addError(_ id: DiagnosticID, _ message: String, _ at: SourceRange?, fix: FixIt? = nil) {
        diagnostics.append(.error(id, message, at: at, fixIts: fix.map { [$0] } ?? []))
    }
}
