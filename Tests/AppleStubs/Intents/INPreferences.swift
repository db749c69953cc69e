// Intents, the symbols the Siri backend uses. Transcribed from Apple's documentation.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/intents/insiriauthorizationstatus
// (NotDetermined = 0, Restricted, Denied, Authorized)
@available(iOS 10.0, *)
public enum INSiriAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3
}

// https://developer.apple.com/documentation/intents/inpreferences
@available(iOS 10.0, *)
open class INPreferences: NSObject {
    // https://developer.apple.com/documentation/intents/inpreferences/siriauthorizationstatus()
    open class func siriAuthorizationStatus() -> INSiriAuthorizationStatus { fatalError("interface stub") }

    // https://developer.apple.com/documentation/intents/inpreferences/requestsiriauthorization(_:)
    // "The block you provide in the handler parameter is executed asynchronously."
    open class func requestSiriAuthorization(_ handler: @escaping (INSiriAuthorizationStatus) -> Void) {}
}
