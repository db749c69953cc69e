#if canImport(UIKit) && canImport(Intents)
    import FlowModel
    import Intents
    import PermissionFlowApple
    import PermissionFlowAppleSupport

    /// Siri: `INPreferences.requestSiriAuthorization(_:)`. The app also needs the Siri capability
    /// (entitlement) and `NSSiriUsageDescription`. The handler is `@Sendable` and this function
    /// nonisolated, like Speech's, in case iOS calls it off the main thread.
    @available(iOS 17.0, *)
    enum SiriAccess {
        static func statusRawValue() -> Int {
            INPreferences.siriAuthorizationStatus().rawValue
        }

        static func request() async -> Int {
            await withCheckedContinuation { (done: CheckedContinuation<Int, Never>) in
                INPreferences.requestSiriAuthorization { @Sendable status in done.resume(returning: status.rawValue) }
            }
        }
    }

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// Siri (Intents; the app also needs the Siri capability). Info.plist: NSSiriUsageDescription.
        public static var siri: ApplePermissionModule {
            ApplePermissionModule(.siri) { _ in SiriModule() }
        }
    }

    @available(iOS 17.0, *)
    struct SiriModule: FrameworkModuleAccess {
        var module: AppleModule { .siri }
        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] { [SiriAccess.statusRawValue()] }
        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            _ = await SiriAccess.request()
            return nil
        }
    }
#endif
