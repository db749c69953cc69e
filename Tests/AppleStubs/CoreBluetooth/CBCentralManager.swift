// Core Bluetooth, the symbols the Bluetooth backend uses. Transcribed from Apple's documentation.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/corebluetooth/cbmanagerauthorization
@available(iOS 13.0, *)
public enum CBManagerAuthorization: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case allowedAlways = 3
}

// https://developer.apple.com/documentation/corebluetooth/cbmanager
@available(iOS 10.0, *)
open class CBManager: NSObject {
    // https://developer.apple.com/documentation/corebluetooth/cbmanager/authorization-swift.type.property
    @available(iOS 13.1, *)
    open class var authorization: CBManagerAuthorization { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/corebluetooth/cbcentralmanagerdelegate
// Not actor-isolated in the SDK.
public protocol CBCentralManagerDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/corebluetooth/cbcentralmanagerdelegate/centralmanagerdidupdatestate(_:)
    func centralManagerDidUpdateState(_ central: CBCentralManager)
}

// https://developer.apple.com/documentation/corebluetooth/cbcentralmanager
@available(iOS 5.0, *)
open class CBCentralManager: CBManager {
    // https://developer.apple.com/documentation/corebluetooth/cbcentralmanager/init(delegate:queue:options:)
    @available(iOS 7.0, *)
    public init(delegate: (any CBCentralManagerDelegate)?, queue: DispatchQueue?, options: [String: Any]? = nil) {
        super.init()
    }
}

// https://developer.apple.com/documentation/corebluetooth/cbcentralmanageroptionshowpoweralertkey
// swift-format-ignore: AlwaysUseLowerCamelCase
// Apple's name for the constant.
@available(iOS 7.0, *)
public let CBCentralManagerOptionShowPowerAlertKey: String = "kCBInitOptionShowPowerAlert"
