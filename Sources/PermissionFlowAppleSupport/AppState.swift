/// `UIApplication.State`, by the raw values UIKit declares (`UIApplicationStateActive` = 0,
/// `Inactive`, `Background`; https://developer.apple.com/documentation/uikit/uiapplication/state),
/// so the state machines here can be driven on Linux.
public enum AppState: Int, Hashable, Sendable {
    case active = 0
    case inactive = 1
    case background = 2

    /// The state for a raw value; an unknown one counts as not active (nothing waits on it wrongly:
    /// the next `didBecomeActive` releases every waiter).
    public init(uiApplicationStateRawValue raw: Int) {
        self = AppState(rawValue: raw) ?? .inactive
    }
}

/// An app lifecycle notification the Apple backend observes.
public enum AppLifecycleEvent: Hashable, Sendable {
    /// `UIApplication.willResignActiveNotification` (a system prompt or Settings took over).
    case willResignActive
    /// `UIApplication.didEnterBackgroundNotification`.
    case didEnterBackground
    /// `UIApplication.didBecomeActiveNotification`.
    case didBecomeActive
}
