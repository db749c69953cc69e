#if canImport(UIKit) && canImport(CoreBluetooth)
import CoreBluetooth
import FlowModel
import PermissionFlowAppleSupport

/// Bluetooth: creating a `CBCentralManager` shows the prompt; the answer arrives through
/// `centralManagerDidUpdateState(_:)`, after which `CBManager.authorization` is read.
@available(iOS 17.0, *)
@MainActor
final class BluetoothAccess: NSObject, CBCentralManagerDelegate {
    private var manager: CBCentralManager?
    private var wait: Box<PromptWait>?
    private var pending: OneShot<Status>?

    init(lifecycle: AppLifecycle) { super.init() }

    nonisolated static func statusRawValue() -> Int {
        CBManager.authorization.rawValue
    }

    func request(app: AppLifecycle, grace: Duration) async throws -> Status {
        guard pending == nil else { throw ApplePermissionSystem.Failure.requestInProgress(.bluetooth) }
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
        return try await result.value {
            // queue nil: delegate calls on the main queue. No power alert: the flow asked about
            // permission, not about the radio being on.
            manager = CBCentralManager(delegate: self, queue: nil, options: [CBCentralManagerOptionShowPowerAlertKey: false])
            Task { @MainActor in
                try? await Task.sleep(for: grace)
                if case .finished(let status) = wait.value.graceExpired() { result.finish(.success(status)) }
            }
        }
    }

    nonisolated func centralManagerDidUpdateState(_ central: CBCentralManager) {
        MainActor.assumeIsolated { self.stateUpdated() }
    }

    private func stateUpdated() {
        guard let wait, let pending else { return }
        do {
            let status = try PermissionKind.bluetooth.status(forRawValue: Self.statusRawValue())
            if case .finished(let status) = wait.value.statusChanged(to: status) { pending.finish(.success(status)) }
        } catch {
            pending.finish(.failure(error))
        }
    }
}
#endif
