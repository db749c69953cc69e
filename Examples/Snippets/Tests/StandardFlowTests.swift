import PermissionFlow
import Testing

/// The standard camera flow, without a `.flow` file of the app's own: a user who declined before
/// is sent to Settings, turns the camera on there, and the run ends granted.
@MainActor
@Test func theStandardCameraFlowNeedsNoFlowFile() async throws {
    let phone = try SimulatedDevice(
        .init(statuses: [.camera: .denied]),
        script: Script(settingsVisits: [Scripted([SettingsChange(.camera, .authorized)])]))
    let session = FlowSession(system: phone, options: .init(locale: "en"))

    let run = try session.start(.standard(.camera, reason: "Scan receipts with the camera."))
    let alert = try #require(await session.nextAlert())
    #expect(alert.title == "Camera: access is off")
    #expect(alert.message == "Scan receipts with the camera. You can change this in Settings.")
    try session.tap("Open Settings")

    #expect(try await run.value == .granted)
}
