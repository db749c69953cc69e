#if canImport(UIKit) && canImport(Speech)
    import FlowModel
    import PermissionFlowApple
    import PermissionFlowAppleSupport
    import Speech

    /// Speech recognition: `SFSpeechRecognizer.requestAuthorization(_:)`, whose handler runs on a
    /// background queue. The handler is `@Sendable` and this function nonisolated, so it carries no
    /// actor isolation for Swift 6's runtime check to trap on when iOS calls it off the main thread.
    @available(iOS 17.0, *)
    enum SpeechAccess {
        static func statusRawValue() -> Int {
            SFSpeechRecognizer.authorizationStatus().rawValue
        }

        static func request() async -> Int {
            await withCheckedContinuation { (done: CheckedContinuation<Int, Never>) in
                SFSpeechRecognizer.requestAuthorization { @Sendable status in done.resume(returning: status.rawValue) }
            }
        }
    }

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// Speech recognition (Speech). Info.plist: NSSpeechRecognitionUsageDescription.
        public static var speech: ApplePermissionModule {
            ApplePermissionModule(.speech) { _ in SpeechModule() }
        }
    }

    @available(iOS 17.0, *)
    struct SpeechModule: FrameworkModuleAccess {
        var module: AppleModule { .speech }
        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] { [SpeechAccess.statusRawValue()] }
        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            _ = await SpeechAccess.request()
            return nil
        }
    }
#endif
