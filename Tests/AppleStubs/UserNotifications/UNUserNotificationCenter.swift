// UserNotifications, the symbols the notifications backend uses. Transcribed from Apple's
// documentation and UserNotifications/UNUserNotificationCenter.h, UNNotificationSettings.h.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/usernotifications/unauthorizationoptions
@available(iOS 10.0, *)
public struct UNAuthorizationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // The members (badge 1<<0 ... provisional 1<<6) are not declared: the backend builds the
    // value from PermissionFlowAppleSupport.NotificationAuthorizationOptions.
}

// https://developer.apple.com/documentation/usernotifications/unauthorizationstatus
@available(iOS 10.0, *)
public enum UNAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case denied = 1
    case authorized = 2
    @available(iOS 12.0, *)
    case provisional = 3
    @available(iOS 14.0, *)
    case ephemeral = 4
}

// https://developer.apple.com/documentation/usernotifications/unnotificationsettings
// Not Sendable.
@available(iOS 10.0, *)
open class UNNotificationSettings: NSObject {
    // https://developer.apple.com/documentation/usernotifications/unnotificationsettings/authorizationstatus
    open var authorizationStatus: UNAuthorizationStatus { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter
// Declared not Sendable here: the stricter reading, so code that typechecks against it also
// typechecks against an SDK that marks the center Sendable.
@available(iOS 10.0, *)
open class UNUserNotificationCenter: NSObject {
    // https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/current()
    open class func current() -> UNUserNotificationCenter { fatalError("interface stub") }

    // https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/requestauthorization(options:completionhandler:)
    // (the async form Swift imports)
    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        fatalError("interface stub")
    }

    // https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/notificationsettings()
    open func notificationSettings() async -> UNNotificationSettings { fatalError("interface stub") }
}
