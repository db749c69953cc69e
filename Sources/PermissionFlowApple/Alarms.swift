#if canImport(UIKit) && canImport(AlarmKit)
    import AlarmKit

    /// AlarmKit (iOS 26): `AlarmManager.shared`. Its `AuthorizationState` has no raw values, so the
    /// exhaustive switch below numbers the cases in Apple's declaration order, as
    /// `StatusTable.alarmManagerAuthorizationState` is keyed; a case newer than the table gives -1, an
    /// `UnknownStatusValue`. Developer-forum reports from the iOS 26 betas say `authorizationState`
    /// read `notDetermined` after a grant (*secondary*); the request then completes without an alert
    /// and the status read afterwards is what the flow sees.
    @available(iOS 26.0, *)
    enum AlarmAccess {
        static func statusRawValue() -> Int {
            declarationIndex(AlarmManager.shared.authorizationState)
        }

        static func request() async throws {
            _ = try await AlarmManager.shared.requestAuthorization()
        }

        private static func declarationIndex(_ state: AlarmManager.AuthorizationState) -> Int {
            switch state {
            case .notDetermined: 0
            case .denied: 1
            case .authorized: 2
            @unknown default: -1
            }
        }
    }
#endif
