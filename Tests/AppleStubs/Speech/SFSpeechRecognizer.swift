// Speech, the symbols the speech-recognition backend uses. Transcribed from Apple's documentation.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/speech/sfspeechrecognizerauthorizationstatus
// (NotDetermined = 0, Denied, Restricted, Authorized: denied comes before restricted)
@available(iOS 10.0, *)
public enum SFSpeechRecognizerAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case denied = 1
    case restricted = 2
    case authorized = 3
}

// https://developer.apple.com/documentation/speech/sfspeechrecognizer
@available(iOS 10.0, *)
open class SFSpeechRecognizer: NSObject {
    // https://developer.apple.com/documentation/speech/sfspeechrecognizer/authorizationstatus()
    open class func authorizationStatus() -> SFSpeechRecognizerAuthorizationStatus { fatalError("interface stub") }

    // https://developer.apple.com/documentation/speech/sfspeechrecognizer/requestauthorization(_:)
    // The handler is called on a background queue.
    open class func requestAuthorization(_ handler: @escaping (SFSpeechRecognizerAuthorizationStatus) -> Void) {}
}
