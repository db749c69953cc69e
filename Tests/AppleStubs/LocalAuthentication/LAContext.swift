// LocalAuthentication, the symbols the biometry capability check uses. Transcribed from Apple's
// documentation.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/localauthentication/lapolicy
@available(iOS 8.0, *)
public enum LAPolicy: Int, Sendable {
    // https://developer.apple.com/documentation/localauthentication/lapolicy/deviceownerauthenticationwithbiometrics
    case deviceOwnerAuthenticationWithBiometrics = 1
}

// https://developer.apple.com/documentation/localauthentication/labiometrytype
@available(iOS 11.0, *)
public enum LABiometryType: Int, Sendable {
    case none = 0
    case touchID = 1
    case faceID = 2
}

// https://developer.apple.com/documentation/localauthentication/lacontext
// Not Sendable.
@available(iOS 8.0, *)
open class LAContext: NSObject {
    // https://developer.apple.com/documentation/localauthentication/lacontext/canevaluatepolicy(_:error:)
    // The SDK's parameter is NSErrorPointer (AutoreleasingUnsafeMutablePointer<NSError?>?), which
    // Foundation on Linux lacks; `&error` on an `NSError?` passes to either.
    open func canEvaluatePolicy(_ policy: LAPolicy, error: UnsafeMutablePointer<NSError?>?) -> Bool { fatalError("interface stub") }

    // https://developer.apple.com/documentation/localauthentication/lacontext/biometrytype
    @available(iOS 11.0, *)
    open var biometryType: LABiometryType { fatalError("interface stub") }
}
