// AVFoundation, the symbols the camera backend uses. Transcribed from Apple's documentation.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/avfoundation/avmediatype
@available(iOS 4.0, *)
public struct AVMediaType: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/avfoundation/avmediatype/video
    public static let video = AVMediaType(rawValue: "vide")
}

// https://developer.apple.com/documentation/avfoundation/avauthorizationstatus
// (AVCaptureDevice.h: NS_ENUM(NSInteger), NotDetermined = 0, Restricted, Denied, Authorized)
@available(iOS 7.0, *)
public enum AVAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3
}

// https://developer.apple.com/documentation/avfoundation/avcapturedevice
@available(iOS 4.0, *)
open class AVCaptureDevice: NSObject {
    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/authorizationstatus(for:)
    @available(iOS 7.0, *)
    open class func authorizationStatus(for mediaType: AVMediaType) -> AVAuthorizationStatus {
        fatalError("interface stub")
    }

    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/requestaccess(for:completionhandler:)
    // (the async form Swift imports)
    @available(iOS 7.0, *)
    open class func requestAccess(for mediaType: AVMediaType) async -> Bool { fatalError("interface stub") }

    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/devicetype-swift.struct
    @available(iOS 10.0, *)
    public struct DeviceType: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/avfoundation/avcapturedevice/devicetype-swift.struct/builtinwideanglecamera
        public static let builtInWideAngleCamera = DeviceType(rawValue: "AVCaptureDeviceTypeBuiltInWideAngleCamera")
    }

    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/position-swift.enum
    @available(iOS 4.0, *)
    public enum Position: Int, Sendable {
        case unspecified = 0
        case back = 1
        case front = 2
    }

    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/default(_:for:position:)
    @available(iOS 10.0, *)
    open class func `default`(
        _ deviceType: AVCaptureDevice.DeviceType, for mediaType: AVMediaType?,
        position: AVCaptureDevice.Position
    ) -> AVCaptureDevice? { fatalError("interface stub") }
}
