import FlowModel
import FlowSyntax

/// A scenario file (Scenarios.md): which flow to run, the device and the user's answers, and what
/// the run must do. Every part keeps the range it was written at, so failures point at the line.
public struct Scenario: Sendable {
    /// The scenario text, for rendering diagnostics (its ranges use `file.id`).
    public var file: SourceFile
    /// The `.flow` file, relative to the scenario file's directory.
    public var flowPath: Scripted<String>
    /// The flow to run; nil means the file's first flow.
    public var flowName: Scripted<String>?
    /// Run arguments by parameter name.
    public var arguments: [String: Scripted<ScenarioArgument>]
    public var locale: String?
    public var appName: String?
    public var stepLimit: Int?
    public var configuration: SimulatedDevice.Configuration
    public var script: Script
    public var expectations: [Scripted<ScenarioExpectation>]
    /// `handling denied, limited`: outcomes the app handles itself (`Interpreter.run(handling:)`).
    public var handling: [Scripted<String>]
    /// `shown prime 2 3` and `after 7 days`: the limited states' history and the later runs.
    public var limits = LimitScript()
    /// `variant experiment = name`: the run's variant of each experiment named (the others are
    /// assigned as for install ID "", `Interpreter.Options.installID`).
    public var variants: [String: Scripted<String>] = [:]

    public init(
        file: SourceFile, flowPath: Scripted<String>, flowName: Scripted<String>? = nil,
        arguments: [String: Scripted<ScenarioArgument>] = [:], locale: String? = nil, appName: String? = nil,
        stepLimit: Int? = nil, configuration: SimulatedDevice.Configuration = .init(), script: Script = Script(),
        expectations: [Scripted<ScenarioExpectation>] = [], handling: [Scripted<String>] = []
    ) {
        self.handling = handling
        self.file = file
        self.flowPath = flowPath
        self.flowName = flowName
        self.arguments = arguments
        self.locale = locale
        self.appName = appName
        self.stepLimit = stepLimit
        self.configuration = configuration
        self.script = script
        self.expectations = expectations
    }

    /// The file name without directory and extension, used as the scenario's name in reports.
    public var name: String {
        let base = file.path.split(separator: "/").last.map(String.init) ?? file.path
        return base.hasSuffix(".scenario") ? String(base.dropLast(".scenario".count)) : base
    }
}

/// A run argument as written in a scenario: a bare permission kind or a quoted text.
public enum ScenarioArgument: Hashable, Sendable {
    case permission(PermissionKind)
    case text(String)

    var runArgument: RunArgument {
        switch self {
        case .permission(let k): .permission(k)
        case .text(let t): .text(t)
        }
    }
}

/// What a scenario expects of the run.
public enum ScenarioExpectation: Hashable, Sendable {
    /// `expect outcome granted`: the entry flow ends with this outcome.
    case outcome(String)
    /// `expect path a b sub.c`: exactly these states, in order (subflow states as `flow.state`).
    case path([String])
    /// `expect track "name"`: this event is tracked, after the ones expected before it.
    case track(String)
    /// `expect track "name" key = "value", ...`: an event of this name with these property
    /// values (as the transcript shows them, without quotes), after the ones expected before it.
    case trackProperties(String, properties: [String: String])
    /// `expect no track "name"`: this event is never tracked.
    case noTrack(String)
    /// `expect error [FL2101]`: the run ends with a flow error (with this ID).
    case error(DiagnosticID?)
    /// `expect relaunch` / `expect no relaunch`: whether iOS terminated the app in Settings.
    case relaunch(Bool)
}
