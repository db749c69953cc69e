import FlowModel
import Testing

/// The catalog's Settings labels: what flowrun's Settings page and the storyboard both show.
struct SettingsLabelTests {
    /// Every choice a user can make on a kind's page has its own label, so a label names exactly
    /// one status (flowrun's `--settings kind=Label` reads them back).
    @Test(arguments: PermissionKind.allCases)
    func choicesHaveDistinctLabels(kind: PermissionKind) {
        let labels = kind.settingsChoices.map { kind.settingsLabel($0) }
        #expect(Set(labels).count == labels.count, "\(kind): \(labels)")
        #expect(!labels.contains("Not Asked Yet") && !labels.contains("Restricted"))
    }

    @Test func listRowsUseTheWordsOfTheirPage() {
        #expect(
            PermissionKind.location.settingsChoices.map { PermissionKind.location.settingsLabel($0) }
                == ["Ask Next Time Or When I Share", "Never", "While Using the App", "Always"])
        #expect(PermissionKind.photos.settingsLabel(.denied) == "None")
        #expect(PermissionKind.photosAddOnly.settingsLabel(.authorized) == "Add Photos Only")
        #expect(PermissionKind.calendar.settingsLabel(.writeOnly) == "Add Events Only")
        #expect(PermissionKind.contacts.settingsLabel(.limited) == "Limited Access")
        for kind in [PermissionKind.photos, .photosAddOnly, .contacts, .location, .calendar] {
            #expect(kind.settingsSwitchIsOn(kind.statuses[0]) == nil, "\(kind) is a list")
        }
    }

    @Test func switchesSayOnAndOffUnderTheirOwnName() {
        #expect(PermissionKind.camera.settingsLabel(.authorized) == "On")
        #expect(PermissionKind.camera.settingsLabel(.denied) == "Off")
        #expect(PermissionKind.microphone.settingsLabel(.granted) == "On")
        #expect(PermissionKind.notifications.settingsLabel(.authorized) == "Allow Notifications On")
        #expect(PermissionKind.notifications.settingsLabel(.denied) == "Allow Notifications Off")
        #expect(
            PermissionKind.notifications.settingsLabel(.provisional)
                == "Allow Notifications On (Notification Center only)")
        #expect(PermissionKind.locationAccuracy.settingsLabel(.reducedAccuracy) == "Precise Location Off")
        #expect(PermissionKind.locationAccuracy.settingsLabel(.fullAccuracy) == "Precise Location On")
        #expect(PermissionKind.locationAccuracy.settingsSwitchIsOn(.reducedAccuracy) == false)
        #expect(PermissionKind.camera.settingsLabel(.notDetermined) == "Not Asked Yet")
        #expect(PermissionKind.camera.settingsLabel(.restricted) == "Restricted")
        #expect(PermissionKind.bluetooth.settingsSwitchIsOn(.allowedAlways) == true)
        #expect(PermissionKind.notifications.settingsSwitchIsOn(.provisional) == true)
        #expect(PermissionKind.health.settingsSwitchIsOn(.sharingDenied) == false)
    }
}
