#if canImport(UIKit) && canImport(AVFoundation)
    import AVFoundation
    import FlowModel
    import PermissionFlowApple
    import PermissionFlowAppleSupport

    /// Camera: `AVCaptureDevice` for video. Class methods only, so nothing non-Sendable is held.
    @available(iOS 17.0, *)
    enum CameraAccess {
        static func statusRawValue() -> Int {
            AVCaptureDevice.authorizationStatus(for: .video).rawValue
        }

        /// Completes after the prompt (or at once when there is none); the Bool is not needed, the
        /// status is read again.
        static func request() async {
            _ = await AVCaptureDevice.requestAccess(for: .video)
        }

        /// Whether a camera faces that way (`capability camera` / `frontCamera`). The wide-angle
        /// camera is on every iPhone and iPad that has a camera at all.
        static func isPresent(front: Bool) -> Bool {
            AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: front ? .front : .back) != nil
        }
    }

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// Camera (AVFoundation) and the `camera` / `frontCamera` checks. Info.plist: NSCameraUsageDescription.
        public static var camera: ApplePermissionModule {
            ApplePermissionModule(.camera) { _ in CameraModule() }
        }
    }

    @available(iOS 17.0, *)
    struct CameraModule: FrameworkModuleAccess {
        var module: AppleModule { .camera }
        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] { [CameraAccess.statusRawValue()] }
        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            await CameraAccess.request()
            return nil
        }
        func isAvailable(_ capability: Capability) async throws -> Bool {
            CameraAccess.isPresent(front: capability == .frontCamera)
        }
    }
#endif
