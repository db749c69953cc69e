/// The words an iPhone shows for a permission on the app's page in Settings (English), one table
/// for every tool that draws that page (flowrun's interactive Settings page, the storyboard), so
/// the simulation reads like the phone and not like the status enum.
///
/// Rows that open a list of choices: Location ("Never", "Ask Next Time Or When I Share", "While
/// Using the App", "Always"), Photos (one page for read-write and add-only: "None", "Add Photos
/// Only", "Limited Access", "Full Access"), Contacts since iOS 18 ("None", "Limited Access", "Full
/// Access"), Calendars since iOS 17 ("None", "Add Events Only", "Full Access"). Everything else is
/// a switch: the notification page's "Allow Notifications", the location page's "Precise
/// Location", and a switch named after the permission for the rest. Switch states are written
/// "On" and "Off", as Settings writes them in its rows. A permission the app never asked for has
/// no row at all ("Not Asked Yet"); a restricted one is greyed out ("Restricted").
extension PermissionKind {
    /// Whether the app's page shows this permission as a switch (false: a row opening a list).
    public var settingsShowsSwitch: Bool { spec.settingsRow.isSwitch }

    /// The name of the switch when it is not the row's own name (`displayName`).
    public var settingsSwitchName: String? { spec.settingsRow.switchName }

    /// What Settings shows for the status.
    public func settingsLabel(_ status: Status) -> String {
        let row = spec.settingsRow
        if let label = row.labels[status] { return label }
        let state: String
        switch status.statusClass {
        case .granted, .limited: state = "On"
        case .denied: state = "Off"
        case .restricted: return "Restricted"
        case .notDetermined: return "Not Asked Yet"
        }
        return row.switchName.map { "\($0) \(state)" } ?? state
    }

    /// Whether the switch is on, for a switch row; nil for a row that opens a list.
    public func settingsSwitchIsOn(_ status: Status) -> Bool? {
        guard settingsShowsSwitch else { return nil }
        if self == .locationAccuracy { return status == .fullAccuracy }
        return status.statusClass == .granted || status.statusClass == .limited
    }
}
