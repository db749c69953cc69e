#if canImport(Observation)
    import Observation
#endif

/// How a session tells its observers that a published property (`activity`, `result`,
/// `discardedCheckpoint`) changes, on every iOS the package supports (issue 30, item 5):
/// - from iOS 17 and macOS 14, the Observation registrar, so SwiftUI views and
///   `withObservationTracking` see the session as they see an `@Observable` class
///   (https://developer.apple.com/documentation/observation/observationregistrar: iOS 17.0,
///   macOS 14.0; `access(_:keyPath:)` and `withMutation(of:keyPath:_:)` likewise);
/// - on Apple platforms, Combine's `objectWillChange` (`FlowSession+ObservableObject.swift`), so
///   `@ObservedObject` and `@StateObject` work on iOS 15 and 16;
/// - everywhere, the session's own `onChange` callback and `nextAlert()`, for UIs that do neither.
///
/// The session cannot use the `@Observable` macro: it stores an `ObservationRegistrar`, which a
/// type available before iOS 17 cannot hold. This holds it type-erased instead.
@MainActor final class SessionObservation {
    /// The Observation registrar where the OS has one (`ObservationBackedRegistrar`).
    private let registrar: (any SessionRegistrar)?
    /// Called before each change (Combine's `objectWillChange`, which must fire before it).
    var willChange: [@MainActor () -> Void] = []
    /// The app's callback, after each change.
    var onChange: (@MainActor (FlowSession) -> Void)?
    /// One-shot waiters (`nextAlert()`), each called once after the next change.
    private var waiters: [Int: @MainActor () -> Void] = [:]
    private var nextWaiter = 0

    init() {
        #if canImport(Observation)
            if #available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *) {
                registrar = ObservationBackedRegistrar()
            } else {
                registrar = nil
            }
        #else
            registrar = nil
        #endif
    }

    /// A read of the published property at `keyPath` of `session` (Observation tracks it).
    func access<Member>(_ session: FlowSession, _ keyPath: KeyPath<FlowSession, Member>) {
        registrar?.access(session, keyPath)
    }

    /// Changes the published property at `keyPath` of `session` with `mutation`, telling every
    /// observer: the will-change hooks first, then Observation around the change, then the app's
    /// callback and the waiters, which see the new value.
    func mutate<Member>(
        _ session: FlowSession, _ keyPath: KeyPath<FlowSession, Member>, _ mutation: () -> Void
    ) {
        for hook in willChange { hook() }
        if let registrar { registrar.withMutation(session, keyPath, mutation) } else { mutation() }
        onChange?(session)
        let woken = waiters
        waiters = [:]
        for (_, waiter) in woken.sorted(by: { $0.key < $1.key }) { waiter() }
    }

    /// Calls `waiter` once, after the next change; returns a key for `cancelWaiter`.
    func waitForChange(_ waiter: @escaping @MainActor () -> Void) -> Int {
        nextWaiter += 1
        waiters[nextWaiter] = waiter
        return nextWaiter
    }

    /// Forgets a waiter that is no longer waiting (its task was cancelled).
    func cancelWaiter(_ key: Int) { waiters[key] = nil }
}

/// The Observation registrar behind an existential, so the session can hold it while it is
/// available to iOS 15 and 16.
@MainActor protocol SessionRegistrar {
    func access<Member>(_ session: FlowSession, _ keyPath: KeyPath<FlowSession, Member>)
    func withMutation<Member>(
        _ session: FlowSession, _ keyPath: KeyPath<FlowSession, Member>, _ mutation: () -> Void)
}

#if canImport(Observation)
    /// A session is `Observable` where Observation exists: SwiftUI tracks what a view's body reads.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    extension FlowSession: Observable {}

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    private struct ObservationBackedRegistrar: SessionRegistrar {
        let registrar = ObservationRegistrar()

        func access<Member>(_ session: FlowSession, _ keyPath: KeyPath<FlowSession, Member>) {
            registrar.access(session, keyPath: keyPath)
        }

        func withMutation<Member>(
            _ session: FlowSession, _ keyPath: KeyPath<FlowSession, Member>, _ mutation: () -> Void
        ) {
            registrar.withMutation(of: session, keyPath: keyPath, mutation)
        }
    }
#endif
