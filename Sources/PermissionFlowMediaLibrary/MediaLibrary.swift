#if canImport(UIKit) && canImport(MediaPlayer)
    import FlowModel
    import MediaPlayer
    import PermissionFlowApple
    import PermissionFlowAppleSupport

    /// Media & Apple Music: `MPMediaLibrary`. Its handler, like Speech's, comes on a background queue.
    @available(iOS 17.0, *)
    enum MediaLibraryAccess {
        static func statusRawValue() -> Int {
            MPMediaLibrary.authorizationStatus().rawValue
        }

        static func request() async -> Int {
            await withCheckedContinuation { (done: CheckedContinuation<Int, Never>) in
                MPMediaLibrary.requestAuthorization { @Sendable status in done.resume(returning: status.rawValue) }
            }
        }
    }

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// Media & Apple Music (MediaPlayer). Info.plist: NSAppleMusicUsageDescription.
        public static var mediaLibrary: ApplePermissionModule {
            ApplePermissionModule(.mediaLibrary) { _ in MediaLibraryModule() }
        }
    }

    @available(iOS 17.0, *)
    struct MediaLibraryModule: FrameworkModuleAccess {
        var module: AppleModule { .mediaLibrary }
        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] { [MediaLibraryAccess.statusRawValue()] }
        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            _ = await MediaLibraryAccess.request()
            return nil
        }
    }
#endif
