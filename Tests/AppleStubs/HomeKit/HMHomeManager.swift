// HomeKit, the symbols the HomeKit backend uses. Transcribed from Apple's documentation and
// HomeKit/HMHomeManager.h.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/homekit/hmhomemanagerauthorizationstatus
// (NS_OPTIONS(NSUInteger): Determined = 1 << 0, Restricted = 1 << 1, Authorized = 1 << 2)
@available(iOS 13.0, *)
public struct HMHomeManagerAuthorizationStatus: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/homekit/hmhomemanagerauthorizationstatus/determined
    public static let determined = HMHomeManagerAuthorizationStatus(rawValue: 1 << 0)
    // https://developer.apple.com/documentation/homekit/hmhomemanagerauthorizationstatus/restricted
    public static let restricted = HMHomeManagerAuthorizationStatus(rawValue: 1 << 1)
    // https://developer.apple.com/documentation/homekit/hmhomemanagerauthorizationstatus/authorized
    public static let authorized = HMHomeManagerAuthorizationStatus(rawValue: 1 << 2)
}

// https://developer.apple.com/documentation/homekit/hmhomemanagerdelegate
// The SDK's requirements are @objc optional; only the one used is declared, required. Not
// actor-isolated in the SDK.
public protocol HMHomeManagerDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/homekit/hmhomemanagerdelegate/homemanager(_:didupdate:)
    @available(iOS 13.0, *)
    func homeManager(_ manager: HMHomeManager, didUpdate status: HMHomeManagerAuthorizationStatus)
}

// https://developer.apple.com/documentation/homekit/hmhomemanager
// Not Sendable. "The first time your app uses the HomeKit framework—typically, when you create a
// HMHomeManager instance—the system automatically prompts the user" (authorizationStatus).
@available(iOS 8.0, *)
open class HMHomeManager: NSObject {
    // https://developer.apple.com/documentation/homekit/hmhomemanager/init()
    public override init() { super.init() }

    // https://developer.apple.com/documentation/homekit/hmhomemanager/delegate
    weak open var delegate: (any HMHomeManagerDelegate)?

    // https://developer.apple.com/documentation/homekit/hmhomemanager/authorizationstatus
    @available(iOS 13.0, *)
    open var authorizationStatus: HMHomeManagerAuthorizationStatus { fatalError("interface stub") }
}
