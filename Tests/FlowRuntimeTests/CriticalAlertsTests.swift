import FlowModel
import Testing

@testable import FlowRuntime

/// Correction 10 (*secondary*): critical alerts need the entitlement, get a prompt of their own
/// after the notifications prompt, and keep their own setting, apart from notifications.
@Suite struct CriticalAlertsTests {
    func device(entitled: Bool, _ choices: [PromptChoice], notifications: Status? = nil) throws -> SimulatedDevice {
        var configuration = SimulatedDevice.Configuration(statuses: notifications.map { [.notifications: $0] } ?? [:])
        configuration.criticalAlertsEntitled = entitled
        return try SimulatedDevice(
            configuration, script: Script(answers: [.notifications: choices.map { Scripted($0) }]))
    }

    @Test func anEntitledAppGetsASecondPromptWhoseAnswerIsItsOwnSetting() async throws {
        let d = try device(entitled: true, [.label("Allow"), .label("Don't Allow")])
        let r = try await d.request(.notifications, options: [.alert, .criticalAlert])
        #expect(r.status == .authorized)
        #expect(await d.criticalAlertSetting == .denied)  // the second answer, apart from notifications
        #expect(try await d.status(of: .notifications) == .authorized)
        // Asked once: a second request shows neither prompt (the script has nothing left).
        #expect(try await d.request(.notifications, options: [.alert, .criticalAlert]) == .immediate(.authorized))
    }

    @Test func theCriticalAlertsPromptHasItsOwnButtons() async throws {
        let d = try device(entitled: true, [.label("Allow"), .label("Allow")])
        _ = try await d.request(.notifications, options: [.criticalAlert])
        #expect(await d.criticalAlertSetting == .authorized)
        #expect(CriticalAlerts.promptAnswers.map(\.label) == ["Don't Allow", "Allow"])
        #expect(CriticalAlerts.entitlement == "com.apple.developer.usernotifications.critical-alerts")
    }

    @Test func alreadyAuthorizedNotificationsStillGetTheCriticalAlertsPrompt() async throws {
        let d = try device(entitled: true, [.label("Allow")], notifications: .authorized)
        let r = try await d.request(.notifications, options: [.alert, .criticalAlert])
        #expect(r.prompt == nil && r.status == .authorized)
        #expect(r.criticalAlertsPrompt?.answers == CriticalAlerts.promptAnswers && r.criticalAlertsPrompt?.answer == 1)
        #expect(await d.criticalAlertSetting == .authorized)
    }

    @Test func withoutTheEntitlementOrAfterARefusalThereIsNoSecondPrompt() async throws {
        let plain = try device(entitled: false, [.label("Allow")])
        #expect(try await plain.request(.notifications, options: [.alert, .criticalAlert]).status == .authorized)
        #expect(await plain.criticalAlertSetting == nil)
        let refused = try device(entitled: true, [.label("Don't Allow")])
        #expect(try await refused.request(.notifications, options: [.alert, .criticalAlert]).status == .denied)
        #expect(await refused.criticalAlertSetting == nil)
    }

    /// Its own switch: shown on the notification settings once asked, changed without touching
    /// notifications and without terminating the app; refused where there is none.
    @Test func theNotificationSettingsHaveACriticalAlertsSwitchOfTheirOwn() async throws {
        var configuration = SimulatedDevice.Configuration()
        configuration.criticalAlertsEntitled = true
        let d = try SimulatedDevice(
            configuration,
            script: Script(
                answers: [.notifications: [Scripted(.label("Allow")), Scripted(.label("Allow"))]],
                settingsVisits: [Scripted(SettingsActions(criticalAlerts: .denied))]))
        #expect(await d.settingsSwitches(.notificationSettings).map(\.criticalAlerts) == [])
        _ = try await d.request(.notifications, options: [.alert, .criticalAlert])
        let page = await d.settingsSwitches(.notificationSettings)
        #expect(
            page == [
                SettingsSwitch(
                    .notifications, .authorized, choices: [.denied, .authorized], criticalAlerts: .authorized)
            ])
        let back = try await d.openSettings(.notificationSettings)
        #expect(!back.terminated)
        #expect(await d.criticalAlertSetting == .denied)
        #expect(try await d.status(of: .notifications) == .authorized)
    }

    @Test func aSwitchThatIsNotThereCannotBeChanged() async throws {
        let d = try SimulatedDevice(
            script: Script(settingsVisits: [Scripted(SettingsActions(criticalAlerts: .authorized))]))
        do {
            _ = try await d.openSettings(.notificationSettings)
            Issue.record("a missing Critical Alerts switch was changed")
        } catch let error as ScriptError {
            #expect(
                error.message
                    == "Settings has no Critical Alerts switch for this app: it appears only after an entitled app asked for critical alerts"
            )
            #expect(error.id == "FL2005")
        }
    }
}
