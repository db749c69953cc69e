import Testing

@testable import FlowModel

@Suite struct CatalogTests {
    @Test func everyStatusOfEveryKindHasAClassAndInitialStatusBelongsToKind() {
        for kind in PermissionKind.allCases {
            #expect(kind.statuses.contains(kind.initialStatus), "\(kind)")
            // Only location's "Ask Next Time Or When I Share" goes back to notDetermined.
            #expect(
                kind.settingsChoices.contains { $0.statusClass == .notDetermined } == (kind == .location), "\(kind)")
            #expect(!kind.settingsChoices.contains(.restricted), "\(kind)")
            #expect(kind.settingsChoices.allSatisfy(kind.statuses.contains), "\(kind)")
        }
    }

    /// MPMediaLibraryAuthorizationStatus.restricted: "The app may access some of the content in the
    /// user's media library" (Apple's page): partial access, a `limited` the flow must handle, and
    /// not something the user picks in Settings, whose row is one switch.
    @Test func mediaLibraryRestrictedIsPartialAccess() {
        #expect(PermissionKind.mediaLibrary.statuses == [.notDetermined, .denied, .limited, .authorized])
        #expect(Status.limited.statusClass == .limited)
        #expect(PermissionKind.mediaLibrary.settingsChoices == [.denied, .authorized])
        #expect(!PermissionKind.mediaLibrary.statuses.contains(.restricted))
    }

    @Test func promptAppearsOnlyWhileUndetermined() {
        #expect(PermissionKind.camera.requestBehavior(options: [], current: .denied) == .immediate(.denied))
        guard case .prompt(let answers) = PermissionKind.camera.requestBehavior(options: [], current: .notDetermined)
        else {
            Issue.record("camera prompt expected")
            return
        }
        #expect(answers.map(\.result) == [.authorized, .denied])
        guard case .prompt(let mic) = PermissionKind.microphone.requestBehavior(options: [], current: .undetermined)
        else {
            Issue.record("microphone prompt expected")
            return
        }
        #expect(mic.map(\.result) == [.granted, .denied])
    }

    @Test func kindSpecificPromptAnswers() {
        #expect(PermissionKind.photos.possibleRequestResults(options: []).contains(.limited))
        #expect(!PermissionKind.photosAddOnly.possibleRequestResults(options: []).contains(.limited))
        #expect(
            PermissionKind.notifications.requestBehavior(options: [.alert, .provisional], current: .notDetermined)
                == .immediate(.provisional))
        #expect(
            PermissionKind.location.requestBehavior(
                options: [.always], current: .authorizedWhenInUse,
                upgradeAvailable: false) == .immediate(.authorizedWhenInUse))
        guard
            case .prompt(let upgrade) = PermissionKind.location.requestBehavior(
                options: [.always], current: .authorizedWhenInUse)
        else {
            Issue.record("always upgrade prompt expected")
            return
        }
        #expect(upgrade.map(\.result).contains(.authorizedAlways))
        // requestAlwaysAuthorization() from notDetermined: "Allow While Using App" is provisional Always.
        guard
            case .prompt(let always) = PermissionKind.location.requestBehavior(
                options: [.always], current: .notDetermined),
            case .prompt(let whenInUse) = PermissionKind.location.requestBehavior(options: [], current: .notDetermined)
        else {
            Issue.record("location prompts expected")
            return
        }
        #expect(always.map(\.result) == [.authorizedWhenInUse, .authorizedAlways, .denied])
        #expect(whenInUse.map(\.result) == [.authorizedWhenInUse, .authorizedWhenInUse, .denied])
        #expect(
            PermissionKind.location.possibleRequestResults(options: [.always])
                .isSuperset(of: [.authorizedWhenInUse, .authorizedAlways, .denied]))
        #expect(PermissionKind.calendar.possibleRequestResults(options: [.writeOnly]).contains(.writeOnly))
        #expect(!PermissionKind.camera.possibleRequestResults(options: []).contains(.notDetermined))
        #expect(PermissionKind.tracking.possibleRequestResults(options: []).contains(.notDetermined))
    }

    @Test func statusOrdinalsFollowDeclarationOrder() {
        #expect(Status.allCases.enumerated().allSatisfy { $0.element.ordinal == $0.offset })
        #expect(Status.allCases.sorted() == Status.allCases)
        #expect(Status.allCases.count <= 32, "the linter's StatusSet is a 32-bit mask")
    }

    @Test func usageKeysFollowOptions() {
        #expect(PermissionKind.location.usageDescriptionKeys(options: [.always]).count == 2)
        #expect(
            PermissionKind.calendar.usageDescriptionKeys(options: [.writeOnly]) == [
                "NSCalendarsWriteOnlyAccessUsageDescription"
            ])
        #expect(PermissionKind.notifications.usageDescriptionKeys(options: []).isEmpty)
    }

    @Test func statusClasses() {
        #expect(Status.undetermined.statusClass == .notDetermined)
        #expect(Status.provisional.statusClass == .limited)
        #expect(Status.sharingDenied.statusClass == .denied)
        #expect(Status.authorizedAlways.statusClass == .granted)
    }
}

/// Corrections 4 and 5 of ios-permissions.md: what a missing key does, and the legacy keys.
@Suite struct UsageKeyCorrectionsTests {
    @Test(arguments: [
        (PermissionKind.camera, MissingUsageKeyEffect.crash), (.contacts, .crash), (.homeKit, .crash),
        (.health, .crash), (.location, .failsWithoutPrompt), (.calendar, .deniedAutomatically),
        (.reminders, .deniedAutomatically), (.faceID, .mayFail), (.notifications, .none),
    ])
    func missingKeyEffectDependsOnTheKind(kind: PermissionKind, effect: MissingUsageKeyEffect) {
        #expect(kind.missingUsageKeyEffect == effect)
    }

    @Test func phrasesSayWhatHappens() {
        #expect(MissingUsageKeyEffect.failsWithoutPrompt.phrase == "the request fails at once without a prompt")
        #expect(
            MissingUsageKeyEffect.deniedAutomatically.phrase == "iOS denies the request automatically without a prompt")
    }

    @Test func legacyKeysDependOnTheDeploymentTarget() {
        #expect(
            PermissionKind.calendar.legacyUsageDescriptionKeys(options: [], deploymentTarget: 16) == [
                "NSCalendarsUsageDescription"
            ])
        #expect(PermissionKind.calendar.legacyUsageDescriptionKeys(options: [], deploymentTarget: 17) == [])
        #expect(
            PermissionKind.reminders.legacyUsageDescriptionKeys(options: [], deploymentTarget: 15) == [
                "NSRemindersUsageDescription"
            ])
        #expect(
            PermissionKind.bluetooth.legacyUsageDescriptionKeys(options: [], deploymentTarget: 12) == [
                "NSBluetoothPeripheralUsageDescription"
            ])
        #expect(PermissionKind.bluetooth.legacyUsageDescriptionKeys(options: [], deploymentTarget: 13) == [])
        #expect(PermissionKind.camera.legacyUsageDescriptionKeys(options: [], deploymentTarget: 9) == [])
    }

    @Test func contactsPromptHasNoShareAllButton() {
        guard case .prompt(let answers) = PermissionKind.contacts.requestBehavior(options: [], current: .notDetermined)
        else {
            Issue.record("expected a prompt")
            return
        }
        #expect(!answers.map(\.label).contains("Share All Contacts"))
        #expect(answers.map(\.label) == ["Allow Selected Contacts", "Allow Full Access", "Don't Allow"])
    }
}
