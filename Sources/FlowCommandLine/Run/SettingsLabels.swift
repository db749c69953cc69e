import FlowModel

/// The words an iPhone shows for a permission's setting on the app's page in Settings, so the
/// interactive Settings page reads like the phone, not like the status enum. Location's choices
/// are "Never", "Ask Next Time Or When I Share", "While Using the App" and "Always"; photos are
/// one page (None / Add Photos Only / Limited Access / Full Access); calendars since iOS 17 are
/// None / Add Events Only / Full Access; contacts since iOS 18 None / Limited Access / Full
/// Access; most others are a switch (On / Off).
extension PermissionKind {
    public func settingsLabel(_ status: Status) -> String {
        switch (self, status) {
        case (.location, .notDetermined): return "Ask Next Time Or When I Share"
        case (.location, .denied): return "Never"
        case (.location, .authorizedWhenInUse): return "While Using the App"
        case (.location, .authorizedAlways): return "Always"
        case (.locationAccuracy, .fullAccuracy): return "Precise Location On"
        case (.locationAccuracy, .reducedAccuracy): return "Precise Location Off"
        case (.photos, .limited), (.contacts, .limited): return "Limited Access"
        case (.photos, .authorized), (.contacts, .authorized), (.calendar, .fullAccess): return "Full Access"
        case (.photosAddOnly, .authorized): return "Add Photos Only"
        case (.calendar, .writeOnly): return "Add Events Only"
        case (.photos, .denied), (.photosAddOnly, .denied), (.contacts, .denied), (.calendar, .denied): return "None"
        case (.notifications, .authorized): return "Allow Notifications On"
        case (.notifications, .denied): return "Allow Notifications Off"
        case (.notifications, .provisional): return "Deliver Quietly"
        case (.notifications, .ephemeral): return "Allow Notifications On (App Clip)"
        default:
            switch status.statusClass {
            case .granted, .limited: return "On"
            case .denied: return "Off"
            case .restricted: return "Restricted"
            case .notDetermined: return "Not Asked Yet"
            }
        }
    }

    /// The status `text` names on this kind's Settings page: its label as the phone shows it or
    /// its status name, ignoring case, `…` versus `...` and surrounding spaces.
    public func settingsStatus(named text: String) -> Status? {
        let wanted = TerminalDialogs.normalizedLabel(text)
        return statuses.first { TerminalDialogs.normalizedLabel($0.rawValue) == wanted }
            ?? settingsChoices.first { TerminalDialogs.normalizedLabel(settingsLabel($0)) == wanted }
    }
}
