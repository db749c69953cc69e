import FlowModel
import FlowSyntax

/// Runs a checked `Program` against a `DeviceBackend`: state by state, resolving copy for the
/// chosen locale, calling subflows, and recording a trace of every step.
///
/// A run is cancellable (it checks `Task.isCancelled` before each step) and bounded: once
/// `Options.stepLimit` states ran in a row without user input (no alert, no prompt, no Settings
/// visit), a state run again is a loop and ends the run with a flow error naming its states; and
/// no run executes more than `Options.maxTotalSteps` states in all.
public struct Interpreter: Sendable {
    /// How a run resolves copy and how far it may go.
    public struct Options: Hashable, Sendable {
        /// The requested locale tag (`de-CH`, `zh_Hant_TW`); the closest declared locale is used
        /// (`StringTable.bestLocale(for:)`), the base locale when nil or nothing matches.
        public var locale: String?
        /// Overrides the program's `app` name for `{app}`.
        public var appName: String?
        /// How many states may run in a row without user input. Past it, running a state again
        /// (in the same activation of its flow) ends the run with a loop error (FL2103) naming
        /// the loop; a long chain that repeats nothing (deeply nested calls) goes on. `Int.max`:
        /// no loop detection.
        public var stepLimit: Int
        /// The most states a run executes in all, input or not (FL2106): a scripted or embedding
        /// caller always gets control back, even from a flow that loops through an alert for as
        /// long as its user keeps tapping.
        public var maxTotalSteps: Int
        /// Whether `run` first looks for a checkpoint saved before the app was terminated in
        /// Settings and, when it belongs to the flow being run, resumes there.
        public var resumeFromCheckpoint: Bool

        /// Whether the run keeps a trace of every step (`RunResult.trace`, and with it `path`,
        /// `events` and `relaunched`). Transcripts, scenarios and exploration need it; an app that
        /// embeds the interpreter and only acts on the outcome can turn it off, and the run then
        /// builds no per-step records at all. Outcomes, errors and what the backend sees are the same.
        public var recordsTrace: Bool
        /// Whether the run sends the runtime's own `flow_start` and `flow_end` (`RuntimeEvents`)
        /// around the flow's tracks. Off, the backend gets exactly the flow's own tracks: an app
        /// whose analytics must stay what its hand-written code sent (a seed's port) turns them off.
        public var sendsRuntimeEvents: Bool

        /// Who the run is for, as the app identifies the install: the key of its experiment
        /// assignment (`ExperimentAssignment`) for an experiment not in `variants`.
        public var installID: String = ""
        /// The run's variant of experiments, by name, overriding the install's assignment: what
        /// the app's session remembered or a remote-config value, or `flowrun --variant`. Each
        /// must name an experiment of the program and one of its variants, or the run is refused.
        public var variants: [String: String] = [:]

        public init(
            locale: String? = nil, appName: String? = nil, stepLimit: Int = 1000,
            resumeFromCheckpoint: Bool = true, recordsTrace: Bool = true,
            maxTotalSteps: Int = Options.defaultMaxTotalSteps, sendsRuntimeEvents: Bool = true
        ) {
            self.locale = locale
            self.appName = appName
            self.stepLimit = stepLimit
            self.resumeFromCheckpoint = resumeFromCheckpoint
            self.recordsTrace = recordsTrace
            self.maxTotalSteps = maxTotalSteps
            self.sendsRuntimeEvents = sendsRuntimeEvents
        }

        /// 100,000: far beyond any flow a person steps through, small enough that a run's trace
        /// stays in the tens of megabytes.
        public static let defaultMaxTotalSteps = 100_000
    }

    /// The program, with what is worked out once per interpreter (copy for parameterless flows,
    /// step contexts): shared by copies of this interpreter and by every run.
    private(set) var prepared: PreparedProgram
    public var program: Program { _read { yield prepared.program } }
    public let backend: any DeviceBackend
    public let options: Options
    /// Where limited states' showings are remembered and the clock they are measured by
    /// (ShowHistory.swift): by default a store of this interpreter's own and the system clock.
    public let history: ShowHistory
    /// The index into `program.strings.locales` copy is taken from.
    public let localeIndex: Int

    /// Prepares `program` for `options` (resolving the copy that cannot change between runs), so
    /// an app that keeps its interpreter pays for that once.
    public init(
        program: Program, backend: any DeviceBackend, options: Options = Options(), history: ShowHistory = ShowHistory()
    ) {
        self.backend = backend
        self.options = options
        self.history = history
        self.localeIndex = options.locale.map { program.strings.bestLocale(for: $0) } ?? 0
        self.prepared = PreparedProgram(unresolved: program)
        self.prepared = PreparedProgram(program: program, resolvingWith: self)
    }

