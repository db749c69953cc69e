// LocalAuthentication, the symbols the biometry capability check and the Face ID backend use.
// Transcribed from Apple's documentation and LocalAuthentication/LAPublicDefines.h.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/localauthentication/lapolicy
@available(iOS 8.0, *)
public enum LAPolicy: Int, Sendable {
    // https://developer.apple.com/documentation/localauthentication/lapolicy/deviceownerauthenticationwithbiometrics
    case deviceOwnerAuthenticationWithBiometrics = 1
}

// https://developer.apple.com/documentation/localauthentication/labiometrytype
// (LAContext.h: none = 0, touchID = 1, faceID = 2, opticID = 4)
@available(iOS 11.0, *)
public enum LABiometryType: Int, Sendable {
    case none = 0
    case touchID = 1
    case faceID = 2
    @available(iOS 17.0, *)
    case opticID = 4
}

// https://developer.apple.com/documentation/localauthentication/laerrordomain
// The domain of the NSError the evaluation fails with; its code is an LAError.Code raw value.
// swift-format-ignore: AlwaysUseLowerCamelCase
// Apple's name for the constant.
@available(iOS 8.3, *)
public let LAErrorDomain: String = "com.apple.LocalAuthentication"

// https://developer.apple.com/documentation/localauthentication/lacontext
// Not Sendable.
@available(iOS 8.0, *)
open class LAContext: NSObject {
    // https://developer.apple.com/documentation/localauthentication/lacontext/canevaluatepolicy(_:error:)
    // The SDK's parameter is NSErrorPointer (AutoreleasingUnsafeMutablePointer<NSError?>?), which
    // Foundation on Linux lacks; `&error` on an `NSError?` passes to either.
    open func canEvaluatePolicy(_ policy: LAPolicy, error: UnsafeMutablePointer<NSError?>?) -> Bool {
        fatalError("interface stub")
    }

    // https://developer.apple.com/documentation/localauthentication/lacontext/evaluatepolicy(_:localizedreason:reply:)
    // The async form Swift imports from evaluatePolicy:localizedReason:reply:. The first call
    // with Face ID shows the permission alert (NSFaceIDUsageDescription) before the scan.
    open func evaluatePolicy(_ policy: LAPolicy, localizedReason: String) async throws -> Bool {
        fatalError("interface stub")
    }

    // https://developer.apple.com/documentation/localauthentication/lacontext/biometrytype
    @available(iOS 11.0, *)
    open var biometryType: LABiometryType { fatalError("interface stub") }
}
