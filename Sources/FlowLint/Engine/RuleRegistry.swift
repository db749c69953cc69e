import FlowModel
import FlowSyntax

/// Every rule flowlint knows, in ID order. IDs are stable: a retired rule keeps its number.
public enum RuleRegistry {
    public static let rules: [Rule] = [
        .suppressionWithoutReason, .unknownRuleInDirective, .unmetExpectation, .unknownDirective,
        .unreachableState, .trap, .eventlessLoop, .unreachedOutcome, .unusedFlow, .unusedString,
        .deadBranch, .promptNeverShown, .unhandledStatus, .shadowedBranch, .settingsReturnUnchecked, .elseHidesLimited,
        .promptSkippedOnSomePaths, .locationUpgradeIgnored, .settingsForUndetermined, .promptWhilePromptFinishing,
        .statusAnalysisWidened,
        .settingsForRestricted, .elseMergesUnavailable, .approximateLocationToldOff, .primingWhileGranted,
        .steeringPrimingButton, .dismissablePriming, .forcedConsent, .buttonReshowsAlert, .destructiveOnlyAlert,
        .naggingPriming,
        .emptyCopy, .placeholderCopy, .missingTranslation, .duplicateButtonLabel,
        .settingsLabelEndsFlow, .untranslatedLocale, .permissionNameUntranslated,
        .missingUsageDescription, .placeholderUsageDescription, .locationAlwaysWithoutWhenInUse,
        .missingAccuracyPurpose,
        .privacyManifestTracking, .usageDescriptionWithoutExample, .unrequestedUsageDescription,
        .criticalAlertsWithoutEntitlement, .productNotLinked,
    ]

    private static let byID: [DiagnosticID: Rule] = Dictionary(uniqueKeysWithValues: rules.map { ($0.id, $0) })

    /// The rule with `id` (`FL1203`) or name (`unhandled-status`).
    public static func rule(_ idOrName: String) -> Rule? {
        byID[DiagnosticID(rawValue: idOrName.uppercased())] ?? rules.first { $0.name == idOrName }
    }

    /// The rule with this ID.
    public static func rule(_ id: DiagnosticID) -> Rule? { byID[id] }
}

extension Rule {
    /// The rule as a registry entry (its examples are run by the rule doc-example tests).
    public var registryEntry: DiagnosticDescription {
        DiagnosticDescription(
            id, name, defaultSeverity, summary: summary, explanation: documentation,
            triggering: .flow(markedTriggeringExample), clean: .flow(cleanExample), policy: policy)
    }
}

extension DiagnosticRegistry {
    /// Every lint rule (`FL1xxx`).
    public static let lint = DiagnosticRegistry(RuleRegistry.rules.map(\.registryEntry))
    /// Every ID flowlint itself can report: syntax, checking and lint rules.
    public static let flowlint = syntax + check + lint
}
