#if canImport(UIKit) && canImport(Speech)
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
#endif
