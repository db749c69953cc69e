import Testing

@testable import FlowModel

/// The spec record of every kind is whole and agrees with itself: a new kind whose facts are
/// missing, empty or contradictory fails here (the compiler already refuses a kind without a spec).
@Suite struct PermissionSpecTests {
    @Test(arguments: PermissionKind.allCases)
    func everyFactIsPresent(kind: PermissionKind) {
        let spec = kind.spec
        #expect(!spec.statuses.isEmpty && Set(spec.statuses).count == spec.statuses.count)
        #expect(spec.statuses.contains(spec.initialStatus))
        #expect(!spec.displayName.isEmpty && !spec.statusAPI.isEmpty)
        #expect(spec.promptTitle.contains("{app}"), "\(spec.promptTitle)")
        // A missing usage key does something exactly when the kind has one.
        #expect(spec.usageKeys.isEmpty == (spec.missingUsageKeyEffect == .none))
        for key in spec.usageKeys + spec.usageKeysWith.values.flatMap({ $0 }) + spec.legacyUsageKeys.map(\.key) {
            #expect(key.hasPrefix("NS") && key.contains("UsageDescription"), "\(key)")
        }
        let options = Set(spec.requestOptions)
        #expect(Set(spec.exclusiveOptions).isSubset(of: options))
        #expect(Set(spec.usageKeysWith.keys).isSubset(of: options))
        #expect(spec.legacyUsageKeys.allSatisfy { $0.onlyWith.map(options.contains) ?? true })
    }

    @Test(arguments: PermissionKind.allCases)
    func promptsAndSettingsStayInsideTheStatuses(kind: PermissionKind) {
        let spec = kind.spec
        let statuses = Set(spec.statuses)
        for current in spec.statuses {
            switch kind.requestBehavior(options: [], current: current) {
            case .immediate(let status): #expect(statuses.contains(status), "\(current) -> \(status)")
            case .prompt(let answers):
                #expect(answers.allSatisfy { statuses.contains($0.result) }, "\(answers)")
                #expect(Set(answers.map(\.label)).count == answers.count, "\(answers)")
            }
        }
        // The prompt appears from the initial status (for location accuracy, reduced accuracy).
        guard
            case .prompt = kind.requestBehavior(
                options: spec.requiresPurposeKey ? [.purpose("K")] : [],
                current: spec.initialStatus)
        else {
            Issue.record("\(kind): no prompt from \(spec.initialStatus)")
            return
        }
        #expect(Set(spec.settingsRow.labels.keys).isSubset(of: statuses))
        // A row that opens a list names every choice it offers.
        if !spec.settingsRow.isSwitch {
            #expect(spec.settingsChoices.allSatisfy { spec.settingsRow.labels[$0] != nil }, "\(kind)")
        }
        #expect(spec.statuses.allSatisfy { !kind.settingsLabel($0).isEmpty })
    }

    /// The kinds with a second prompt have its title, and only they.
    @Test func otherPromptTitles() {
        for kind in PermissionKind.allCases {
            let expected: Bool
            switch kind.spec.prompt {
            case .location, .calendar, .notifications: expected = true
            case .once, .photos, .temporaryFullAccuracy: expected = false
            }
            #expect((kind.spec.otherPromptTitle != nil) == expected, "\(kind)")
        }
        #expect(
            PermissionKind.notifications.promptTitle(options: [.criticalAlert], answers: [], app: "A")
                == "“A” Would Like to Send You Critical Alerts")
    }

    /// The app's name is quoted once (the five newer kinds' titles quoted it twice).
    @Test(arguments: [
        (PermissionKind.faceID, "Do you want to allow “Notes” to use Face ID?"),
        (.localNetwork, "“Notes” would like to find and connect to devices on your local network."),
        (.siri, "“Notes” Would Like to Use Siri"),
        (.homeKit, "“Notes” Would Like to Access Your Home Data"),
        (.alarmKit, "“Notes” Would Like to Schedule Alarms and Timers"),
        (.camera, "“Notes” Would Like to Access the Camera"),
    ])
    func promptTitleQuotesTheAppOnce(kind: PermissionKind, title: String) {
        #expect(kind.promptTitle(options: [], answers: [], app: "Notes") == title)
    }

    /// What a request from an inactive app does comes from the spec, for every kind: only
    /// tracking is dropped while another prompt is finishing; location, tracking and Local
    /// Network give no prompt in the background.
    @Test func inactiveRequests() {
        let finishing = PermissionKind.allCases.filter { $0.spec.whileInactive.whilePromptFinishing != .promptShown }
        #expect(finishing == [.tracking])
        let background = PermissionKind.allCases.filter { $0.spec.whileInactive.inBackground != .promptShown }
        #expect(background == [.location, .locationAccuracy, .tracking, .localNetwork])
        #expect(PermissionKind.location.resultWhilePromptFinishing(current: .notDetermined) == nil)
        #expect(PermissionKind.location.resultInBackground(current: .notDetermined) == .notDetermined)
        #expect(PermissionKind.localNetwork.resultInBackground(current: .notDetermined) == .denied)
        #expect(PermissionKind.localNetwork.resultWhilePromptFinishing(current: .notDetermined) == nil)
        #expect(PermissionKind.camera.resultInBackground(current: .notDetermined) == nil)
    }

    @Test func legacyKeysFollowOptions() {
        #expect(PermissionKind.location.legacyUsageKeys(options: []).isEmpty)
        #expect(
            PermissionKind.location.legacyUsageKeys(options: [.always]).map(\.key) == [
                "NSLocationAlwaysUsageDescription"
            ])
        #expect(
            PermissionKind.calendar.legacyUsageDescriptionKeys(options: [.writeOnly], deploymentTarget: 16)
                == ["NSCalendarsUsageDescription"])
        #expect(PermissionKind.calendar.legacyUsageDescriptionKeys(options: [], deploymentTarget: 17).isEmpty)
    }
}