    private init(
        prepared: PreparedProgram, backend: any DeviceBackend, options: Options, localeIndex: Int, history: ShowHistory
    ) {
        self.prepared = prepared
        self.backend = backend
        self.options = options
        self.history = history
        self.localeIndex = localeIndex
    }

    /// The same interpreter (program, options and what was prepared from them) driving another
    /// backend: for tests and benchmarks that give each run a fresh simulated device.
    public func with(backend: any DeviceBackend) -> Interpreter {
        Interpreter(prepared: prepared, backend: backend, options: options, localeIndex: localeIndex, history: history)
    }

    /// The same interpreter reading and writing `history` instead: for runs that share one
    /// install's store (relaunches) and for exploration.
    public func with(history: ShowHistory) -> Interpreter {
        Interpreter(prepared: prepared, backend: backend, options: options, localeIndex: localeIndex, history: history)
    }

    /// The locale tag copy is taken from, nil when the program declares no `strings`.
    public var locale: String? {
        program.strings.locales.indices.contains(localeIndex) ? program.strings.locales[localeIndex].tag : nil
    }

    /// Runs the flow called `name`. Throws `RunInvocationError` when there is no such flow or the
    /// arguments do not fit its parameters; everything that happens inside the flow is in the result.
    public func run(flow name: String, arguments: [String: RunArgument] = [:]) async throws -> RunResult {
        // Each public entry sets up its execution synchronously and awaits it once: an entry that
        // awaited another one cost an async frame per run.
        var execution = try execution(flow: try flowID(named: name), arguments: arguments, handling: [], onStep: nil)
        let end = await execution.run()
        return RunResult(end: end, trace: execution.trace, flowStart: execution.flowStart, flowEnd: execution.flowEnd)
    }

    /// `run(flow:arguments:)` for an app that handles some of the flow's outcomes itself.
    ///
    /// `handling`: outcomes the app handles itself, as a `call ... handling` does (Grammar.md,
    /// "Caller-handled outcomes"): the flow ends with one of them at its `handoff` state for it,
    /// before showing its own handling, so the app can show its own. Each must be an outcome of
    /// the flow that one of its states hands off, or the run is refused.
    public func run(
        flow name: String, arguments: [String: RunArgument] = [:],
        handling: [String]
    ) async throws -> RunResult {
        var execution = try execution(
            flow: try flowID(named: name), arguments: arguments, handling: handling, onStep: nil)
        let end = await execution.run()
        return RunResult(end: end, trace: execution.trace, flowStart: execution.flowStart, flowEnd: execution.flowEnd)
    }

    /// Runs `flow` with `arguments` (one per parameter, by name) until it ends, fails, needs input
    /// the backend does not have, or the task is cancelled. `onStep` (with a trace) is told of each
    /// step as it is recorded, before the next device call, so a terminal can show it as it happens.
    public func run(
        flow: FlowID, arguments: [String: RunArgument] = [:],
        onStep: (@Sendable (TraceStep) -> Void)? = nil
    ) async throws -> RunResult {
        var execution = try execution(flow: flow, arguments: arguments, handling: [], onStep: onStep)
        let end = await execution.run()
        return RunResult(end: end, trace: execution.trace, flowStart: execution.flowStart, flowEnd: execution.flowEnd)
    }

    /// `run(flow:arguments:onStep:)` for an app that handles some of the flow's outcomes itself
    /// (see `run(flow:arguments:handling:)`).
    public func run(
        flow: FlowID, arguments: [String: RunArgument] = [:], handling: [String],
        onStep: (@Sendable (TraceStep) -> Void)? = nil
    ) async throws -> RunResult {
        var execution = try execution(flow: flow, arguments: arguments, handling: handling, onStep: onStep)
        let end = await execution.run()
        return RunResult(end: end, trace: execution.trace, flowStart: execution.flowStart, flowEnd: execution.flowEnd)
    }

    /// The flow called `name`, or a `RunInvocationError` with a suggestion.
    func flowID(named name: String) throws -> FlowID {
        // The flows searched in place: `prepared.program.flow(named:)`, a call into FlowModel,
        // copied the whole `Program` to pass it.
        for i in prepared.program.flows.indices where prepared.program.flows[i].name == name { return FlowID(i) }
        var message = "no flow named '\(name)'"
        if let s = Suggestion.closest(to: name, in: program.flows.map(\.name)) { message += "; did you mean '\(s)'?" }
        throw RunInvocationError(message)
    }

