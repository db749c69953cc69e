import FlowModel

/// A `PermissionSystem` that can re-read, after a Settings visit, only the kinds it is told to:
/// the ones the run that opened Settings has read. A system that lives as long as the app
/// remembers every kind read since launch; re-reading all of them on every return would make an
/// unrelated flow wait for (or fail on) a slow or failing status read, such as the Local Network
/// probe without Wi-Fi.
public protocol SettingsReturnScoping: PermissionSystem {
    /// `openSettings(_:)`, reporting what changed among `kinds` only.
    func openSettings(_ page: SettingsPage, rereading kinds: Set<PermissionKind>) async throws -> SettingsReturn
}
