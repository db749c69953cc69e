#if canImport(UIKit) && canImport(AVFAudio)
    import AVFAudio
    import FlowModel
    import PermissionFlowApple
    import PermissionFlowAppleSupport

    /// Microphone: `AVAudioApplication` (iOS 17; it is `Sendable`, so `shared` may be read anywhere).
    @available(iOS 17.0, *)
    enum MicrophoneAccess {
        static func statusRawValue() -> Int {
            AVAudioApplication.shared.recordPermission.rawValue
        }

        static func request() async {
            _ = await AVAudioApplication.requestRecordPermission()
        }

        /// `capability microphone`: an audio input route exists.
        static func isInputAvailable() -> Bool {
            AVAudioSession.sharedInstance().isInputAvailable
        }
    }

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// Microphone (AVFAudio) and the `microphone` check. Info.plist: NSMicrophoneUsageDescription.
        public static var microphone: ApplePermissionModule {
            ApplePermissionModule(.microphone) { _ in MicrophoneModule() }
        }
    }

    @available(iOS 17.0, *)
    struct MicrophoneModule: FrameworkModuleAccess {
        var module: AppleModule { .microphone }
        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] { [MicrophoneAccess.statusRawValue()] }
        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            await MicrophoneAccess.request()
            return nil
        }
        func isAvailable(_ capability: Capability) async throws -> Bool { MicrophoneAccess.isInputAvailable() }
    }
#endif
