import FlowModel

/// What the app's page in Settings shows for a status (iOS wording, English).
enum SettingsLabels {
    /// On/off for kinds drawn as a switch; nil for kinds whose row opens a list of choices.
    static func switchState(_ kind: PermissionKind, _ status: Status) -> Bool? {
        switch kind {
        case .photos, .photosAddOnly, .contacts, .location, .calendar: nil
        default: status.statusClass == .granted || status.statusClass == .limited
        }
    }

    static func label(_ kind: PermissionKind, _ status: Status) -> String {
        switch (kind, status) {
        case (.location, .notDetermined): "Ask Next Time Or When I Share"
        case (.location, .denied): "Never"
        case (.location, .authorizedWhenInUse): "While Using the App"
        case (.location, .authorizedAlways): "Always"
        case (.photos, .denied), (.contacts, .denied), (.calendar, .denied), (.photosAddOnly, .denied): "None"
        case (.photos, .limited), (.contacts, .limited): "Limited Access"
        case (.photos, .authorized), (.contacts, .authorized), (.calendar, .fullAccess): "Full Access"
        case (.photosAddOnly, .authorized): "Add Photos Only"
        case (.calendar, .writeOnly): "Add Events Only"
        case (.locationAccuracy, .fullAccuracy): "Precise Location on"
        case (.locationAccuracy, .reducedAccuracy): "Precise Location off"
        default:
            switch status.statusClass {
            case .granted, .limited: "on"
            case .denied: "off"
            default: status.rawValue
            }
        }
    }
}
