import FlowModel
import FlowRuntime

/// The camera priming flow written by hand in Swift, the way the Polish seed's `cameraSelected()`
/// writes it (a nested status switch, the priming alert, the request, and "try again" by calling
/// itself), driving a `DeviceBackend` instead of UIKit. It mirrors `flows/seed_pl_camera_priming.flow`
/// with its English copy step for step, including the analytics, so the benchmark compares the
/// interpreter against the code a flow replaces doing the same work.
public struct HandWrittenCameraPriming: Sendable {
    public let device: any DeviceBackend
    public let appName: String
    public let benefit: String

    public init(device: any DeviceBackend, appName: String = "Twoja aplikacja", benefit: String = "scan documents") {
        self.device = device
        self.appName = appName
        self.benefit = benefit
    }

    /// Runs the flow with the two events the runtime sends around every run (`flow_start`,
    /// `flow_end` with the outcome), as an app that reads its opt-in funnel sends them by hand.
    public func run() async throws -> String {
        await device.track(
            AnalyticsEvent(name: "flow_start", properties: [.init(key: "flow", value: .text("camera_selected"))]))
        let outcome = try await cameraSelected()
        await device.track(
            AnalyticsEvent(
                name: "flow_end",
                properties: [
                    .init(key: "flow", value: .text("camera_selected")), .init(key: "outcome", value: .text(outcome)),
                ]))
        return outcome
    }

    /// Runs the flow to its end and returns the outcome the `.flow` port would return.
    public func cameraSelected() async throws -> String {
        // First we check if the device has a camera (otherwise it would crash in the Simulator).
        if try await device.isAvailable(.camera) {
            let authStatus = try await device.status(of: .camera)
            switch authStatus {
            case .authorized:
                return await showCameraPicker()
            case .denied:
                return try await alertPromptToAllowCameraAccessViaSettings()
            case .notDetermined:
                return try await permissionPrimeCameraAccess()
            default:
                return try await permissionPrimeCameraAccess()
            }
        } else {
            let alert = AlertPresentation(
                title: "Error", message: "Device has no camera",
                buttons: [AlertButton(label: "OK", role: .default)])
            _ = try await device.present(alert)
            await device.track(AnalyticsEvent(name: "permissions_prime_camera_no_camera"))
            return "unavailable"
        }
    }

    func alertPromptToAllowCameraAccessViaSettings() async throws -> String {
        let alert = AlertPresentation(
            title: "\"\(appName)\" Would Like To Access the Camera",
            message: "Please grant permission to use the Camera so that you can \(benefit).",
            buttons: [AlertButton(label: "Open Settings", role: .cancel)])
        _ = try await device.present(alert)
        await device.track(AnalyticsEvent(name: "permissions_prime_camera_open_settings"))
        try await device.saveCheckpoint(
            Checkpoint(frames: [Checkpoint.Frame(flow: "camera_selected", state: "settings")]))
        _ = try await device.openSettings(.settings)
        try await device.saveCheckpoint(nil)
        return try await cameraSelected()
    }

    func permissionPrimeCameraAccess() async throws -> String {
        let alert = AlertPresentation(
            title: "\"\(appName)\" Would Like To Access the Camera",
            message: "\(appName) would like to access your Camera so that you can \(benefit).",
            buttons: [AlertButton(label: "Allow", role: .default), AlertButton(label: "Not Now", role: .cancel)])
        if try await device.present(alert) == 0 {
            await device.track(AnalyticsEvent(name: "permissions_prime_camera_accepted"))
            _ = try await device.request(.camera, options: [])
            return try await cameraSelected()  // try again
        } else {
            await device.track(AnalyticsEvent(name: "permissions_prime_camera_cancelled"))
            return "cancelled"
        }
    }

    func showCameraPicker() async -> String {
        "granted"
    }
}

/// A simulated user who always agrees: taps the first button of every alert, grants every
/// prompt (the first answer whose status is in the `granted` class), and changes nothing in
/// Settings. Benchmarks and fuzzing use it so runs never stop for input.
public struct AgreeableUser: SimulatedUser {
    public init() {}

    public func tap(_ alert: AlertPresentation) async throws -> Int { 0 }

    public func answer(_ kind: PermissionKind, options: [RequestOption], answers: [PromptAnswer]) async throws -> Int {
        answers.firstIndex { $0.result.statusClass == .granted } ?? 0
    }

    public func changeSettings(_ page: SettingsPage, switches: [SettingsSwitch]) async throws -> SettingsActions {
        []
    }
}
