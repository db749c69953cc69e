/// An option of a system request, written in parentheses after the permission:
/// `request location(always)`, `request notifications(alert, sound, provisional)`,
/// `request calendar(writeOnly)`, `request locationAccuracy(purpose: "Delivery")`.
public enum RequestOption: Hashable, Sendable {
    /// Location: `requestWhenInUseAuthorization()` (the default) or `requestAlwaysAuthorization()`.
    case whenInUse, always
    /// Notifications: `UNAuthorizationOptions` members.
    case alert, sound, badge, provisional, criticalAlert, carPlay, providesAppNotificationSettings
    /// Calendar: `requestFullAccessToEvents()` (the default) or `requestWriteOnlyAccessToEvents()`.
    case fullAccess, writeOnly
    /// Location accuracy: the key in `NSLocationTemporaryUsageDescriptionDictionary` passed to
    /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`.
    case purpose(String)

    /// The option's name as written in a flow.
    public var name: String {
        switch self {
        case .whenInUse: "whenInUse"
        case .always: "always"
        case .alert: "alert"
        case .sound: "sound"
        case .badge: "badge"
        case .provisional: "provisional"
        case .criticalAlert: "criticalAlert"
        case .carPlay: "carPlay"
        case .providesAppNotificationSettings: "providesAppNotificationSettings"
        case .fullAccess: "fullAccess"
        case .writeOnly: "writeOnly"
        case .purpose: "purpose"
        }
    }

    /// Parses a flag option by name (`purpose` needs a value and is built by the checker).
    public init?(flag name: String) {
        switch name {
        case "whenInUse": self = .whenInUse
        case "always": self = .always
        case "alert": self = .alert
        case "sound": self = .sound
        case "badge": self = .badge
        case "provisional": self = .provisional
        case "criticalAlert": self = .criticalAlert
        case "carPlay": self = .carPlay
        case "providesAppNotificationSettings": self = .providesAppNotificationSettings
        case "fullAccess": self = .fullAccess
        case "writeOnly": self = .writeOnly
        default: return nil
        }
    }
}
