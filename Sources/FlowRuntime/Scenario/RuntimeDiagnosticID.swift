import FlowSyntax

/// The IDs of scenario files and the scenario runner (`FL20xx`) and of running and exploring
/// flows (`FL21xx`). Their documentation, examples and severity policy are in
/// `DiagnosticRegistry.runtime` (RuntimeDiagnostics.swift).
extension DiagnosticID {
    /// A line that is not a directive, or a directive with missing or extra words.
    public static let malformedScenario: DiagnosticID = "FL2001"
    /// An unknown permission kind.
    public static let unknownScenarioKind: DiagnosticID = "FL2002"
    /// A status the kind does not have.
    public static let unknownScenarioStatus: DiagnosticID = "FL2003"
    /// An unknown capability or capability value.
    public static let unknownScenarioCapability: DiagnosticID = "FL2004"
    /// A Settings change iOS does not offer (back to undetermined, restricted).
    public static let impossibleSettingsChange: DiagnosticID = "FL2005"
    /// A prompt answer the kind's system prompts never offer.
    public static let impossiblePromptAnswer: DiagnosticID = "FL2006"
    /// No `flow` line.
    public static let missingScenarioFlow: DiagnosticID = "FL2007"
    /// A setting given twice.
    public static let duplicateScenarioSetting: DiagnosticID = "FL2008"
    /// A string without its closing quote.
    public static let unterminatedScenarioString: DiagnosticID = "FL2009"
    /// The flow file does not load or has errors (runner).
    public static let scenarioFlowDoesNotLoad: DiagnosticID = "FL2010"
    /// No flow of that name in the file (runner).
    public static let unknownScenarioFlow: DiagnosticID = "FL2011"
    /// A `tap` label that is not a button of the alert the run reached (runner).
    public static let unknownButton: DiagnosticID = "FL2012"
    /// An expected outcome the flow cannot end with (runner).
    public static let unknownExpectedOutcome: DiagnosticID = "FL2013"
    /// An expected path state the flows do not have (runner).
    public static let unknownExpectedState: DiagnosticID = "FL2014"
    /// A run argument that does not fit the flow's parameters (runner).
    public static let badScenarioArgument: DiagnosticID = "FL2015"
    /// A scripted answer the run never used (warning, runner).
    public static let unusedInput: DiagnosticID = "FL2016"

    /// A `status` or `request` result that no arm matches.
    public static let unmatchedStatus: DiagnosticID = "FL2101"
    /// A subflow outcome that no arm of the `call` matches.
    public static let unmatchedOutcome: DiagnosticID = "FL2102"
    /// A state ran again past the step limit without user input (a loop).
    public static let stepLimit: DiagnosticID = "FL2103"
    /// The device backend failed or answered out of range.
    public static let deviceError: DiagnosticID = "FL2104"
    /// The saved checkpoint does not fit the program (the flow changed), or is missing.
    public static let badCheckpoint: DiagnosticID = "FL2105"
    /// The run reached `Interpreter.Options.maxTotalSteps`.
    public static let totalStepLimit: DiagnosticID = "FL2106"
    /// Exploration stopped at its budget; its paths are incomplete.
    public static let explorationBudget: DiagnosticID = "FL2107"
    /// A flow uses a kind (or checks a capability) whose app-side module the app did not link.
    public static let kindNotLinked: DiagnosticID = "FL2108"
}
