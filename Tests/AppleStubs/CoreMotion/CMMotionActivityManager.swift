// Core Motion, the symbols the motion backend uses. Transcribed from Apple's documentation.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/coremotion/cmauthorizationstatus
@available(iOS 11.0, *)
public enum CMAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3
}

// https://developer.apple.com/documentation/coremotion/cmmotionactivity
@available(iOS 7.0, *)
open class CMMotionActivity: NSObject {}

// https://developer.apple.com/documentation/coremotion/cmmotionactivityqueryhandler
public typealias CMMotionActivityQueryHandler = ([CMMotionActivity]?, (any Error)?) -> Void

// https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager
// Not Sendable.
@available(iOS 7.0, *)
open class CMMotionActivityManager: NSObject {
    // https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/authorizationstatus()
    @available(iOS 11.0, *)
    open class func authorizationStatus() -> CMAuthorizationStatus { fatalError("interface stub") }

    // https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/queryactivitystarting(from:to:to:withhandler:)
    open func queryActivityStarting(
        from start: Date, to end: Date, to queue: OperationQueue,
        withHandler handler: @escaping CMMotionActivityQueryHandler
    ) {}
}
