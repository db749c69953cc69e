import FlowSyntax

/// Stable IDs of the loader's and the checker's diagnostics (`FL0100`–`FL0199`). Their
/// documentation, examples and severity policy are in `DiagnosticRegistry.check`
/// (ModelDiagnostics.swift).
///
/// - `FL0100` the entry file cannot be read (no range; the command line reports it as an I/O error)
/// - `FL0101` an imported file cannot be read (at the import's string, with the reader's message)
/// - `FL0102` unknown state
/// - `FL0103` an import leaves the root (the entry file's directory): by its path, or by a symbolic link it goes through
/// - `FL0104` duplicate state in a flow
/// - `FL0105` a flow has no `start`
/// - `FL0106` duplicate `start`, `title`, `uses` or `outcomes` in a flow, or a second `app`
/// - `FL0107` unknown flow in a `call`
/// - `FL0108` duplicate flow (flows of all loaded files share one namespace)
/// - `FL0109` unknown permission kind, or a name that is not a permission
/// - `FL0110` a `status`, `request` or permission argument names a kind missing from `uses`
/// - `FL0111` a kind listed twice in `uses`
/// - `FL0112` a status that is not one of the kind's statuses (names another kind's status when it is one)
/// - `FL0113` an unknown status class in a check on a `permission` parameter
/// - `FL0114` unknown capability
/// - `FL0115` unknown or repeated capability arm (`present`/`absent`, `on`/`off`)
/// - `FL0116` a capability check that does not handle one of its two arms
/// - `FL0117` an outcome the flow does not declare (`done x`)
/// - `FL0118` an outcome declared twice
/// - `FL0119` unknown or repeated request option for the kind
/// - `FL0120` request options that exclude each other (`whenInUse` and `always`)
/// - `FL0121` a `locationAccuracy` request without `purpose: "Key"`
/// - `FL0122` `purpose` on a kind that does not take it, or a value on a flag option
/// - `FL0123` unknown placeholder or value name
/// - `FL0124` `{app}` without an `app` declaration
/// - `FL0125` `{permission}` where the flow has no single permission (none, or more than one)
/// - `FL0126` a `@key` missing from the base locale
/// - `FL0127` a key defined twice in one locale
/// - `FL0128` an unknown fallback locale
/// - `FL0129` a fallback that loops, names itself, conflicts with an earlier one, or is set on the base locale
/// - `FL0130` unknown argument label in a `call`
/// - `FL0131` missing argument in a `call`
/// - `FL0132` argument given twice in a `call`
/// - `FL0133` argument of the wrong kind (a permission for a text parameter or the reverse)
/// - `FL0134` a `call` arm names an outcome the called flow does not have
/// - `FL0135` recursive call (a cycle in the call graph)
/// - `FL0136` an alert without buttons
/// - `FL0137` an alert with more than one `cancel` button (UIAlertController raises an exception)
/// - `FL0138` an alert with neither title nor message (warning)
/// - `FL0139` a tuple pattern whose element count differs from the number of checked permissions
/// - `FL0140` duplicate parameter or value name, or a reserved name (`app`, `permission`)
/// - `FL0141` a value that refers to itself through placeholders
/// - `FL0142` `else` that is not the last arm, or a second `else`
/// - `FL0143` a pattern of the wrong shape (a tuple or `_` where a name is expected)
/// - `FL0144` unknown settings page in `open`
/// - `FL0145` a `status`, `request` or `call` without arms
/// - `FL0147` unknown screen layout or image source, or an empty image name
/// - `FL0148` a screen with more bullets, or a bullet longer, than `ScreenLimits` allows (warning)
/// - `FL0146` a value whose copy nests deeper than `CopyLimits.maxDepth` or expands to more than `CopyLimits.maxBytes`
/// - `FL0160` a call handles an outcome the called flow never hands off (no state has `handoff` for it)
/// - `FL0161` a call handles an outcome that none of its arms names
/// - `FL0162` `{status}`, `{button}` or `{outcome}` in a track where some path sets no value for it
/// - `FL0170` a `track` of an event the runtime sends itself (`flow_start`, `flow_end`)
/// - `FL0190` a wrong `limit` clause (a repeated clause, a count that is not a whole number from 1) or an `else` back to the limited state
/// - `FL0191` a `limit` that is not the first statement of its state, or a second one
/// - `FL0180` an experiment's weights: not whole numbers from 0 to 100, not adding up to 100, or fewer than two variants
/// - `FL0181` a variant declared twice in an experiment, an experiment declared twice, or a variant with two arms
/// - `FL0182` a `variant` naming an unknown experiment or variant, missing a variant, or with an `else`
/// - `FL0183` an experiment no `variant` branches on, or whose `variant`s are all in unreachable states
/// - `FL0184` an experiment whose analytics property `variant_<name>` breaks Firebase's parameter-name rule
extension DiagnosticID {
    public static let unreadableEntry: DiagnosticID = "FL0100"
    public static let unreadableImport: DiagnosticID = "FL0101"
    public static let unknownState: DiagnosticID = "FL0102"
    public static let importEscapesRoot: DiagnosticID = "FL0103"
    public static let duplicateState: DiagnosticID = "FL0104"
    public static let missingStart: DiagnosticID = "FL0105"
    public static let duplicateItem: DiagnosticID = "FL0106"
    public static let unknownFlow: DiagnosticID = "FL0107"
    public static let duplicateFlow: DiagnosticID = "FL0108"
    public static let unknownPermission: DiagnosticID = "FL0109"
    public static let permissionNotInUses: DiagnosticID = "FL0110"
    public static let duplicateUses: DiagnosticID = "FL0111"
    public static let unknownStatus: DiagnosticID = "FL0112"
    public static let unknownStatusClass: DiagnosticID = "FL0113"
    public static let unknownCapability: DiagnosticID = "FL0114"
    public static let unknownCapabilityArm: DiagnosticID = "FL0115"
    public static let missingCapabilityArm: DiagnosticID = "FL0116"
    public static let unknownOutcome: DiagnosticID = "FL0117"
    public static let duplicateOutcome: DiagnosticID = "FL0118"
    public static let unknownOption: DiagnosticID = "FL0119"
    public static let exclusiveOptions: DiagnosticID = "FL0120"
    public static let missingPurpose: DiagnosticID = "FL0121"
    public static let misplacedOptionValue: DiagnosticID = "FL0122"
    public static let unknownPlaceholder: DiagnosticID = "FL0123"
    public static let appWithoutDeclaration: DiagnosticID = "FL0124"
    public static let ambiguousPermission: DiagnosticID = "FL0125"
    public static let unknownStringKey: DiagnosticID = "FL0126"
    public static let duplicateStringKey: DiagnosticID = "FL0127"
    public static let unknownLocale: DiagnosticID = "FL0128"
    public static let badFallback: DiagnosticID = "FL0129"
    public static let unknownArgument: DiagnosticID = "FL0130"
    public static let missingArgument: DiagnosticID = "FL0131"
    public static let duplicateArgument: DiagnosticID = "FL0132"
    public static let argumentKindMismatch: DiagnosticID = "FL0133"
    public static let unknownCallOutcome: DiagnosticID = "FL0134"
    public static let recursiveCall: DiagnosticID = "FL0135"
    public static let alertWithoutButtons: DiagnosticID = "FL0136"
    public static let multipleCancelButtons: DiagnosticID = "FL0137"
    public static let alertWithoutText: DiagnosticID = "FL0138"
    public static let patternArity: DiagnosticID = "FL0139"
    public static let duplicateName: DiagnosticID = "FL0140"
    public static let valueCycle: DiagnosticID = "FL0141"
    public static let misplacedElse: DiagnosticID = "FL0142"
    public static let patternShape: DiagnosticID = "FL0143"
    public static let unknownSettingsPage: DiagnosticID = "FL0144"
    public static let noArms: DiagnosticID = "FL0145"
    public static let copyExpansionLimit: DiagnosticID = "FL0146"
    public static let unknownScreenPart: DiagnosticID = "FL0147"
    public static let screenCopyLimit: DiagnosticID = "FL0148"
    // FL0160 and up: caller-handled outcomes and run-time analytics values (a gap after FL0146
    // so IDs added on other branches at the same time do not collide).
    public static let handlingWithoutHandoff: DiagnosticID = "FL0160"
    public static let handledOutcomeWithoutArm: DiagnosticID = "FL0161"
    public static let runValueUndefined: DiagnosticID = "FL0162"
    // FL0170 and up: the runtime's own analytics events (issue 34).
    public static let reservedEventName: DiagnosticID = "FL0170"
    // FL0190 and up: frequency caps, `limit` (issue 34, item 2).
    public static let invalidLimit: DiagnosticID = "FL0190"
    public static let misplacedLimit: DiagnosticID = "FL0191"
    // FL0180 and up: experiments (issue 34, item 3; a gap after FL0170 for the frequency caps).
    public static let experimentWeights: DiagnosticID = "FL0180"
    public static let duplicateVariant: DiagnosticID = "FL0181"
    public static let unknownExperiment: DiagnosticID = "FL0182"
    public static let unusedExperiment: DiagnosticID = "FL0183"
    public static let experimentKey: DiagnosticID = "FL0184"
}

/// The spelling the checker uses for its IDs (`ModelDiagnosticID.unknownState`); every phase
/// shares the one `DiagnosticID` type.
public typealias ModelDiagnosticID = DiagnosticID
