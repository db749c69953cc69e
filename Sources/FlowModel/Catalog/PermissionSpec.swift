/// Every fact the tools know about one permission kind, in one record. `PermissionKind.spec` returns
/// it from one exhaustive switch, so a new kind is one new case there and the compiler asks for
/// every fact; the checker, the simulated device, the linter, the storyboard, the terminal, the
/// Apple support and the code generator all read the kind through this record (or through the
/// `PermissionKind` properties that forward to it). CONTRIBUTING.md has the checklist for a new kind.
///
/// Facts marked *unverified* have no source either way (the reference's last section lists them).
public struct PermissionSpec: Sendable {
    /// The SwiftPM product (and module) an app links for the system to serve the kind:
    /// `PermissionFlowCamera`. One product per permission framework (issue 30), so kinds of one
    /// framework share it (photos and photosAddOnly; location and locationAccuracy). The runtime
    /// refuses a flow whose kind's module is not registered (FL2108), and flowlint reports a target
    /// that does not link it (FL1509). `PermissionSpecProductTests` checks each name is a product
    /// in Package.swift.
    public var product: String
    /// The statuses the kind's status API can return, in Apple's declaration order.
    public var statuses: [Status]
    /// The status before the app ever asked.
    public var initialStatus: Status
    /// The status API, for messages and documentation.
    public var statusAPI: String
    /// The English name of the permission, the default value of `{permission}`.
    public var displayName: String
    /// The device capability without which the permission is useless (`capability` checks it).
    public var requiredCapability: Capability?
    /// Whether flipping the permission's switch in Settings terminates a running app.
    public var settingsChangeTerminatesApp: Bool
    /// Flag options a request of this kind accepts.
    public var requestOptions: [RequestOption] = []
    /// Options of which at most one may be given.
    public var exclusiveOptions: [RequestOption] = []
    /// Whether a request needs `purpose: "Key"` (temporary full accuracy).
    public var requiresPurposeKey = false
    /// The Info.plist keys a request needs; `usageKeysWith` replaces them for a request that
    /// carries the option.
    public var usageKeys: [String]
    /// Usage keys for a request with one of these options, in place of `usageKeys`.
    public var usageKeysWith: [RequestOption: [String]] = [:]
    /// Keys older iOS versions read, which an app still declares while it supports them.
    public var legacyUsageKeys: [LegacyUsageKey] = []
    /// The first iOS version that reads `usageKeys`, when later than the API itself.
    public var usageKeysIntroduced: Int?
    /// What iOS does when the app requests the permission without its usage key.
    public var missingUsageKeyEffect: MissingUsageKeyEffect
    /// What a request from an app that is not active does, while a prompt is finishing and in the
    /// background.
    public var whileInactive: InactiveRequest
    /// What the system prompt offers, and from which statuses it appears.
    public var prompt: PromptModel
    /// The prompt's title as iOS writes it (English), `{app}` standing for the app's quoted name.
    public var promptTitle: String
    /// The title of the kind's other prompt (location's Always upgrade, calendar's write-only
    /// prompt, notifications' critical alerts), where it has one.
    public var otherPromptTitle: String? = nil
    /// What each later screen of a prompt with several shows (contacts), keyed by the button
    /// that opens it, for the terminal and the storyboard. A description, not iOS's wording:
    /// the titles of those screens are *unverified* (Apple's pages describe the screens only).
    public var promptStageDescriptions: [String: String] = [:]
    /// How the app's page in Settings shows the permission.
    public var settingsRow: SettingsRow
    /// Statuses the user can choose on the app's page in Settings (never `restricted`).
    public var settingsChoices: [Status]
}

/// What iOS does with a request made while the app is not active, in each of the two ways an
/// app is not active: a system prompt is on screen or going away (prompts are shown out of
/// process and make the app inactive, still in the foreground), or the app is in the background
/// (a background task, a notification action). A flow runs in the foreground, so the linter and
/// the explorer meet only the first; the second is what `flowrun --inactive` sets up.
public struct InactiveRequest: Hashable, Sendable {
    /// A request made while another prompt is on screen or finishing.
    public var whilePromptFinishing: InactiveResult
    /// A request made from the background.
    public var inBackground: InactiveResult

