import Foundation
import Observation
import PermissionFlow
import Testing

/// The example app's model (Onboarding/OnboardingModel.swift, platform-neutral) on Linux: the
/// three steps in order over one simulated phone, and a relaunch that starts at the step the
/// checkpoint belongs to. The alerts are tapped through the running step's session.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct OnboardingModelTests {
    /// This directory, as a bundle: its resources hold `Flows/` as the app's do.
    private let bundle = Bundle(
        path: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path)!

    private func phone(_ statuses: [PermissionKind: Status] = [:], settings: [[SettingsChange]] = []) throws
        -> SimulatedDevice
    {
        let allow = [Scripted(PromptChoice.label("Allow"))]
        return try SimulatedDevice(
            .init(statuses: statuses),
            script: Script(
                answers: [.camera: allow, .notifications: allow, .tracking: allow],
                settingsVisits: settings.map { Scripted(SettingsActions($0)) }))
    }

    /// Taps `label` on each alert the model's steps show, in order, until the model finishes.
    private func tapThrough(_ model: OnboardingModel, _ labels: [String]) async throws {
        for label in labels {
            let alert = try #require(await nextAlert(of: model))
            #expect(alert.buttons.contains { $0.label == label }, "alert '\(alert.title ?? "")' has no button \(label)")
            try model.current?.tap(label)
        }
    }

    /// The next alert of whichever step is running.
    private func nextAlert(of model: OnboardingModel) async -> AlertRequest? {
        while !model.isFinished {
            if let session = model.current, let alert = session.alert { return alert }
            await withCheckedContinuation { (changed: CheckedContinuation<Void, Never>) in
                withObservationTracking {
                    _ = model.current?.activity
                    _ = model.isFinished
                } onChange: {
                    changed.resume()
                }
            }
        }
        return nil
    }

    @Test func theThreeStepsRunInOrderInGerman() async throws {
        let model = OnboardingModel(
            system: try phone(), bundle: bundle, store: InMemoryCheckpointStore(), locale: "de-DE")
        #expect(model.loadError == nil)
        #expect(model.headline == "Receipts wird eingerichtet")
        let start = Task { await model.start() }
        try await tapThrough(model, ["Weiter", "Weiter", "Weiter"])
        await start.value
        #expect(model.isFinished)
        #expect(
            model.outcomes == [
                "camera_access": "granted", "notification_access": "granted", "tracking_access": "granted",
            ])
        #expect(model.lines == ["Kamera: an", "Erinnerungen: an", "Passende Angebote: an"])
        #expect(model.headline == "Alles bereit")
    }

    @Test func aRelaunchFromSettingsStartsAtTheCheckpointedStep() async throws {
        let store = InMemoryCheckpointStore(
            Checkpoint(frames: [Checkpoint.Frame(flow: "notification_access", state: "settings")]))
        let model = OnboardingModel(
            system: try phone([.notifications: .authorized]), bundle: bundle, store: store, locale: "en")
        let start = Task { await model.start() }
        try await tapThrough(model, ["Continue"])  // tracking's priming alert; notifications resumed without one
        await start.value
        #expect(model.outcomes == ["notification_access": "granted", "tracking_access": "granted"])
        #expect(model.lines == ["Camera: …", "Reminders: on", "Personalised offers: on"])
        #expect(try store.load() == nil)
    }

    @Test func aBrokenShippedFlowIsReportedWithFileAndLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("onboarding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("Flows"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "flow camera_access {\n  start -> nowhere\n}\n".write(
            to: directory.appendingPathComponent("Flows/camera.flow"), atomically: true, encoding: .utf8)
        let model = OnboardingModel(
            system: try phone(), bundle: try #require(Bundle(path: directory.path)), store: InMemoryCheckpointStore())
        let error = try #require(model.loadError)
        #expect(error.hasPrefix("camera.flow:2:12: error: "), "\(error)")
    }
}
