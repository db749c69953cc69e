#if canImport(UIKit) && canImport(AVFoundation)
    import AVFoundation

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
#endif
