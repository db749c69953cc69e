#if canImport(UIKit) && canImport(Intents)
    import Intents

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
#endif
