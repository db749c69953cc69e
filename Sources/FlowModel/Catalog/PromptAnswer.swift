/// One button of a system permission prompt and the status it leaves behind.
public struct PromptAnswer: Hashable, Sendable {
    /// The button as iOS labels it (English), e.g. "Allow While Using App".
    public var label: String
    /// The status after the user taps it.
    public var result: Status
    /// A one-time grant ("Allow Once") that falls back to `notDetermined` (location) or
    /// `reducedAccuracy` (temporary full accuracy) when the app session ends.
    public var isTemporary: Bool
    /// The buttons tapped on the prompt's earlier screens before this one, first to last. The
    /// iOS 18 contacts prompt is two screens: "Continue" / "Don't Allow", then "Select Contacts"
    /// or "Allow Full Access" (ContactsUI updates: "an alert asks the person using the app
    /// whether to allow contacts access at all. If they allow access, they can choose either full
    /// access or choose which contacts to allow",
    /// https://developer.apple.com/documentation/updates/contactsui), so its "Allow Full Access"
    /// has `["Continue"]`. Empty for the one-screen prompts of every other kind.
    public var steps: [String]

    public init(_ label: String, _ result: Status, temporary: Bool = false, steps: [String] = []) {
        self.label = label
        self.result = result
        self.isTemporary = temporary
        self.steps = steps
    }

    /// Every button the user taps for this answer, screen by screen: `steps`, then `label`.
    public var path: [String] { steps + [label] }
}

extension Array where Element == PromptAnswer {
    /// Whether the prompt has more than one screen (an answer is reached through `steps`).
    public var isStaged: Bool { contains { !$0.steps.isEmpty } }

    /// The buttons the prompt's next screen shows once the user tapped `taken` on the screens
    /// before, in the order of the answers they lead to; empty when `taken` leads nowhere.
    public func buttons(after taken: [String]) -> [String] {
        var buttons: [String] = []
        for answer in self {
            let path = answer.path
            guard path.count > taken.count, path.starts(with: taken) else { continue }
            if !buttons.contains(path[taken.count]) { buttons.append(path[taken.count]) }
        }
        return buttons
    }

    /// The answer whose buttons are exactly `path`, if any.
    public func index(ofPath path: [String]) -> Int? { firstIndex { $0.path == path } }
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
