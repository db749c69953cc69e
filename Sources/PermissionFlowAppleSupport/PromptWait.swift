import FlowModel

/// Waits for the end of a prompt whose framework has no completion handler: Core Location reports
/// through `locationManagerDidChangeAuthorization(_:)` and Core Bluetooth through
/// `centralManagerDidUpdateState(_:)`, and neither calls back when the status does not change
/// ("Keep Only While Using" on the Always upgrade) or when iOS shows nothing (a second
/// requestAlwaysAuthorization()). Waiting for the status alone would hang; so the wait also ends
/// when the app resigned active (the prompt came up) and became active again (it went away), or
/// when a grace period passes without the app ever resigning active (no prompt came up).
public struct PromptWait: Hashable, Sendable {
    /// Whether the wait is over, and with which status.
    public enum Progress: Hashable, Sendable {
        case waiting
        case finished(Status)
    }

    public let before: Status
    public private(set) var current: Status
    private var resigned = false
    /// The status the wait ended with; once set, every later input reports it again.
    public private(set) var result: Status?

    /// Whether the app resigned active during the wait: the sign that a prompt came up, which
    /// `PromptInference` takes as `upgradeAvailable` for the one-time Always upgrade.
    public var promptAppeared: Bool { resigned }

    /// Whether the wait needs the grace period: only where iOS may show nothing at all. The Always
    /// upgrade from When In Use is honoured once per app (and never after "Allow Once"); a first
    /// request from `notDetermined` always shows its prompt, so it waits for the answer however
    /// long the user takes, and a grace period there could end the wait with the prompt on screen.
    public static func usesGracePeriod(_ kind: PermissionKind, before: Status) -> Bool {
        kind == .location && before == .authorizedWhenInUse
    }

    public init(before: Status) {
        self.before = before
        self.current = before
    }

    /// A status callback (the delegate's reading after the change, or the same status again).
    public mutating func statusChanged(to status: Status) -> Progress {
        if let result { return .finished(result) }
        current = status
        return status != before ? finish() : .waiting
    }

    /// A lifecycle event.
    public mutating func handle(_ event: AppLifecycleEvent) -> Progress {
        switch event {
        case .willResignActive, .didEnterBackground:
            resigned = true
            return .waiting
        case .didBecomeActive:
            if let result { return .finished(result) }
            return resigned ? finish() : .waiting
        }
    }

    /// The grace period after the request passed. Ends the wait only if no prompt came up.
    public mutating func graceExpired() -> Progress {
        if let result { return .finished(result) }
        return resigned ? .waiting : finish()
    }

    private mutating func finish() -> Progress {
        if result == nil { result = current }
        return .finished(result ?? current)
    }
}
