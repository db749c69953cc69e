#if canImport(UIKit)
    import Foundation
    import PermissionFlowAppleSupport
    import UIKit

    /// The app's lifecycle as the backend needs it: its state, the `willResignActive` /
    /// `didEnterBackground` / `didBecomeActive` notifications fanned out to whoever waits on them,
    /// and the activation gate. One per process (`shared`): the observers live as long as the app.
    @available(iOS 17.0, *)
    @MainActor
    package final class AppLifecycle {
        package static let shared = AppLifecycle()

        private var gate: ActivationGate
        private var gateWaiters: [Int: CheckedContinuation<Void, any Error>] = [:]
        private var handlers: [Int: (AppLifecycleEvent) -> Void] = [:]
        private var nextHandler = 0
        private var observers: [any NSObjectProtocol] = []

        private init() {
            gate = ActivationGate(
                state: AppState(uiApplicationStateRawValue: UIApplication.shared.applicationState.rawValue))
            let events: [(Notification.Name, AppLifecycleEvent)] = [
                (UIApplication.willResignActiveNotification, .willResignActive),
                (UIApplication.didEnterBackgroundNotification, .didEnterBackground),
                (UIApplication.didBecomeActiveNotification, .didBecomeActive),
            ]
            for (name, event) in events {
                // Delivered on the main queue, so the handler may assume the main actor.
                observers.append(
                    NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { [weak self] _ in
                        MainActor.assumeIsolated { self?.deliver(event) }
                    })
            }
        }

        package var state: AppState { gate.state }

        /// Returns once the app is active (at once if it is); throws `CancellationError` if the task
        /// is cancelled while waiting.
        package func waitUntilActive() async throws {
            guard case .wait(let ticket) = gate.admit() else { return }
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { gateWaiters[ticket] = $0 }
            } onCancel: {
                Task { @MainActor in self.cancelWait(ticket) }
            }
        }

        /// Calls `handler` with every lifecycle event until `unsubscribe`.
        package func subscribe(_ handler: @escaping (AppLifecycleEvent) -> Void) -> Int {
            nextHandler += 1
            handlers[nextHandler] = handler
            return nextHandler
        }

        package func unsubscribe(_ id: Int) { handlers[id] = nil }

        /// Opens a Settings page and returns when the user is back, or `couldNotOpen`.
        package func visitSettings(_ destination: SettingsDestination) async throws -> SettingsVisit.Outcome {
            let string =
                switch destination {
                case .appSettings: UIApplication.openSettingsURLString
                // iOS 16 in Swift; the deployment target is 17.
                case .notificationSettings: UIApplication.openNotificationSettingsURLString
                }
            guard let url = URL(string: string) else { return .couldNotOpen }
            let visit = Box(SettingsVisit())
            let result = OneShot<SettingsVisit.Outcome>()
            let id = subscribe { event in
                if let outcome = visit.value.handle(event) { result.finish(.success(outcome)) }
            }
            defer { unsubscribe(id) }
            return try await result.value {
                Task { @MainActor in
                    let opened = await UIApplication.shared.open(url, options: [:])
                    if let outcome = visit.value.opened(opened) { result.finish(.success(outcome)) }
                }
            }
        }

        private func deliver(_ event: AppLifecycleEvent) {
            for ticket in gate.handle(event) { gateWaiters.removeValue(forKey: ticket)?.resume() }
            for handler in handlers.values { handler(event) }
        }

        private func cancelWait(_ ticket: Int) {
            if gate.cancel(ticket: ticket) {
                gateWaiters.removeValue(forKey: ticket)?.resume(throwing: CancellationError())
            }
        }
    }

    /// A value a main-actor closure mutates (a state machine shared by the handlers of one request).
    @available(iOS 17.0, *)
    @MainActor
    package final class Box<Value> {
        package var value: Value
        package init(_ value: Value) { self.value = value }
    }

    /// A result that arrives once, from whichever handler sees it first; later ones are ignored.
    /// Cancelling the waiting task ends it with `CancellationError`, so no request outlives its run.
    @available(iOS 17.0, *)
    @MainActor
    package final class OneShot<Value: Sendable> {
        package init() {}
        private var continuation: CheckedContinuation<Value, any Error>?
        private var result: Result<Value, any Error>?

        package func finish(_ outcome: Result<Value, any Error>) {
            guard result == nil else { return }
            result = outcome
            continuation?.resume(with: outcome)
            continuation = nil
        }

        /// Runs `start` and waits for `finish`.
        package func value(start: () -> Void) async throws -> Value {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    if let result {
                        continuation.resume(with: result)
                    } else {
                        self.continuation = continuation
                        start()
                    }
                }
            } onCancel: {
                Task { @MainActor in self.finish(.failure(CancellationError())) }
            }
        }
    }
#endif
