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
