/// What iOS does with a request made while the app is not active. One place for the fact: the
/// status analysis, `possibleRequestResults` and the simulated device all ask here.
extension PermissionKind {
    /// Whether the prompt is shown only while the app is active: `requestTrackingAuthorization`
    /// "only prompts when the application state is UIApplicationStateActive" (ATTrackingManager
    /// docs); called at any other time it completes at once without asking.
    public var promptsOnlyWhileActive: Bool { self == .tracking }

    /// What a request that would prompt returns instead while the app is not active: the current
    /// status, unchanged (for tracking, `notDetermined`, the only status it prompts from).
    public func resultWhileInactive(from current: Status) -> Status { current }
}
