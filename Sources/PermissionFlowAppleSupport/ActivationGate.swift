/// Holds requests that iOS only honours in an active app until the app is active: the tracking
/// prompt is not shown otherwise (`ATTrackingManager.requestTrackingAuthorization` "the app must be
/// in the active state"), and neither is the location prompt. A request made at launch, while a
/// scene is still inactive, would return `notDetermined` at once; the gate makes it wait for
/// `didBecomeActive` instead. Waiters are released in arrival order; a cancelled waiter is dropped.
public struct ActivationGate: Hashable, Sendable {
    /// What a request should do now.
    public enum Admission: Hashable, Sendable {
        /// Ask the framework now.
        case proceed
        /// Wait for `didBecomeActive`; the ticket identifies the waiter.
        case wait(ticket: Int)
    }

    public private(set) var state: AppState
    /// Waiting tickets, oldest first.
    public private(set) var waiting: [Int] = []
    private var nextTicket = 0

    public init(state: AppState) { self.state = state }

    /// Admits a request: proceed when active, otherwise a ticket to wait with.
    public mutating func admit() -> Admission {
        if state == .active { return .proceed }
        nextTicket += 1
        waiting.append(nextTicket)
        return .wait(ticket: nextTicket)
    }

    /// Feeds a lifecycle event; returns the tickets it releases (all of them on `didBecomeActive`).
    public mutating func handle(_ event: AppLifecycleEvent) -> [Int] {
        switch event {
        case .willResignActive:
            state = .inactive
            return []
        case .didEnterBackground:
            state = .background
            return []
        case .didBecomeActive:
            state = .active
            defer { waiting = [] }
            return waiting
        }
    }

    /// Drops a waiter (its task was cancelled). Returns whether it was still waiting.
    public mutating func cancel(ticket: Int) -> Bool {
        guard let index = waiting.firstIndex(of: ticket) else { return false }
        waiting.remove(at: index)
        return true
    }
}
