// AVFAudio, the symbols the microphone backend uses. Transcribed from Apple's documentation and
// AVFAudio/AVAudioApplication.h.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/avfaudio/avaudioapplication/recordpermission-swift.enum
// The SDK names this enum AVAudioApplication.recordPermission (NS_SWIFT_NAME), the same as the
// property below; Swift source cannot declare both in one class, so the stub keeps the C name.
// Code here only reads the property's rawValue, which typechecks the same against either.
// (FourCC values: 'undt', 'deny', 'grnt'.)
@available(iOS 17.0, *)
public enum AVAudioApplicationRecordPermission: Int, Sendable {
    case undetermined = 1_970_168_948
    case denied = 1_684_369_017
    case granted = 1_735_552_628
}

// https://developer.apple.com/documentation/avfaudio/avaudioapplication
// NS_SWIFT_SENDABLE in the header.
@available(iOS 17.0, *)
public final class AVAudioApplication: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/avfaudio/avaudioapplication/shared
    public class var shared: AVAudioApplication { fatalError("interface stub") }

    // https://developer.apple.com/documentation/avfaudio/avaudioapplication/recordpermission-swift.property
    public var recordPermission: AVAudioApplicationRecordPermission { fatalError("interface stub") }

    // https://developer.apple.com/documentation/avfaudio/avaudioapplication/requestrecordpermission(completionhandler:)
    // (the async form Swift imports)
    public class func requestRecordPermission() async -> Bool { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/avfaudio/avaudiosession
@available(iOS 3.0, *)
open class AVAudioSession: NSObject {
    // https://developer.apple.com/documentation/avfaudio/avaudiosession/sharedinstance()
    open class func sharedInstance() -> AVAudioSession { fatalError("interface stub") }

    // https://developer.apple.com/documentation/avfaudio/avaudiosession/isinputavailable
    @available(iOS 6.0, *)
    open var isInputAvailable: Bool { fatalError("interface stub") }
}
