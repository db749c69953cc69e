import FlowModel

/// Local Network has no status API and no request API (TN3179): the alert appears the first time
/// the app touches the local network, and the only way to learn the answer is to touch it. The
/// backend's probe advertises a Bonjour service of the app's own (`NWListener`) and browses for it
/// (`NWBrowser`): finding it means access works; the browser waiting with
/// `kDNSServiceErr_PolicyDenied` means it does not. While the alert is on screen the browser
/// already reports the denial (TN3179: the first operation may fail before the user answers), so
/// a denial only counts once the app is active again after the alert, or if no alert came up.
/// That the alert makes the app resign active, as the other system alerts do, is *unverified*:
/// if it does not, a denial reported while the alert is up ends the probe at the grace period.
///
/// What stays unknowable: the status before the app ever probed (probing would show the alert),
/// so the backend reports `notDetermined` until it has asked once (`AskedRecord`); and a probe
/// that hears nothing (no Wi-Fi, Bonjour blocked): `noAnswer`, an error, never a guess.
///
/// This is the probe as a state machine; the shell feeds it the browser's reports, the app's
/// lifecycle and the grace timers it asks for.
public struct LocalNetworkProbe: Hashable, Sendable {
    /// How a probe ended.
    public enum Outcome: Hashable, Sendable {
        /// The browser found the app's own service.
        case granted
        /// The browser reported the policy denial and no alert was pending.
        case denied
        /// Neither within the grace period, with no alert on screen.
        case noAnswer
    }

    /// What the shell must do next.
    public enum Effect: Hashable, Sendable {
        /// Nothing; wait for the next report.
        case wait
        /// Start a grace period; call `graceExpired(generation:)` with this number when it ends.
        case startGracePeriod(generation: Int)
        /// The probe is over.
        case finish(Outcome)
    }

    /// `kDNSServiceErr_PolicyDenied` (dns_sd.h): what the browser and listener wait with while
    /// local network access is off for the app.
    public static let policyDeniedDNSError = -65570

    private var generation = 0
    private var resigned = false
    private var returned = false
    private var denied = false
    public private(set) var outcome: Outcome?

    /// Whether the app resigned active during the probe: the alert came up.
    public var promptAppeared: Bool { resigned }

    public init() {}

    /// Starts the probe (the shell starts the listener and browser, then the grace period).
    public mutating func start() -> Effect {
        generation += 1
        return .startGracePeriod(generation: generation)
    }

    /// The browser found the advertised service.
    public mutating func serviceFound() -> Effect {
        finish(.granted)
    }

    /// The browser (or listener) is waiting with `kDNSServiceErr_PolicyDenied`.
    public mutating func policyDenied() -> Effect {
        if let outcome { return .finish(outcome) }
        denied = true
        // Back from the alert, a denial is the answer; before it, or with no alert yet, the grace
        // period decides.
        return resigned && returned ? finish(.denied) : .wait
    }

    /// A lifecycle event. The alert makes the app resign active; its dismissal makes it active
    /// again, and the browser then gets one more grace period to find the service.
    public mutating func handle(_ event: AppLifecycleEvent) -> Effect {
        if let outcome { return .finish(outcome) }
        switch event {
        case .willResignActive, .didEnterBackground:
            resigned = true
            returned = false
            return .wait
        case .didBecomeActive:
            guard resigned else { return .wait }
            returned = true
            generation += 1
            return .startGracePeriod(generation: generation)
        }
    }

    /// A grace period ended. A stale one (an older generation) or one that ends with the alert
    /// still on screen changes nothing: the user may take as long as they like.
    public mutating func graceExpired(generation expired: Int) -> Effect {
        if let outcome { return .finish(outcome) }
        guard expired == generation, !resigned || returned else { return .wait }
        return finish(denied ? .denied : .noAnswer)
    }

    private mutating func finish(_ result: Outcome) -> Effect {
        if outcome == nil { outcome = result }
        return .finish(outcome ?? result)
    }

    /// The catalog status of an outcome; `noAnswer` is `FrameworkPermissionError.localNetworkNoAnswer`.
    public static func status(for outcome: Outcome) throws(FrameworkPermissionError) -> Status {
        switch outcome {
        case .granted: .authorized
        case .denied: .denied
        case .noAnswer: throw .localNetworkNoAnswer
        }
    }
}
