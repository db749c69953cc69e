#if canImport(UIKit) && canImport(AVFAudio)
    import AVFAudio

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
#endif
