/// Whether a system prompt came up during a framework call whose answer does not say so: a
/// prompt makes the app resign active. Temporary full accuracy needs it: its completion's
/// `CLError.promptDeclined` means "the prompt was shown to the user, who declined, or an error
/// prevented the prompt from being displayed"
/// (https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/promptdeclined),
/// and in the background it always fails that way with no prompt. Without a sighting, the
/// unchanged accuracy is iOS's silent refusal, not the user's "Don't Allow".
public struct PromptSighting: Hashable, Sendable {
    /// Whether the app resigned active (or went to the background) during the call.
    public private(set) var appeared = false

    public init() {}

    /// A lifecycle event during the call.
    public mutating func handle(_ event: AppLifecycleEvent) {
        switch event {
        case .willResignActive, .didEnterBackground: appeared = true
        case .didBecomeActive: break
        }
    }
}
