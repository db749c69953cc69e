// Photos, the symbols the photos backend uses. Transcribed from Apple's documentation.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/photos/phaccesslevel
// (PhotosTypes.h: AddOnly = 1, ReadWrite = 2)
@available(iOS 14.0, *)
public enum PHAccessLevel: Int, Sendable {
    case addOnly = 1
    case readWrite = 2
}

// https://developer.apple.com/documentation/photos/phauthorizationstatus
@available(iOS 8.0, *)
public enum PHAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3
    @available(iOS 14.0, *)
    case limited = 4
}

// https://developer.apple.com/documentation/photos/phphotolibrary
@available(iOS 8.0, *)
open class PHPhotoLibrary: NSObject {
    // https://developer.apple.com/documentation/photos/phphotolibrary/authorizationstatus(for:)
    @available(iOS 14.0, *)
    open class func authorizationStatus(for accessLevel: PHAccessLevel) -> PHAuthorizationStatus {
        fatalError("interface stub")
    }

    // https://developer.apple.com/documentation/photos/phphotolibrary/requestauthorization(for:handler:)
    // (the async form Swift imports)
    @available(iOS 14.0, *)
    open class func requestAuthorization(for accessLevel: PHAccessLevel) async -> PHAuthorizationStatus {
        fatalError("interface stub")
    }
}
