import FlowModel

/// Where the linter takes an app to be inactive when it asks. A flow runs in the foreground
/// (a button was just tapped, or the app came back from Settings), so the only inactive moment
/// a flow can reach is a system prompt that is still on screen or going away: prompts are shown
/// out of process and make the app briefly inactive. Requests from the background (a
/// notification action, a background task) are not something a flow describes.
///
/// Kept in FlowLint until the catalog's one-spec-per-kind record can hold it.
extension PermissionKind {
    /// Whether iOS drops this kind's request, showing nothing, when it is made straight from
    /// another prompt's completion. Only App Tracking Transparency documents that it needs an
    /// *active* app: "Calls to the API only prompt when the application state is
    /// UIApplicationStateActive"
    /// (https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/requesttrackingauthorization(completionhandler:)),
    /// and Apple's forum answer adds that privacy prompts are displayed out of process,
    /// temporarily placing the app into the inactive state
    /// (https://developer.apple.com/forums/thread/751682). Location asks only for the
    /// *foreground* ("Your app must be in the foreground to show a location authorization
    /// prompt",
    /// https://developer.apple.com/documentation/corelocation/cllocationmanager/requestwheninuseauthorization()):
    /// an app whose prompt is going away is still in the foreground, so a location request there
    /// prompts. Local Network is denied silently only in the background (TN3179).
    var dropsRequestWhilePromptFinishing: Bool {
        switch self {
        case .tracking: true
        case .camera, .microphone, .photos, .photosAddOnly, .location, .locationAccuracy, .notifications, .contacts,
            .calendar, .reminders, .bluetooth, .motion, .speech, .mediaLibrary, .health, .faceID, .localNetwork, .siri,
            .homeKit, .alarmKit:
            false
        }
    }
}
