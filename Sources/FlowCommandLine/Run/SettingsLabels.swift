import FlowModel

// The labels themselves are the catalog's (`PermissionKind.settingsLabel`, FlowModel's
// Catalog/SettingsLabels.swift), shared with the storyboard.
extension PermissionKind {
    /// The status `text` names on this kind's Settings page: its label as the phone shows it or
    /// its status name, ignoring case, `…` versus `...` and surrounding spaces.
    public func settingsStatus(named text: String) -> Status? {
        let wanted = TerminalDialogs.normalizedLabel(text)
        return statuses.first { TerminalDialogs.normalizedLabel($0.rawValue) == wanted }
            ?? settingsChoices.first { TerminalDialogs.normalizedLabel(settingsLabel($0)) == wanted }
    }
}
