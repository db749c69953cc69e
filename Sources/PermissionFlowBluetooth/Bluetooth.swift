#if canImport(UIKit) && canImport(CoreBluetooth)
    import CoreBluetooth
    import FlowModel
    import PermissionFlowApple
    import PermissionFlowAppleSupport

    /// Bluetooth: creating a `CBCentralManager` shows the prompt; the answer arrives through
    /// `centralManagerDidUpdateState(_:)`, after which `CBManager.authorization` is read.
    @available(iOS 17.0, *)
    @MainActor
    final class BluetoothAccess: NSObject, CBCentralManagerDelegate {
        private var manager: CBCentralManager?
        private var wait: Box<PromptWait>?
        private var pending: OneShot<Status>?
        /// Set before the request's first `await`, so a second request arriving while the first
        /// waits for the app to become active is refused instead of starting a second wait.
        private var requesting = false

        override init() { super.init() }

        nonisolated static func statusRawValue() -> Int {
            CBManager.authorization.rawValue
        }

        /// The status the request ended with, and whether the prompt came up.
        func request(app: AppLifecycle) async throws -> (Status, promptAppeared: Bool) {
            guard !requesting else { throw ApplePermissionSystem.Failure.requestInProgress(.bluetooth) }
            requesting = true
            defer { requesting = false }
            // A system alert needs the app in the foreground.
            try await app.waitUntilActive()
            let before = try PermissionKind.bluetooth.status(forRawValue: Self.statusRawValue())
            let wait = Box(PromptWait(before: before))
            let result = OneShot<Status>()
            self.wait = wait
            pending = result
            let id = app.subscribe { event in
                // The status may be updated before its delegate call arrives: read it first, so the
                // return from the prompt does not end the wait with the status from before.
                if event == .didBecomeActive { self.stateUpdated() }
                if case .finished(let status) = wait.value.handle(event) { result.finish(.success(status)) }
            }
            defer {
                app.unsubscribe(id)
                self.wait = nil
                pending = nil
            }
            let status = try await result.value {
                // queue nil: delegate calls on the main queue. No power alert: the flow asked about
                // permission, not about the radio being on.
                manager = CBCentralManager(
                    delegate: self, queue: nil, options: [CBCentralManagerOptionShowPowerAlertKey: false])
                // No grace period: from notDetermined iOS always shows the prompt
                // (PromptWait.usesGracePeriod), so the wait lasts until the user answers.
            }
            return (status, wait.value.promptAppeared)
        }

        nonisolated func centralManagerDidUpdateState(_ central: CBCentralManager) {
            MainActor.assumeIsolated { self.stateUpdated() }
        }

        private func stateUpdated() {
            guard let wait, let pending else { return }
            do {
                let status = try PermissionKind.bluetooth.status(forRawValue: Self.statusRawValue())
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
        /// Bluetooth (CoreBluetooth). Info.plist: NSBluetoothAlwaysUsageDescription.
        public static var bluetooth: ApplePermissionModule {
            ApplePermissionModule(.bluetooth) { context in BluetoothModule(access: BluetoothAccess(), app: context.app)
            }
        }
    }

    @available(iOS 17.0, *)
    struct BluetoothModule: FrameworkModuleAccess {
        let access: BluetoothAccess
        let app: AppLifecycle
        var module: AppleModule { .bluetooth }
        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] { [BluetoothAccess.statusRawValue()] }
        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            try await access.request(app: app).promptAppeared
        }
    }
#endif
