import Foundation
import PermissionFlow
import Testing

/// A user who declined the camera turns it on in Settings: iOS terminates the app, and the flow
/// resumes from its checkpoint and ends granted. No phone needed.
@MainActor
@Test func aDeclinedUserTurnsTheCameraOnInSettings() async throws {
    let flows = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Flows")
    let library = try FlowLibrary(directory: flows)
    let phone = try SimulatedDevice(
        .init(statuses: [.camera: .denied]),
        script: Script(settingsVisits: [Scripted([SettingsChange(.camera, .authorized)])]))
    let session = FlowSession(program: try library.program(for: Flows.ScanReceipt.flowName), system: phone)

    let run = try session.start(Flows.scanReceipt)
    let alert = try #require(await session.nextAlert())
    #expect(alert.title == "Camera access is off")
    try session.tap("Open Settings")

    #expect(try await run.value == .granted)
    #expect(session.result?.relaunched == true)
}
