#if canImport(UIKit) && canImport(LocalAuthentication)
import Foundation
import LocalAuthentication

/// `capability biometry`: Face ID, Touch ID or Optic ID hardware. `biometryType` is only set after
/// `canEvaluatePolicy` ran, and is set even when no finger or face is enrolled.
@available(iOS 17.0, *)
enum BiometryCapability {
    static func isPresent() -> Bool {
        let context = LAContext()
        var error: NSError?
        _ = context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error)
        return context.biometryType != .none
    }
}
#endif
