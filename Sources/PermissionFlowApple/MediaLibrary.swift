#if canImport(UIKit) && canImport(MediaPlayer)
    import MediaPlayer

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
#endif
