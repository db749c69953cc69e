// Core Location, the symbols the location backend uses. Transcribed from Apple's documentation
// and CoreLocation/CLLocationManager.h.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/corelocation/clauthorizationstatus
// (NS_ENUM(int): NotDetermined = 0, Restricted, Denied, AuthorizedAlways, AuthorizedWhenInUse)
@available(iOS 4.2, *)
public enum CLAuthorizationStatus: Int32, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    @available(iOS 8.0, *)
    case authorizedAlways = 3
    @available(iOS 8.0, *)
    case authorizedWhenInUse = 4
}

// https://developer.apple.com/documentation/corelocation/claccuracyauthorization
@available(iOS 14.0, *)
public enum CLAccuracyAuthorization: Int, Sendable {
    case fullAccuracy = 0
    case reducedAccuracy = 1
}

// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate
// The SDK's requirements are @objc optional; Swift without Objective-C cannot say that, so the
// one requirement used has a default implementation instead. Not actor-isolated in the SDK.
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanagerdidchangeauthorization(_:)
    @available(iOS 14.0, *)
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
}

extension CLLocationManagerDelegate {
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanagerdidchangeauthorization(_:)
    // (the SDK's optional requirement: doing nothing is what a delegate that lacks it does)
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
}

// https://developer.apple.com/documentation/corelocation/cllocationmanager
// Not Sendable; delegate calls arrive on the run loop of the thread that created it.
@available(iOS 2.0, *)
open class CLLocationManager: NSObject {
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/locationservicesenabled()
    @available(iOS 4.0, *)
    open class func locationServicesEnabled() -> Bool { fatalError("interface stub") }

    // https://developer.apple.com/documentation/corelocation/cllocationmanager/authorizationstatus
    @available(iOS 14.0, *)
    open var authorizationStatus: CLAuthorizationStatus { fatalError("interface stub") }

    // https://developer.apple.com/documentation/corelocation/cllocationmanager/accuracyauthorization
    @available(iOS 14.0, *)
    open var accuracyAuthorization: CLAccuracyAuthorization { fatalError("interface stub") }

    // https://developer.apple.com/documentation/corelocation/cllocationmanager/delegate
    weak open var delegate: (any CLLocationManagerDelegate)?

    // https://developer.apple.com/documentation/corelocation/cllocationmanager/requestwheninuseauthorization()
    @available(iOS 8.0, *)
    open func requestWhenInUseAuthorization() {}

    // https://developer.apple.com/documentation/corelocation/cllocationmanager/requestalwaysauthorization()
    @available(iOS 8.0, *)
    open func requestAlwaysAuthorization() {}

    // https://developer.apple.com/documentation/corelocation/cllocationmanager/requesttemporaryfullaccuracyauthorization(withpurposekey:completion:)
    @available(iOS 14.0, *)
    // The page declares the completion @Sendable.
    open func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String,
        completion: (@Sendable ((any Error)?) -> Void)? = nil
    ) {}
}
