/// Critical alerts: `request notifications(criticalAlert)` (`UNAuthorizationOptions.criticalAlert`,
/// iOS 12+). Apple documents that critical alerts play their sound through the mute switch and
/// Do Not Disturb, that they "require a special entitlement issued by Apple"
/// (developer.apple.com/documentation/usernotifications/unauthorizationoptions/criticalalert),
/// and that `UNNotificationSettings.criticalAlertSetting` reports them apart from
/// `authorizationStatus`. *Secondary* (the reference's correction 10, not on Apple's pages): an
/// entitled app asking for them gets a prompt of their own after the notifications prompt, and
/// its notification settings get a "Critical Alerts" switch of their own. Without the
/// entitlement the option changes nothing.
public enum CriticalAlerts {
    /// The entitlement the option needs.
    public static let entitlement = "com.apple.developer.usernotifications.critical-alerts"

    /// The critical-alerts prompt's buttons (*secondary*: labels as captured in third-party
    /// screenshots) and the setting each leaves: `authorized` for enabled, `denied` for disabled.
    public static let promptAnswers = [PromptAnswer("Don't Allow", .denied), PromptAnswer("Allow", .authorized)]

    /// Whether a notifications request with `options` asks for critical alerts at all.
    public static func requested(by options: [RequestOption]) -> Bool { options.contains(.criticalAlert) }

    /// Whether iOS shows the critical-alerts prompt for such a request: the app has the
    /// entitlement, has not answered it before (`current` nil), and notifications were not
    /// refused (a user who said no to notifications is not asked about their loudest kind).
    public static func showsPrompt(entitled: Bool, current: Status?, notifications: Status) -> Bool {
        entitled && current == nil && notifications.statusClass != .denied
    }
}
