/// One button of a system permission prompt and the status it leaves behind.
public struct PromptAnswer: Hashable, Sendable {
    /// The button as iOS labels it (English), e.g. "Allow While Using App".
    public var label: String
    /// The status after the user taps it.
    public var result: Status
    /// A one-time grant ("Allow Once") that falls back to `notDetermined` (location) or
    /// `reducedAccuracy` (temporary full accuracy) when the app session ends.
    public var isTemporary: Bool

    public init(_ label: String, _ result: Status, temporary: Bool = false) {
        self.label = label
        self.result = result
        self.isTemporary = temporary
    }
}

/// What a system request does on a real device, given the current status.
public enum RequestBehavior: Hashable, Sendable {
    /// iOS shows a prompt with these buttons.
    case prompt([PromptAnswer])
    /// iOS shows nothing and the request completes with this status at once.
    case immediate(Status)
}

/// What iOS does when an app requests a permission whose usage-description key is missing from
/// its Info.plist (`PermissionKind.missingUsageKeyEffect`).
public enum MissingUsageKeyEffect: String, Hashable, Sendable {
    /// The app is terminated at the request (camera, microphone, photos, contacts, HomeKit, Health).
    case crash
    /// The request fails at once without a prompt (location).
    case failsWithoutPrompt
    /// The request completes denied without a prompt (calendar and reminders on iOS 17+).
    case deniedAutomatically
    /// The request may fail (Face ID, Local Network).
    case mayFail
    /// No key is needed (notifications).
    case none

    /// One phrase for messages: "iOS terminates the app at the request".
    public var phrase: String {
        switch self {
        case .crash: "iOS terminates the app at the request"
        case .failsWithoutPrompt: "the request fails at once without a prompt"
        case .deniedAutomatically: "iOS denies the request automatically without a prompt"
        case .mayFail: "the request may fail"
        case .none: "nothing happens"
        }
    }
}