    public init(whilePromptFinishing: InactiveResult, inBackground: InactiveResult) {
        self.whilePromptFinishing = whilePromptFinishing
        self.inBackground = inBackground
    }

    /// The prompt is shown in both (nothing Apple documents says otherwise: *unverified* for the
    /// background).
    public static let promptShown = InactiveRequest(whilePromptFinishing: .promptShown, inBackground: .promptShown)
    /// Location: "Your app must be in the foreground to show a location authorization prompt"
    /// (https://developer.apple.com/documentation/corelocation/cllocationmanager/requestwheninuseauthorization()).
    /// An app whose prompt is going away is still in the foreground, so the prompt is shown; from
    /// the background the request returns the current status.
    public static let foregroundOnly = InactiveRequest(whilePromptFinishing: .promptShown, inBackground: .keepsStatus)
    /// Temporary full accuracy: requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)
    /// "always fails with a CLError.Code.promptDeclined error" when "The app is in the background"
    /// (https://developer.apple.com/documentation/corelocation/cllocationmanager/requesttemporaryfullaccuracyauthorization(withpurposekey:completion:)):
    /// no prompt, and accuracy stays what it was. An app whose location prompt is going away is
    /// still in the foreground, so the prompt is shown then.
    public static let failsInBackground = InactiveRequest(
        whilePromptFinishing: .promptShown, inBackground: .keepsStatus)
    /// Tracking: "Calls to the API only prompt when the application state is
    /// UIApplicationStateActive"
    /// (https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/requesttrackingauthorization(completionhandler:)),
    /// and privacy prompts, shown out of process, place the app into the inactive state
    /// (https://developer.apple.com/forums/thread/751682): no prompt in either, the request
    /// returns the current status.
    public static let activeOnly = InactiveRequest(whilePromptFinishing: .keepsStatus, inBackground: .keepsStatus)
    /// Local Network: denied silently in the background (TN3179); in the foreground the alert is
    /// shown.
    public static let deniedInBackground = InactiveRequest(whilePromptFinishing: .promptShown, inBackground: .denied)
}

/// What one request made while the app is not active does.
public enum InactiveResult: Hashable, Sendable {
    /// The prompt is shown anyway.
    case promptShown
    /// No prompt; the request completes with the current status.
    case keepsStatus
    /// No prompt; the request is denied silently.
    case denied
}

/// The shape of a kind's system prompt.
public enum PromptModel: Hashable, Sendable {
    /// One prompt, shown only while the status is the initial one, with these buttons.
    case once([PromptAnswer])
    /// Photos: "Limit Access…", "Allow Full Access", and "Don't Allow" or, when add-only access is
    /// already granted, "Keep Add Only".
    case photos
    /// Location: three answers from `notDetermined`, and the one-time Always upgrade.
    case location
    /// Temporary full accuracy: "Allow Once" or "Don't Allow", from reduced accuracy.
    case temporaryFullAccuracy
    /// Notifications: provisional without a prompt, full authorization from undecided or provisional.
    case notifications
    /// Calendar: full access or add-events-only, and the upgrade from write-only to full access.
    case calendar
}

/// How the app's page in Settings shows a permission.
public struct SettingsRow: Hashable, Sendable {
    /// Whether the row is a switch (false: a row that opens a list of choices).
    public var isSwitch: Bool
    /// The switch's name where it is not the row's (`displayName`).
    public var switchName: String?
    /// What the row says for these statuses, where it is not "On", "Off", "Restricted" or
    /// "Not Asked Yet".
    public var labels: [Status: String]

    /// A switch named after the permission, or `switchName`.
    public static func toggle(_ switchName: String? = nil, labels: [Status: String] = [:]) -> SettingsRow {
        SettingsRow(isSwitch: true, switchName: switchName, labels: labels)
    }

    /// A row that opens a list of choices labelled `labels`.
    public static func list(_ labels: [Status: String]) -> SettingsRow {
        SettingsRow(isSwitch: false, switchName: nil, labels: labels)
    }
}
