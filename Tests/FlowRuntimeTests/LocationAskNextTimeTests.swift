import FlowModel
import Testing

@testable import FlowRuntime

/// Location's Settings page offers "Ask Next Time Or When I Share", the one Settings choice that
/// makes a status notDetermined again; after it the system prompt shows once more.
@Suite struct LocationAskNextTimeTests {
    @Test func askNextTimeInSettingsMakesLocationNotDeterminedAndPromptsAgain() async throws {
        let d = try SimulatedDevice(
            .init(statuses: [.location: .denied], capabilities: [:], appActive: true),
            script: Script(
                answers: answers(.location, .label("Allow While Using App")),
                settingsVisits: [Scripted([SettingsChange(.location, .notDetermined)])]))
        let back = try await d.openSettings(.settings)
        // Location changes do not terminate the app.
        #expect(back.terminated == false)
        #expect(try await d.status(of: .location) == .notDetermined)
        let r = try await d.request(.location, options: [.whenInUse])
        #expect(r.prompt != nil)
        #expect(r.status == .authorizedWhenInUse)
    }

    @Test func otherKindsStillCannotGoBackToNotDetermined() {
        #expect(SimulatedDevice.problem(with: SettingsChange(.location, .notDetermined)) == nil)
        #expect(SimulatedDevice.problem(with: SettingsChange(.photos, .notDetermined)) != nil)
        #expect(SimulatedDevice.problem(with: SettingsChange(.microphone, .undetermined)) != nil)
    }
}
