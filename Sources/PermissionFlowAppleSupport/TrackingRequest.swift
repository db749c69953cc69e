import FlowModel

/// The tracking request as a state machine: wait until the app is active, ask, and ask once more
/// if the answer came back `notDetermined` because the app lost active state while asking (another
/// system alert, a notification banner tapped, the user leaving): iOS then completes the request
/// without showing anything, and the flow would branch as if the user had never been asked.
/// At most `maximumAttempts` framework calls are made, so nothing loops.
public struct TrackingRequest: Hashable, Sendable {
    /// What the shell must do next.
    public enum Effect: Hashable, Sendable {
        /// Call `ATTrackingManager.requestTrackingAuthorization`.
        case callFramework
        /// Wait for the next lifecycle event.
        case wait
        /// The request is over with this status.
        case finish(Status)
    }

    public static let maximumAttempts = 2
    public private(set) var attempts = 0
    /// Whether the app resigned active while a framework call was in flight: the prompt came up.
    /// False at the end means iOS completed the request without showing anything (the user turned
    /// "Allow Apps to Request to Track" off, or the app was not active).
    public private(set) var promptAppeared = false
    private var appState: AppState
    private var calling = false
    private var resignedWhileCalling = false
    private var done = false

    public init(appState: AppState) { self.appState = appState }

    /// Starts the request.
    public mutating func start() -> Effect {
        appState == .active ? call() : .wait
    }

    /// Feeds a lifecycle event.
    public mutating func handle(_ event: AppLifecycleEvent) -> Effect {
        guard !done else { return .wait }
        switch event {
        case .willResignActive, .didEnterBackground:
            appState = event == .willResignActive ? .inactive : .background
            if calling {
                resignedWhileCalling = true
                promptAppeared = true
            }
            return .wait
        case .didBecomeActive:
            appState = .active
            // A call in flight completes on its own; the prompt itself makes the app inactive.
            return calling ? .wait : call()
        }
    }

    /// The request was cancelled (the run ended): nothing more is asked, not even when a call
    /// still in flight comes back `notDetermined` from an interrupted prompt.
    public mutating func cancel() {
        done = true
    }

    /// Feeds the framework's answer.
    public mutating func completed(with status: Status) -> Effect {
        guard !done else { return .wait }
        calling = false
        if status == .notDetermined, attempts < Self.maximumAttempts, resignedWhileCalling || appState != .active {
            resignedWhileCalling = false
            return appState == .active ? call() : .wait
        }
        done = true
        return .finish(status)
    }

    private mutating func call() -> Effect {
        attempts += 1
        calling = true
        resignedWhileCalling = false
        return .callFramework
    }
}