    /// A run of `flow`, checked and ready to start.
    func execution(
        flow: FlowID, arguments: [String: RunArgument], handling: [String],
        onStep: (@Sendable (TraceStep) -> Void)?
    ) throws -> Execution {
        guard prepared.program.flows.indices.contains(flow.index) else {
            throw RunInvocationError("no flow with index \(flow.index)")
        }
        // Nothing to bind and nothing to refuse when neither the flow nor the run has any:
        // `bindArguments` takes the `Flow`, a copy of it per run.
        let root =
            arguments.isEmpty && prepared.program.flows[flow.index].parameters.isEmpty
            ? (permissions: [:], texts: [:]) : try bindArguments(arguments, for: prepared.program.flows[flow.index])
        var execution = Execution(
            interpreter: self,
            root: Frame(
                flow: flow, state: prepared.program.flows[flow.index].start,
                permissions: root.permissions, texts: root.texts))
        execution.onStep = onStep
        try assignVariants(to: &execution)
        if !handling.isEmpty {
            execution.rootHandled = try handledOutcomes(handling, of: prepared.program.flows[flow.index])
        }
        return execution
    }

    /// Fixes the variants of the run `execution` (none without experiments or overrides).
    func assignVariants(to execution: inout Execution) throws {
        guard !options.variants.isEmpty || prepared.program.flows.contains(where: { !$0.experiments.isEmpty }) else {
            return
        }
        let experiments = prepared.program.runExperiments(from: execution.rootFlow)
        execution.setVariants(
            try prepared.program.assignVariants(
                experiments, installID: options.installID, overrides: options.variants))
    }

    /// The outcome indices of `names`, which the app handles itself: each must be an outcome of
    /// `flow` that one of its states hands off (what the checker asks of a `call ... handling`).
    func handledOutcomes(_ names: [String], of flow: Flow) throws -> [Int] {
        try names.map { name in
            guard let i = flow.outcomes.firstIndex(where: { $0.name == name }) else {
                var message = "flow '\(flow.name)' has no outcome '\(name)'"
                if let s = Suggestion.closest(to: name, in: flow.outcomes.map(\.name)) {
                    message += "; did you mean '\(s)'?"
                }
                throw RunInvocationError(message)
            }
            guard flow.states.contains(where: { $0.handoff?.outcome == i }) else {
                throw RunInvocationError(
                    "flow '\(flow.name)' never hands '\(name)' to its caller: none of its states has 'handoff \(name)'")
            }
            return i
        }
    }

    /// Checks run arguments against the flow's parameters.
    func bindArguments(_ arguments: [String: RunArgument], for flow: Flow) throws
        -> (permissions: [Int: PermissionKind], texts: [String: String])
    {
        var permissions: [Int: PermissionKind] = [:]
        var texts: [String: String] = [:]
        for (i, parameter) in flow.parameters.enumerated() {
            switch (parameter.kind, arguments[parameter.name]) {
            case (_, nil):
                throw RunInvocationError(
                    "flow '\(flow.name)' needs an argument for parameter '\(parameter.name)' (\(parameter.kind.rawValue))"
                )
            case (.permission, .permission(let kind)?): permissions[i] = kind
            case (.text, .text(let value)?): texts[parameter.name] = value
            case (let expected, _?):
                throw RunInvocationError(
                    "parameter '\(parameter.name)' of flow '\(flow.name)' takes a \(expected.rawValue)")
            }
        }
        // Every parameter has its argument by now, so there is an extra one only if there are more.
        guard arguments.count > flow.parameters.count else { return (permissions, texts) }
        let names = Set(flow.parameters.map(\.name))
        if let extra = arguments.keys.sorted().first(where: { !names.contains($0) }) {
            var message = "flow '\(flow.name)' has no parameter '\(extra)'"
            if let s = Suggestion.closest(to: extra, in: names) { message += "; did you mean '\(s)'?" }
            throw RunInvocationError(message)
        }
        return (permissions, texts)
    }
}

/// One activation of a flow: where it stands and what its parameters are bound to.
struct Frame: Hashable, Sendable {
    var flow: FlowID
    var state: StateID
    /// Permission parameters by index.
    var permissions: [Int: PermissionKind]
    /// Text parameters by name, already resolved in the caller's locale and frame.
    var texts: [String: String]
}

/// The run-time values of one activation (Grammar.md, "Run-time values"); nil where nothing set
/// one. Kept beside the stack (`Execution.runValues`), not in `Frame`: a bigger frame made every
/// run cost more, reading them or not.
struct RunValues: Hashable, Sendable {
    var status: String?
    var button: String?
    var outcome: String?

    subscript(value: RunValue) -> String? {
        switch value {
        case .status: status
        case .button: button
        case .outcome: outcome
        }
    }
}
