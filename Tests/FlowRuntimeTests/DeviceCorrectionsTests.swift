import FlowModel
import Testing

@testable import FlowRuntime

/// Where the simulated device once disagreed with Apple's documentation (contacts' two answers,
/// location accuracy, Allow Once, photos add-only, tracking switched off, the foreground rule,
/// Settings' switches), one behaviour a test.
@Suite struct DeviceCorrectionsTests {
    func device(
        _ statuses: [PermissionKind: Status] = [:], active: Bool = true, trackingRequests: Bool = true,
        script: Script = Script()
    ) throws -> SimulatedDevice {
        try SimulatedDevice(
            .init(statuses: statuses, appActive: active, trackingRequestsAllowed: trackingRequests), script: script)
    }

    func settingsError(_ d: SimulatedDevice, _ page: SettingsPage = .settings) async -> String? {
        do {
            _ = try await d.openSettings(page)
            return nil
        } catch let error as ScriptError {
            #expect(error.id == "FL2005")
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func contactsPromptEndsWithSelectedOrFullAccessAndHasNoShareAll() async throws {
        let d = try device(script: Script(answers: answers(.contacts, .label("Allow Selected Contacts"))))
        let r = try await d.request(.contacts, options: [])
        #expect(r.prompt?.map(\.label) == ["Allow Selected Contacts", "Allow Full Access", "Don't Allow"])
        #expect(r.status == .limited)
        let full = try device(script: Script(answers: answers(.contacts, .label("Allow Full Access"))))
        #expect(try await full.request(.contacts, options: []).status == .authorized)
    }

    @Test func locationGrantComesWithFullAccuracy() async throws {
        let d = try device(script: Script(answers: answers(.location, .label("Allow While Using App"))))
        _ = try await d.request(.location, options: [])
        #expect(try await d.status(of: .locationAccuracy) == .fullAccuracy)
        // A temporary full-accuracy request then shows nothing.
        #expect(try await d.request(.locationAccuracy, options: [.purpose("Nav")]) == .immediate(.fullAccuracy))
        // A grant made before the run reads full accuracy too, unless configured otherwise.
        #expect(try await device([.location: .authorizedWhenInUse]).status(of: .locationAccuracy) == .fullAccuracy)
        #expect(
            try await device([.location: .authorizedWhenInUse, .locationAccuracy: .reducedAccuracy])
                .status(of: .locationAccuracy) == .reducedAccuracy)
        #expect(try await device().status(of: .locationAccuracy) == .reducedAccuracy)
    }

    @Test func allowOnceGetsNoAlwaysUpgradePrompt() async throws {
        // No answer is scripted for a second prompt, so one would throw InputNeeded.
        let d = try device(script: Script(answers: answers(.location, .label("Allow Once"))))
        #expect(try await d.request(.location, options: []).status == .authorizedWhenInUse)
        #expect(try await d.request(.location, options: [.always]) == .immediate(.authorizedWhenInUse))
        #expect(
            PermissionKind.location.requestBehavior(
                options: [.always], current: .authorizedWhenInUse, upgradeAvailable: false)
                == .immediate(.authorizedWhenInUse))
    }

    @Test func photosGrantAlsoGrantsAddOnlyAndAddOnlyAppsMayKeepIt() async throws {
        let d = try device(script: Script(answers: answers(.photos, .label("Limit Access…"))))
        _ = try await d.request(.photos, options: [])
        #expect(try await d.status(of: .photosAddOnly) == .authorized)
        let addOnly = try device(
            [.photosAddOnly: .authorized], script: Script(answers: answers(.photos, .label("Keep Add Only"))))
        let r = try await addOnly.request(.photos, options: [])
        #expect(r.prompt?.map(\.label) == ["Limit Access…", "Allow Full Access", "Keep Add Only"])
        #expect(r.status == .denied)
        #expect(try await addOnly.status(of: .photosAddOnly) == .authorized)
        // One Settings page: "None" denies both; "Limited Access" includes adding; "Add Photos
        // Only" leaves read-write denied.
        let page = try device(
            [.photos: .authorized, .photosAddOnly: .authorized],
            script: Script(settingsVisits: [
                Scripted([SettingsChange(.photos, .denied)]),
                Scripted([SettingsChange(.photos, .limited)]),
                Scripted([SettingsChange(.photos, .denied)]),
                Scripted([SettingsChange(.photosAddOnly, .authorized)]),
            ]))
        _ = try await page.openSettings(.settings)
        #expect(try await page.status(of: .photosAddOnly) == .denied)
        _ = try await page.openSettings(.settings)
        #expect(try await page.status(of: .photosAddOnly) == .authorized)
        _ = try await page.openSettings(.settings)
        _ = try await page.openSettings(.settings)
        #expect(try await page.status(of: .photos) == .denied)
        #expect(try await page.status(of: .photosAddOnly) == .authorized)
    }

    @Test func trackingWithRequestsOffCompletesDeniedWithoutAPrompt() async throws {
        let d = try device(trackingRequests: false)
        #expect(try await d.request(.tracking, options: []) == .immediate(.denied))
        #expect(try await d.status(of: .tracking) == .denied)
    }

