#if canImport(UIKit) && canImport(LocalAuthentication)
    import FlowModel
    import Foundation
    import LocalAuthentication
    import PermissionFlowApple
    import PermissionFlowAppleSupport

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

    /// Face ID: no status API. The status is derived from what `canEvaluatePolicy` reports
    /// (`BiometryStatus`); the request is one `evaluatePolicy`, which shows iOS's permission alert the
    /// first time (with NSFaceIDUsageDescription) and then the scan itself.
    @available(iOS 17.0, *)
    enum FaceIDAccess {
        static func reading() -> BiometryReading {
            let context = LAContext()
            var error: NSError?
            let usable = context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error)
            // A failure without an error object gets code 0, which no LAError has: an
            // UnknownStatusValue rather than a guess.
            return BiometryReading(
                biometryTypeRawValue: context.biometryType.rawValue,
                errorCode: usable ? nil : (error.map(code) ?? 0))
        }

        /// Evaluates once; returns whether the evaluation reached the permission alert
        /// (`BiometryStatus.evaluationReachedAlert`). The evaluation's own failure (the user cancelled
        /// the scan) is not the run's: the status read afterwards is what the flow branches on.
        static func request(reason: String) async -> Bool {
            let context = LAContext()
            do {
                let success = try await context.evaluatePolicy(
                    .deviceOwnerAuthenticationWithBiometrics, localizedReason: reason)
                return BiometryStatus.evaluationReachedAlert(success: success, errorCode: nil)
            } catch {
                return BiometryStatus.evaluationReachedAlert(success: false, errorCode: code(error as NSError))
            }
        }

        /// The `LAError.Code` raw value of an error; an error from another domain gets Int32.min,
        /// which no LAError has.
        private static func code(_ error: NSError) -> Int {
            error.domain == LAErrorDomain ? error.code : Int(Int32.min)
        }
    }

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// Face ID (LocalAuthentication) and the `biometry` check. Info.plist: NSFaceIDUsageDescription.
        public static var faceID: ApplePermissionModule {
            ApplePermissionModule(.faceID) { context in
                FaceIDModule(
                    reason: context.configuration.biometryReason ?? context.faceIDUsageDescription, app: context.app)
            }
        }
    }

    @available(iOS 17.0, *)
    struct FaceIDModule: FrameworkModuleAccess {
        /// What `evaluatePolicy` shows (Touch ID shows it; Face ID's alert shows the usage description).
        let reason: String?
        let app: AppLifecycle
        var module: AppleModule { .faceID }

        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] {
            // No status API: FrameworkPermissionSystem reads Face ID through biometryReading().
            preconditionFailure("faceID has no raw status value")
        }

        func biometryReading() async throws -> BiometryReading { FaceIDAccess.reading() }

        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            guard let reason, !reason.isEmpty else { throw ApplePermissionSystem.Failure.noBiometryReason }
            try await app.waitUntilActive()
            return await FaceIDAccess.request(reason: reason)
        }

        func isAvailable(_ capability: Capability) async throws -> Bool { BiometryCapability.isPresent() }
    }
#endif
