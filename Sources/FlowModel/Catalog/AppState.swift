/// What iOS does with a request made while the app is not active. One place for the fact: the
/// status analysis, `possibleRequestResults` and the simulated device all ask here.
extension PermissionKind {
    /// What a request from an app that is not active completes with, where iOS shows no prompt
    /// to such an app; nil where the prompt is shown anyway. Tracking (requestTrackingAuthorization
    /// "only prompts when the application state is UIApplicationStateActive") and location ("your
    /// app must be in the foreground to show a location authorization prompt") return the current
    /// status; Local Network is denied silently in the background (TN3179).
    public func resultWhileInactive(current: Status) -> Status? {
        switch spec.whileInactive {
        case .promptShown: nil
        case .keepsStatus: current
        case .denied: .denied
        }
    }

    /// Whether the prompt is shown only while the app is active.
    public var promptsOnlyWhileActive: Bool { resultWhileInactive(current: .notDetermined) != nil }
}