    @Test func locationPromptNeedsTheForeground() async throws {
        let d = try device(active: false)
        #expect(try await d.request(.location, options: []) == .immediate(.notDetermined))
        // Only from the background: a flow in the foreground gets one of the prompt's answers.
        #expect(
            PermissionKind.location.possibleRequestResults(options: [], inBackground: true).contains(.notDetermined))
        #expect(!PermissionKind.location.possibleRequestResults(options: []).contains(.notDetermined))
        // Local Network is denied silently in the background.
        #expect(try await device(active: false).request(.localNetwork, options: []) == .immediate(.denied))
    }

    @Test func settingsHasNoSwitchForAPermissionNeverRequested() async throws {
        let d = try device(script: Script(settingsVisits: [Scripted([SettingsChange(.camera, .authorized)])]))
        _ = try await d.status(of: .camera)  // reading is not asking
        #expect(
            await settingsError(d)
                == "Settings has no camera switch for this app: the app never requested camera; it shows no permissions yet"
        )
        #expect(await d.storedStatus(of: .camera) == .notDetermined)
    }

    @Test func restrictedCannotBeChangedInSettings() async throws {
        let d = try device(
            [.camera: .restricted], script: Script(settingsVisits: [Scripted([SettingsChange(.camera, .authorized)])]))
        #expect(
            await settingsError(d)
                == "camera is restricted (Screen Time or device management): the user cannot change it in Settings")
        #expect(await d.storedStatus(of: .camera) == .restricted)
    }

    @Test func alwaysIsOfferedOnlyAfterAnAlwaysRequest() async throws {
        let change = [Scripted<SettingsActions>([SettingsChange(.location, .authorizedAlways)])]
        let d = try device([.location: .authorizedWhenInUse], script: Script(settingsVisits: change))
        #expect(
            await settingsError(d)
                == "the location page offers Always only to an app that requested Always authorization; "
                + "choose one of notDetermined, denied, authorizedWhenInUse")
        let asked = try device(
            [.location: .authorizedWhenInUse],
            script: Script(answers: answers(.location, .label("Keep Only While Using")), settingsVisits: change))
        _ = try await asked.request(.location, options: [.always])
        #expect(try await asked.openSettings(.settings).terminated == false)
        #expect(try await asked.status(of: .location) == .authorizedAlways)
    }

    @Test func settingsSwitchesListRequestedKindsWithTheirChoices() async throws {
        let d = try device(
            [.camera: .denied, .tracking: .restricted], script: Script(answers: answers(.microphone, .label("Allow"))))
        _ = try await d.request(.microphone, options: [])
        _ = try await d.status(of: .photos)
        #expect(
            await d.settingsSwitches(.settings) == [
                SettingsSwitch(.camera, .denied, choices: [.denied, .authorized]),
                SettingsSwitch(.microphone, .granted, choices: [.denied, .granted]),
                SettingsSwitch(.tracking, .restricted, choices: []),
            ])
        #expect(await d.settingsSwitches(.notificationSettings) == [])
    }

    @Test func anAlwaysRequestIgnoredForAllowOnceLeavesTheOneUpgrade() async throws {
        // Allow Once, an Always request iOS ignores, a relaunch that ends the grant, then a
        // lasting grant: the upgrade prompt is still there, because the ignored call did not
        // use it up.
        let d = try device(
            script: Script(
                answers: answers(
                    .location, .label("Allow Once"), .label("Allow While Using App"),
                    .label("Change to Always Allow")),
                settingsVisits: [Scripted(SettingsActions(relaunch: true))]))
        _ = try await d.request(.location, options: [])
        #expect(try await d.request(.location, options: [.always]) == .immediate(.authorizedWhenInUse))
        _ = try await d.openSettings(.settings)
        #expect(try await d.status(of: .location) == .notDetermined)
        #expect(try await d.request(.location, options: []).status == .authorizedWhenInUse)
        let upgrade = try await d.request(.location, options: [.always])
        #expect(upgrade.prompt?.map(\.label) == ["Keep Only While Using", "Change to Always Allow"])
        #expect(upgrade.status == .authorizedAlways)
    }

    @Test func aChoiceMadeInSettingsOutlastsTheAllowOnceItReplaced() async throws {
        // "Never" chosen in Settings over an Allow Once grant is the user's lasting choice: the
        // relaunch that ends a one-time grant leaves it.
        let d = try device(
            script: Script(
                answers: answers(.location, .label("Allow Once")),
                settingsVisits: [
                    Scripted([SettingsChange(.location, .denied)]),
                    Scripted(SettingsActions(relaunch: true)),
                ]))
        _ = try await d.request(.location, options: [])
        #expect(try await d.openSettings(.settings).terminated == false)
        #expect(try await d.openSettings(.settings).terminated)
        #expect(try await d.status(of: .location) == .denied)
    }

    @Test func allowOnceExpiresAtAnExplicitRelaunchOnly() async throws {
        let d = try device(
            script: Script(
                answers: answers(.location, .label("Allow Once")),
                settingsVisits: [Scripted([]), Scripted(SettingsActions(relaunch: true))]))
        _ = try await d.request(.location, options: [])
        // Back from Settings without a relaunch: the session goes on.
        #expect(try await d.openSettings(.settings).terminated == false)
        #expect(try await d.status(of: .location) == .authorizedWhenInUse)
        let back = try await d.openSettings(.settings)
        #expect(back == SettingsReturn(changes: [], terminated: true))
        #expect(await d.relaunches == 1)
        #expect(try await d.status(of: .location) == .notDetermined)
        #expect(try await d.status(of: .locationAccuracy) == .reducedAccuracy)
    }

    @Test(arguments: [
        (PermissionKind.faceID, Capability?.some(.biometry), "NSFaceIDUsageDescription"),
        (.localNetwork, nil, "NSLocalNetworkUsageDescription"), (.siri, nil, "NSSiriUsageDescription"),
        (.homeKit, nil, "NSHomeKitUsageDescription"), (.alarmKit, nil, "NSAlarmKitUsageDescription"),
    ])
    func newKindsPromptOnceAndNeedTheirKey(kind: PermissionKind, capability: Capability?, key: String) async throws {
        #expect(kind.usageDescriptionKeys(options: []) == [key])
        #expect(kind.requiredCapability == capability)
        let d = try device(script: Script(answers: answers(kind, .status(.denied))))
        let r = try await d.request(kind, options: [])
        #expect(r.status == .denied)
        #expect(r.prompt != nil)
        #expect(try await d.request(kind, options: []) == .immediate(.denied))
    }
}

