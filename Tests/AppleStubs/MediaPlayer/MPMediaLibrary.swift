// MediaPlayer, the symbols the media-library backend uses. Transcribed from Apple's documentation.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/mediaplayer/mpmedialibraryauthorizationstatus
// (NotDetermined = 0, Denied, Restricted, Authorized)
@available(iOS 9.3, *)
public enum MPMediaLibraryAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case denied = 1
    case restricted = 2
    case authorized = 3
}

// https://developer.apple.com/documentation/mediaplayer/mpmedialibrary
@available(iOS 3.0, *)
open class MPMediaLibrary: NSObject {
    // https://developer.apple.com/documentation/mediaplayer/mpmedialibrary/authorizationstatus()
    @available(iOS 9.3, *)
    open class func authorizationStatus() -> MPMediaLibraryAuthorizationStatus { fatalError("interface stub") }

    // https://developer.apple.com/documentation/mediaplayer/mpmedialibrary/requestauthorization(_:)
    @available(iOS 9.3, *)
    // The page declares the handler @Sendable.
    open class func requestAuthorization(_ handler: @escaping @Sendable (MPMediaLibraryAuthorizationStatus) -> Void) {}
}
