import FlowModel
import Foundation
import Testing

@testable import FlowRuntime

/// Each simulated iOS behaviour of ios-permissions.md, checked on the device directly.
@Suite struct SimulatedDeviceTests {
    func device(
        _ statuses: [PermissionKind: Status] = [:], capabilities: [Capability: Bool] = [:],
        active: Bool = true, script: Script = Script()
    ) throws -> SimulatedDevice {
        try SimulatedDevice(.init(statuses: statuses, capabilities: capabilities, appActive: active), script: script)
    }

    @Test(arguments: [Status.authorized, .denied, .restricted])
    func requestOutsideNotDeterminedReturnsTheStatusWithoutAPrompt(status: Status) async throws {
        // No answers scripted: a prompt would throw InputNeeded.
        let d = try device([.camera: status])
        let r = try await d.request(.camera, options: [])
        #expect(r == .immediate(status))
    }

    @Test func notDeterminedShowsTheKindsPrompt() async throws {
        let d = try device(script: Script(answers: answers(.camera, .label("Don't Allow"))))
        let r = try await d.request(.camera, options: [])
        #expect(r.status == .denied)
        #expect(r.prompt?.map(\.label) == ["Allow", "Don't Allow"])
        #expect(r.answer == 1)
        // Denied now: the second request shows nothing.
        #expect(try await d.request(.camera, options: []) == .immediate(.denied))
    }

