import FlowModel

/// `UNAuthorizationOptions`, by the bits UserNotifications/UNUserNotificationCenter.h declares:
/// badge 1<<0, sound 1<<1, alert 1<<2, carPlay 1<<3, criticalAlert 1<<4 (iOS 12),
/// providesAppNotificationSettings 1<<5 (iOS 12), provisional 1<<6 (iOS 12).
/// https://developer.apple.com/documentation/usernotifications/unauthorizationoptions
public enum NotificationAuthorizationOptions {
    public static let badge: UInt = 1 << 0
    public static let sound: UInt = 1 << 1
    public static let alert: UInt = 1 << 2
    public static let carPlay: UInt = 1 << 3
    public static let criticalAlert: UInt = 1 << 4
    public static let providesAppNotificationSettings: UInt = 1 << 5
    public static let provisional: UInt = 1 << 6

    /// The options' raw value for `requestAuthorization(options:)`. A request that names no way to
    /// notify (`request notifications`, or only `provisional` / `providesAppNotificationSettings`)
    /// asks for alert, sound and badge, as Apple's own examples and the permission libraries do:
    /// with no presentation option the app would be authorized to show nothing.
    public static func rawValue(for options: [RequestOption]) -> UInt {
        var bits: UInt = 0
        for option in options {
            switch option {
            case .alert: bits |= alert
            case .sound: bits |= sound
            case .badge: bits |= badge
            case .carPlay: bits |= carPlay
            case .criticalAlert: bits |= criticalAlert
            case .providesAppNotificationSettings: bits |= providesAppNotificationSettings
            case .provisional: bits |= provisional
            case .whenInUse, .always, .fullAccess, .writeOnly, .purpose: break
            }
        }
        if bits & (alert | sound | badge | carPlay | criticalAlert) == 0 { bits |= alert | sound | badge }
        return bits
    }
}

/// Which Core Location request a `request location(...)` / `request locationAccuracy(...)` makes.
public enum LocationRequest: Hashable, Sendable {
    /// `requestWhenInUseAuthorization()` (the default).
    case whenInUse
    /// `requestAlwaysAuthorization()`.
    case always
    /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)` with the purpose key.
    case temporaryFullAccuracy(purposeKey: String)

    /// The request for a kind and its options, or nil for a kind that is not location's.
    public static func of(_ kind: PermissionKind, options: [RequestOption]) -> LocationRequest? {
        if kind == .location { return options.contains(.always) ? .always : .whenInUse }
        guard kind == .locationAccuracy else { return nil }
        for case .purpose(let key) in options { return .temporaryFullAccuracy(purposeKey: key) }
        return .temporaryFullAccuracy(purposeKey: "")
    }
}

/// Which EventKit request a calendar or reminders request makes (iOS 17 API).
public enum EventAccessRequest: Hashable, Sendable {
    /// `requestFullAccessToEvents()` (the default for calendar).
    case fullAccessToEvents
    /// `requestWriteOnlyAccessToEvents()`.
    case writeOnlyAccessToEvents
    /// `requestFullAccessToReminders()`.
    case fullAccessToReminders

    public static func of(_ kind: PermissionKind, options: [RequestOption]) -> EventAccessRequest? {
        if kind == .calendar { return options.contains(.writeOnly) ? .writeOnlyAccessToEvents : .fullAccessToEvents }
        return kind == .reminders ? .fullAccessToReminders : nil
    }

    /// `EKEntityType` raw value for the status API (EventKit/EKTypes.h: event = 0, reminder = 1).
    public var entityTypeRawValue: UInt {
        self == .fullAccessToReminders ? 1 : 0
    }
}

/// `PHAccessLevel` raw values (Photos/PhotosTypes.h, iOS 14: addOnly = 1, readWrite = 2).
public enum PhotosAccessLevel {
    public static func rawValue(for kind: PermissionKind) -> Int? {
        kind == .photos ? 2 : kind == .photosAddOnly ? 1 : nil
    }
}
