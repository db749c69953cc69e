#if canImport(UIKit) && canImport(HomeKit)
    import FlowModel
    import HomeKit
    import PermissionFlowApple
    import PermissionFlowAppleSupport

    /// HomeKit: creating the `HMHomeManager` is the request ("the system automatically prompts the
    /// user" the first time the app uses HomeKit, HMHomeManager.authorizationStatus), and its
    /// `authorizationStatus` (an option set, `StatusTable.hmHomeManagerAuthorizationStatus`) is the
    /// status. One manager per process, kept: reading the status needs it. The answer arrives through
    /// `homeManager(_:didUpdate:)`, bridged to `async` by `PromptWait`, which also ends the wait when
    /// the alert went away, or when no alert came up within the grace period (already decided).
    @available(iOS 17.0, *)
    @MainActor
    final class HomeKitAccess: NSObject, HMHomeManagerDelegate {
        private var manager: HMHomeManager?
        private var wait: Box<PromptWait>?
        private var pending: OneShot<Status>?
        /// Set before the request's first `await` (see BluetoothAccess.requesting).
        private var requesting = false

        override init() { super.init() }

        /// The status raw value; creates the manager first if this process has none (the backend only
        /// reads HomeKit once it asked, so no alert appears then).
        func statusRawValue(app: AppLifecycle, grace: Duration) async throws -> Int {
            if manager == nil { _ = try await request(app: app, grace: grace) }
            return manager.map { Int($0.authorizationStatus.rawValue) } ?? 0
        }

        /// Creates the manager and returns the status it settled on and whether the alert came up.
        func request(app: AppLifecycle, grace: Duration) async throws -> (Status, promptAppeared: Bool) {
            guard !requesting else { throw ApplePermissionSystem.Failure.requestInProgress(.homeKit) }
            requesting = true
            defer { requesting = false }
            if let manager {
                // This process asked already; iOS shows nothing a second time.
                return (
                    try PermissionKind.homeKit.status(forRawValue: Int(manager.authorizationStatus.rawValue)), false
                )
            }
            try await app.waitUntilActive()
            let wait = Box(PromptWait(before: .notDetermined))
            let result = OneShot<Status>()
            self.wait = wait
            pending = result
            let id = app.subscribe { event in
                if event == .didBecomeActive { self.statusUpdated() }
                if case .finished(let status) = wait.value.handle(event) { result.finish(.success(status)) }
            }
            defer {
                app.unsubscribe(id)
                self.wait = nil
                pending = nil
            }
            let status = try await result.value {
                let manager = HMHomeManager()
                manager.delegate = self
                self.manager = manager
                // Already decided in an earlier process: the status may be there at once.
                statusUpdated()
                Task { @MainActor in
                    try? await Task.sleep(for: grace)
                    if case .finished(let status) = wait.value.graceExpired() { result.finish(.success(status)) }
                }
            }
            return (status, wait.value.promptAppeared)
        }

        nonisolated func homeManager(_ manager: HMHomeManager, didUpdate status: HMHomeManagerAuthorizationStatus) {
            // Not documented to arrive on the main thread: hop there, reading through `self` so the
            // non-Sendable manager is not captured.
            Task { @MainActor in self.statusUpdated() }
        }

        private func statusUpdated() {
            guard let wait, let pending, let manager else { return }
            do {
                let status = try PermissionKind.homeKit.status(forRawValue: Int(manager.authorizationStatus.rawValue))
                if case .finished(let status) = wait.value.statusChanged(to: status) {
                    pending.finish(.success(status))
                }
            } catch {
                pending.finish(.failure(error))
            }
        }
    }

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// HomeKit. Info.plist: NSHomeKitUsageDescription; the app also needs the HomeKit capability.
        public static var homeKit: ApplePermissionModule {
            ApplePermissionModule(.homeKit) { context in
                HomeKitModule(access: HomeKitAccess(), app: context.app, grace: context.configuration.promptGracePeriod)
            }
        }
    }

    @available(iOS 17.0, *)
    struct HomeKitModule: FrameworkModuleAccess {
        let access: HomeKitAccess
        let app: AppLifecycle
        let grace: Duration
        var module: AppleModule { .homeKit }

        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] {
            [try await access.statusRawValue(app: app, grace: grace)]
        }

        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            try await access.request(app: app, grace: grace).promptAppeared
        }
    }
#endif
