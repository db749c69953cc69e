// AppTrackingTransparency, the symbols the tracking backend uses. Transcribed from Apple's
// documentation.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager
@available(iOS 14.0, *)
open class ATTrackingManager: NSObject {
    // https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/authorizationstatus
    // (NS_ENUM(NSUInteger): NotDetermined = 0, Restricted, Denied, Authorized)
    @available(iOS 14.0, *)
    public enum AuthorizationStatus: UInt, Sendable {
        case notDetermined = 0
        case restricted = 1
        case denied = 2
        case authorized = 3
    }

    // https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/trackingauthorizationstatus
    open class var trackingAuthorizationStatus: ATTrackingManager.AuthorizationStatus { fatalError("interface stub") }

    // https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/requesttrackingauthorization(completionhandler:)
    // (the async form Swift imports)
    open class func requestTrackingAuthorization() async -> ATTrackingManager.AuthorizationStatus {
        fatalError("interface stub")
    }
}
