/// Every rule flowlint knows, in ID order. IDs are stable: a retired rule keeps its number.
public enum RuleRegistry {
    public static let rules: [Rule] = [
        .suppressionWithoutReason, .unknownRuleInDirective, .unmetExpectation, .unknownDirective,
        .unreachableState, .trap, .eventlessLoop, .unreachedOutcome, .unusedFlow, .unusedString,
        .deadBranch, .promptNeverShown, .unhandledStatus, .shadowedBranch, .settingsReturnUnchecked, .elseHidesLimited,
        .steeringPrimingButton, .dismissablePriming,
        .emptyCopy, .placeholderCopy, .missingTranslation, .duplicateButtonLabel,
        .missingUsageDescription, .placeholderUsageDescription, .locationAlwaysWithoutWhenInUse, .missingAccuracyPurpose,
    ]

    private static let byID: [String: Rule] = Dictionary(uniqueKeysWithValues: rules.map { ($0.id, $0) })

    /// The rule with `id` (`FL1203`) or name (`unhandled-status`).
    public static func rule(_ idOrName: String) -> Rule? {
        byID[idOrName.uppercased()] ?? rules.first { $0.name == idOrName }
    }
}
