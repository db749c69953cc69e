import FlowModel
import FlowSyntax

/// A lint rule: stable ID, default severity, documentation with two examples (one that triggers
/// it, one that does not; both run as tests), and the check itself.
public struct Rule: Sendable {
    /// Stable ID, `FL1xxx`; never reused.
    public let id: DiagnosticID
    /// A short kebab-case name, for people and for SARIF.
    public let name: String
    public let defaultSeverity: Severity
    /// One line, for `--list-rules` and SARIF `shortDescription`.
    public let summary: String
    /// The doc page `--explain` prints: why the rule exists and how to fix a finding.
    public let documentation: String
    /// A complete `.flow` file on which the rule reports at least once (markers removed).
    public let triggeringExample: String
    /// The same file with `1️⃣` where the rule's first finding starts (see `MarkedText`).
    public let markedTriggeringExample: String
    /// A complete `.flow` file on which it reports nothing.
    public let cleanExample: String
    /// Rules about whether something is used at all: in a run over many entry files a finding
    /// stands only if every entry that loaded the file reports it.
    public let isUsageRule: Bool
    /// What a configuration may do with the severity (most rules: anything, including off).
    public let policy: SeverityPolicy
    /// False for an opt-in rule: it runs only when a configuration gives it a severity
    /// (SwiftLint's opt-in rules).
    public let enabledByDefault: Bool
    /// Whether the rule builds a large analysis of its own and drops it when done (FL1303's
    /// refusing analysis). `Linter` runs such rules before the others, so that what they build
    /// is freed before the other rules' findings are held: the peak of a run is then the larger
    /// of the two, not their sum. Findings are sorted afterwards, so the order rules run in does
    /// not change a report.
    public let buildsOwnAnalysis: Bool
    let check: @Sendable (LintContext) -> [RuleFinding]

    public init(
        id: DiagnosticID, name: String, severity: Severity, summary: String, documentation: String,
        triggering: String, clean: String, isUsageRule: Bool = false, policy: SeverityPolicy = .adjustable,
        enabledByDefault: Bool = true, buildsOwnAnalysis: Bool = false,
        check: @escaping @Sendable (LintContext) -> [RuleFinding]
    ) {
        self.id = id
        self.name = name
        self.defaultSeverity = severity
        self.summary = summary
        self.documentation = documentation
        self.triggeringExample = MarkedText(triggering).text
        self.markedTriggeringExample = triggering
        self.cleanExample = clean
        self.isUsageRule = isUsageRule
        self.policy = policy
        self.enabledByDefault = enabledByDefault
        self.buildsOwnAnalysis = buildsOwnAnalysis
        self.check = check
    }

    /// The text `flowlint --explain ID` prints.
    public var explanation: String {
        """
        \(id) \(name) (default: \(defaultSeverity); \(policy.phrase)\(enabledByDefault ? "" : "; off unless a configuration names it"))
        \(summary)

        \(documentation)

        Triggers:

        \(triggeringExample.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))

        Does not trigger:

        \(cleanExample.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
        """
    }
}

/// What a rule reports before the engine gives it a severity and applies suppressions.
public struct RuleFinding: Sendable {
    public var message: String
    public var range: SourceRange?
    public var notes: [DiagnosticNote]
    public var fixIts: [FixIt]
    public var witness: Witness

    public init(
        _ message: String, at range: SourceRange?, notes: [DiagnosticNote] = [], fixIts: [FixIt] = [],
        witness: Witness = .none
    ) {
        self.message = message
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
        self.witness = witness
    }
}

/// What every rule sees: the checked program, its shared analyses, and optional inputs.
public struct LintContext: Sendable {
    public let program: Program
    public let analysis: ProgramAnalysis
    /// The apps the flows run in (`--info-plist`, `--xcode-project`, `--privacy-manifest`):
    /// the Info.plist and privacy-manifest rules check each.
    public let apps: [AppTarget]
    /// The team's neutral wording for steering button labels (`neutral-label` in the
    /// configuration): FL1301 offers each as a machine-applicable fix.
    public var neutralLabels: [String: String]
    /// `program.allTexts`, found once: three copy rules read every text, and building the list
    /// (an array per state) cost each of them about as much as its own check.
    public let texts: [FlowText]

    public init(
        program: Program, infoPlist: InfoPlist? = nil, apps: [AppTarget] = [],
        neutralLabels: [String: String] = [:]
    ) {
        self.program = program
        self.texts = program.allTexts
        self.analysis = ProgramAnalysis(program: program)
        self.apps = apps + (infoPlist.map { [AppTarget(name: $0.path, infoPlist: $0)] } ?? [])
        self.neutralLabels = neutralLabels
    }

    /// The apps that have an Info.plist, with it.
    var plists: [(app: AppTarget, plist: InfoPlist)] {
        apps.compactMap { app in app.infoPlist.map { (app, $0) } }
    }

    /// Each flow with its analysis, in program order.
    public var flows: [(flow: Flow, analysis: FlowAnalysis)] {
        program.flows.indices.map { (program.flows[$0], analysis.flows[$0]) }
    }
}

/// A finding with its rule's (or the configuration's) severity: what the outputs print.
public struct Finding: Hashable, Sendable {
    public var diagnostic: Diagnostic
    public var witness: Witness

    public init(diagnostic: Diagnostic, witness: Witness = .none) {
        self.diagnostic = diagnostic
        self.witness = witness
    }

    public var ruleID: DiagnosticID { diagnostic.id }
}