    @Test func missingAnswerStopsWithInputNeededListingThePromptButtons() async throws {
        let d = try device()
        await #expect(
            throws: InputNeeded(
                .prompt(
                    .microphone, options: [],
                    answers: [
                        PromptAnswer("Allow", .granted), PromptAnswer("Don't Allow", .denied),
                    ]))
        ) {
            _ = try await d.request(.microphone, options: [])
        }
    }

    @Test func photosCanBeLimited() async throws {
        let d = try device(script: Script(answers: answers(.photos, .label("Limit Access…"))))
        #expect(try await d.request(.photos, options: []).status == .limited)
        #expect(try await d.status(of: .photos) == .limited)
    }

    @Test func answerByResultingStatus() async throws {
        let d = try device(script: Script(answers: answers(.contacts, .status(.limited))))
        let r = try await d.request(.contacts, options: [])
        #expect(r.status == .limited)
        #expect(r.prompt?[r.answer!].label == "Allow Selected Contacts")
    }

    @Test func answerNotOfferedIsAScriptError() async throws {
        let d = try device(script: Script(answers: answers(.camera, .status(.limited))))
        await #expect(throws: ScriptError.self) { _ = try await d.request(.camera, options: []) }
    }

    @Test func locationAllowOnceFallsBackToNotDeterminedAfterRelaunch() async throws {
        let d = try device(
            [.camera: .denied],
            script: Script(
                answers: answers(.location, .label("Allow Once")),
                settingsVisits: [Scripted([SettingsChange(.camera, .authorized)])]))
        #expect(try await d.request(.location, options: []).status == .authorizedWhenInUse)
        #expect(try await d.status(of: .location) == .authorizedWhenInUse)
        let back = try await d.openSettings(.settings)
        #expect(back.terminated)
        #expect(try await d.status(of: .location) == .notDetermined)
        #expect(await d.relaunches == 1)
    }

    @Test func locationWhileUsingSurvivesRelaunch() async throws {
        let d = try device(
            [.camera: .authorized],
            script: Script(
                answers: answers(.location, .label("Allow While Using App")),
                settingsVisits: [Scripted([SettingsChange(.camera, .denied)])]))
        _ = try await d.request(.location, options: [])
        _ = try await d.openSettings(.settings)
        #expect(try await d.status(of: .location) == .authorizedWhenInUse)
    }

    @Test func alwaysUpgradePromptIsShownOnlyOnce() async throws {
        let d = try device(
            [.location: .authorizedWhenInUse],
            script: Script(answers: answers(.location, .label("Keep Only While Using"))))
        let first = try await d.request(.location, options: [.always])
        #expect(first.prompt?.map(\.label) == ["Keep Only While Using", "Change to Always Allow"])
        #expect(first.status == .authorizedWhenInUse)
        // The second always request returns at once (no answer is scripted, so a prompt would throw).
        #expect(try await d.request(.location, options: [.always]) == .immediate(.authorizedWhenInUse))
    }

    /// EventKit: "The operating system only prompts them the first time your app requests full
    /// access to events." A write-only app's first full-access request prompts; the second shows
    /// nothing and leaves write-only access.
    @Test func fullAccessToEventsPromptsOnce() async throws {
        let d = try device([.calendar: .writeOnly], script: Script(answers: answers(.calendar, .label("Don't Allow"))))
        let first = try await d.request(.calendar, options: [.fullAccess])
        #expect(first.prompt?.map(\.label) == ["Allow Full Access", "Don't Allow"])
        #expect(first.status == .writeOnly)
        // No second answer is scripted, so a second prompt would throw.
        #expect(try await d.request(.calendar, options: [.fullAccess]) == .immediate(.writeOnly))
        #expect(try await d.request(.calendar, options: []) == .immediate(.writeOnly))
    }

    /// requestTemporaryFullAccuracyAuthorization "always fails with a CLError.Code.promptDeclined
    /// error" when "The app is in the background": no prompt (no answer is scripted, so one
    /// would throw), accuracy stays reduced. In the foreground the same request prompts.
    @Test func temporaryFullAccuracyFromTheBackgroundFailsWithoutAPrompt() async throws {
        let granted: [PermissionKind: Status] = [.location: .authorizedWhenInUse, .locationAccuracy: .reducedAccuracy]
        let background = try device(granted, active: false)
        #expect(
            try await background.request(.locationAccuracy, options: [.purpose("Nav")]) == .immediate(.reducedAccuracy))
        #expect(try await background.status(of: .locationAccuracy) == .reducedAccuracy)
        let foreground = try device(granted, script: Script(answers: answers(.locationAccuracy, .label("Allow Once"))))
        let r = try await foreground.request(.locationAccuracy, options: [.purpose("Nav")])
        #expect(r.prompt?.map(\.label) == ["Allow Once", "Don't Allow"])
        #expect(r.status == .fullAccuracy)
    }

    @Test func alwaysUpgradeToAlways() async throws {
        let d = try device(
            [.location: .authorizedWhenInUse],
            script: Script(answers: answers(.location, .label("Change to Always Allow"))))
        #expect(try await d.request(.location, options: [.always]).status == .authorizedAlways)
    }

    @Test func alwaysFromNotDeterminedGrantsProvisionalAlwaysAndIsHonouredOnce() async throws {
        let d = try device(
            script: Script(
                answers: answers(.location, .label("Allow While Using App")),
                settingsVisits: [Scripted([SettingsChange(.location, .authorizedWhenInUse)])]))
        let first = try await d.request(.location, options: [.always])
        #expect(first.prompt?.map(\.label) == ["Allow Once", "Allow While Using App", "Don't Allow"])
        #expect(first.status == .authorizedAlways)
        #expect(try await d.status(of: .location) == .authorizedAlways)
        // The user narrows it in Settings; a second Always request shows nothing (no answer is
        // scripted for one, so a prompt would throw).
        _ = try await d.openSettings(.settings)
        #expect(try await d.request(.location, options: [.always]) == .immediate(.authorizedWhenInUse))
    }

    @Test func whenInUseRequestsKeepTheirOwnAnswer() async throws {
        let d = try device(script: Script(answers: answers(.location, .label("Allow While Using App"))))
        #expect(try await d.request(.location, options: []).status == .authorizedWhenInUse)
    }

    @Test func provisionalNotificationsNeedNoPromptThenFullRequestPrompts() async throws {
        let d = try device(script: Script(answers: answers(.notifications, .label("Allow"))))
        #expect(try await d.request(.notifications, options: [.alert, .provisional]) == .immediate(.provisional))
        #expect(try await d.status(of: .notifications) == .provisional)
        let full = try await d.request(.notifications, options: [.alert, .sound])
        #expect(full.prompt != nil)
        #expect(full.status == .authorized)
    }

    @Test func calendarWriteOnlyThenUpgradeToFullAccess() async throws {
        let d = try device(
            script: Script(answers: answers(.calendar, .label("Allow Add Events Only"), .label("Allow Full Access"))))
        let writeOnly = try await d.request(.calendar, options: [.writeOnly])
        #expect(writeOnly.status == .writeOnly)
        #expect(writeOnly.prompt?.map(\.label) == ["Allow Add Events Only", "Don't Allow"])
        // Asking write-only again shows nothing.
        #expect(try await d.request(.calendar, options: [.writeOnly]) == .immediate(.writeOnly))
        let full = try await d.request(.calendar, options: [])
        #expect(full.prompt?.map(\.label) == ["Allow Full Access", "Don't Allow"])
        #expect(full.status == .fullAccess)
    }

    @Test func trackingPromptNotShownWhileInactive() async throws {
        let d = try device(active: false)
        #expect(try await d.request(.tracking, options: []) == .immediate(.notDetermined))
        let active = try device(script: Script(answers: answers(.tracking, .label("Allow"))))
        #expect(try await active.request(.tracking, options: []).status == .authorized)
    }

    @Test func locationServicesOffReadsDeniedAndRequestsReturnDenied() async throws {
        let d = try device([.location: .authorizedWhenInUse], capabilities: [.locationServices: false])
        #expect(try await d.status(of: .location) == .denied)
        let fresh = try device(capabilities: [.locationServices: false])
        #expect(try await fresh.request(.location, options: []) == .immediate(.denied))
        #expect(try await fresh.isAvailable(.locationServices) == false)
    }

    @Test func capabilitiesDefaultToPresent() async throws {
        let d = try device(capabilities: [.camera: false])
        #expect(try await d.isAvailable(.camera) == false)
        #expect(try await d.isAvailable(.microphone) == true)
    }

    @Test func settingsCannotGoBackToNotDetermined() async throws {
        let d = try device(
            [.camera: .denied], script: Script(settingsVisits: [Scripted([SettingsChange(.camera, .notDetermined)])]))
        do {
            _ = try await d.openSettings(.settings)
            Issue.record("expected an error")
        } catch let error as ScriptError {
            #expect(
                error.message
                    == "Settings cannot set a permission back to 'notDetermined' for camera; choose one of denied, authorized"
            )
        }
        #expect(
            SimulatedDevice.problem(with: SettingsChange(.camera, .restricted))
                == "Settings never sets 'restricted' (Screen Time or device management does) for camera; choose one of denied, authorized"
        )
        #expect(SimulatedDevice.problem(with: SettingsChange(.location, .authorizedAlways)) == nil)
    }

    @Test(arguments: [
        (PermissionKind.camera, Status.authorized, true), (.photos, .limited, true),
        (.location, .authorizedAlways, false), (.notifications, .authorized, false),
    ])
    func privacySwitchChangeTerminatesTheApp(kind: PermissionKind, to status: Status, terminates: Bool) async throws {
        // The app asked before (a denied status), so its page has the switch; Always was asked too.
        let before: Status = kind == .location ? .authorizedAlways : .denied
        let d = try device([kind: before], script: Script(settingsVisits: [Scripted([SettingsChange(kind, status)])]))
        let back = try await d.openSettings(.settings)
        #expect(back.terminated == terminates)
        #expect(await d.storedStatus(of: kind) == status)
        #expect(await d.relaunches == (terminates ? 1 : 0))
    }

    @Test func settingsVisitWithoutChangeOrSameStatusDoesNotTerminate() async throws {
        let d = try device(
            [.camera: .denied],
            script: Script(settingsVisits: [Scripted([]), Scripted([SettingsChange(.camera, .denied)])]))
        #expect(try await d.openSettings(.settings) == SettingsReturn(changes: [], terminated: false))
        #expect(try await d.openSettings(.settings).terminated == false)
        await #expect(throws: InputNeeded(.settings(.settings))) { _ = try await d.openSettings(.settings) }
    }

    @Test func configurationRejectsAStatusTheKindDoesNotHave() throws {
        #expect(
            throws: SimulatedDevice.ConfigurationError(problems: [
                "microphone has no status 'authorized'; its statuses are undetermined, denied, granted"
            ])
        ) {
            _ = try SimulatedDevice(.init(statuses: [.microphone: .authorized]), script: Script())
        }
    }

    @Test func unknownButtonLabelNamesTheAlertAndItsButtons() async throws {
        let d = try device(script: Script(taps: taps("Allow")))
        let alert = AlertPresentation(
            title: "Camera", message: nil,
            buttons: [
                AlertButton(label: "Continue", role: .default), AlertButton(label: "Not Now", role: .cancel),
            ])
        do {
            _ = try await d.present(alert)
            Issue.record("expected a script error")
        } catch let error as ScriptError {
            #expect(error.message == "no button \"Allow\" in alert 'Camera'; its buttons are \"Continue\", \"Not Now\"")
            #expect(error.id == "FL2012")
        }
    }

    @Test func checkpointSurvivesAndClears() async throws {
        let d = try device()
        let cp = Checkpoint(frames: [.init(flow: "f", state: "s")])
        try await d.saveCheckpoint(cp)
        #expect(try await d.loadCheckpoint() == cp)
        try await d.saveCheckpoint(nil)
        #expect(try await d.loadCheckpoint() == nil)
    }

    @Test func notificationSettingsPageChangesOnlyNotifications() async throws {
        let d = try device(
            [.camera: .denied], script: Script(settingsVisits: [Scripted([SettingsChange(.camera, .authorized)])]))
        await #expect(
            throws: ScriptError(
                "the notification settings page cannot change camera; only notifications", at: nil, id: "FL2005")
        ) {
            _ = try await d.openSettings(.notificationSettings)
        }
        #expect(await d.storedStatus(of: .camera) == .denied)
    }

    @Test func checkpointIsCodableForAppStorage() throws {
        // The JSON shape an app keeps in UserDefaults: frames by names.
        let cp = Checkpoint(frames: [.init(flow: "main", state: "go"), .init(flow: "ask", state: "settings")])
        let data = try JSONEncoder().encode(cp)
        #expect(try JSONDecoder().decode(Checkpoint.self, from: data) == cp)
    }
}