/// Exploration tries only the Settings changes the page offers (correction 9) and, while an
/// "Allow Once" grant is held, a relaunch.
@Suite struct ExplorationOffersOnlyPossibleSettingsTests {
    @Test func noAlwaysWithoutAnAlwaysRequestAndNothingForRestricted() async throws {
        let p = program([
            FlowSpec(
                name: "loc", uses: [.location, .camera], start: "check",
                states: [
                    StateSpec(
                        name: "check",
                        term: .status(
                            [.kind(.location)], [(s(.authorizedWhenInUse, .restricted), .state("cam"))],
                            otherwise: .done("denied"))),
                    StateSpec(
                        name: "cam",
                        term: .status([.kind(.camera)], [(s(.restricted), .state("go"))], otherwise: .done("denied"))),
                    StateSpec(name: "go", term: .open(.settings, .done("granted"))),
                ])
        ])
        let e = try await Explorer(program: p).explore(flow: "loc")
        let visits = Set(
            e.paths.flatMap {
                $0.decisions.compactMap { d -> String? in
                    if case .settings = d.choice { d.choice.scenarioLine } else { nil }
                }
            })
        // The Precise Location switch is on the page of a granted location; camera is restricted.
        #expect(
            visits == [
                "settings none", "settings location = notDetermined", "settings location = denied",
                "settings locationAccuracy = reducedAccuracy",
            ])
    }

    @Test func allowOnceGrantAddsARelaunchVisit() async throws {
        let p = program([
            FlowSpec(
                name: "loc", uses: [.location], start: "ask",
                states: [
                    StateSpec(
                        name: "ask",
                        term: .request(
                            .kind(.location), [], [(s(.authorizedWhenInUse), .state("go"))], otherwise: .done("denied"))
                    ),
                    StateSpec(name: "go", term: .open(.settings, .done("granted"))),
                ])
        ])
        let e = try await Explorer(program: p).explore(flow: "loc")
        let relaunches = e.paths.filter {
            $0.decisions.contains { $0.choice == .settings(SettingsActions(relaunch: true)) }
        }
        #expect(relaunches.count == 1)
        #expect(
            relaunches.first?.decisions.contains {
                $0.choice == .answer(.location, PromptAnswer("Allow Once", .authorizedWhenInUse, temporary: true))
            } == true)
        #expect(ExplorationChoice.settings(SettingsActions(relaunch: true)).scenarioLine == "relaunch")
    }
}

@Suite struct ImpossibleSettingsInScenariosTests {
    @Test func aChangeTheAppNeverAskedForIsAnErrorAtItsLine() async throws {
        let camera = program([cameraFlow], app: "Scanner")
        let (scenario, diagnostics) = ScenarioParser.parse(
            text: """
                flow camera.flow
                status camera = denied
                tap "Settings"
                settings photos = authorized
                expect outcome granted
                """, path: "s/test.scenario")
        #expect(diagnostics.isEmpty)
        let r = await ScenarioRunner(reader: NoFiles()).run(try #require(scenario), program: camera)
        #expect(!r.passed)
        #expect(
            r.diagnostics.map { "\($0.range?.start.line ?? 0): \($0.id) \($0.message)" } == [
                "4: FL2005 Settings has no photos switch for this app: the app never requested photos; it shows camera in state 'settings'"
            ])
    }
}
