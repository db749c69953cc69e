import FlowModel
import FlowRuntime

/// Which Settings URL to open for a page.
public enum SettingsDestination: Hashable, Sendable {
    /// `UIApplication.openSettingsURLString`: the app's own page.
    case appSettings
    /// `UIApplicationOpenNotificationSettingsURLString` (iOS 15.4+, `UIApplication.openNotificationSettingsURLString`
    /// in Swift from iOS 16): the app's notification page.
    case notificationSettings

    /// The destination for a flow's page. The notification page's link exists from iOS 15.4
    /// (`SettingsPage.introduced`); before it, the app's page is the closest (its Notifications
    /// row is one tap away).
    public static func choose(for page: SettingsPage, notificationSettingsAvailable: Bool) -> SettingsDestination {
        switch page {
        case .settings: .appSettings
        case .notificationSettings: notificationSettingsAvailable ? .notificationSettings : .appSettings
        }
    }

    /// The destination for a flow's page on an app running iOS `version`.
    public static func choose(for page: SettingsPage, on version: OSVersion) -> SettingsDestination {
        choose(for: page, notificationSettingsAvailable: SettingsPage.notificationSettings.isAvailable(on: version))
    }
}

/// A visit to Settings as a state machine: the app asked to open the URL, left (resigned active or
/// went to the background), and came back (`didBecomeActive`). A `didBecomeActive` that arrives
/// before the app ever left (one already queued when the URL was opened) does not count as the
/// return. The open call's completion may come before or after the app leaves; a failed open ends
/// the visit at once instead of waiting for a return that will never come.
public struct SettingsVisit: Hashable, Sendable {
    /// How the visit ended.
    public enum Outcome: Hashable, Sendable {
        /// The user came back to the app.
        case returned
        /// iOS refused to open the URL (`open(_:)` answered false).
        case couldNotOpen
    }

    private var left = false
    public private(set) var outcome: Outcome?

    public init() {}

    /// The open call completed.
    public mutating func opened(_ success: Bool) -> Outcome? {
        if outcome == nil, !success, !left { outcome = .couldNotOpen }
        return outcome
    }

    /// A lifecycle event.
    public mutating func handle(_ event: AppLifecycleEvent) -> Outcome? {
        guard outcome == nil else { return outcome }
        switch event {
        case .willResignActive, .didEnterBackground: left = true
        case .didBecomeActive: if left { outcome = .returned }
        }
        return outcome
    }
}

/// What the user changed in Settings, from the statuses read before and after the visit.
public enum SettingsDiff {
    /// The kinds whose status differs, in catalog order. Kinds read only on one side are skipped:
    /// nothing is known of their change.
    public static func changes(before: [PermissionKind: Status], after: [PermissionKind: Status]) -> [SettingsChange] {
        PermissionKind.allCases.compactMap { kind in
            guard let old = before[kind], let new = after[kind], old != new else { return nil }
            return SettingsChange(kind, new)
        }
    }
}
