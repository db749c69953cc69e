import FlowModel
import FlowRuntime

/// Decides, from the status before and after a request, whether iOS showed its prompt and which
/// answer the user chose. No framework says so itself: `requestAccess(for:)` answers a Bool,
/// `requestTrackingAuthorization()` a status, whether or not anything appeared on screen.
///
/// The rule: the catalog says whether iOS prompts from `before` (`PermissionKind.requestBehavior`).
/// If it does not, the request was immediate. If it does, the prompt counts as shown when the
/// status after is one of the prompt's answers, or when it moved at all (a status no answer gives,
/// e.g. `restricted` set by MDM meanwhile: shown, answer unknown). A status that did not move and
/// is no answer (tracking or location from an inactive app, which iOS refuses silently) means no
/// prompt. Where two answers leave the same status ("Allow Once" and "Allow While Using App" both
/// read `authorizedWhenInUse`) the lasting one is reported: iOS offers no API that tells them apart.
/// Where the backend watched the app's lifecycle during the request, that evidence comes first.
public enum PromptInference {
    /// The request's result as the interpreter wants it.
    ///
    /// - Parameters:
    ///   - appWasActive: whether the app was active when it asked; tracking and location prompts
    ///     only appear in an active app.
    ///   - upgradeAvailable: for `location(always)` from `authorizedWhenInUse`, whether this is the
    ///     app's first requestAlwaysAuthorization() (Core Location honours only that one).
    ///   - promptAppeared: what the backend saw of the app's lifecycle during the request, where it
    ///     watched: a system prompt makes the app resign active, so `false` means iOS showed
    ///     nothing (tracking with "Allow Apps to Request to Track" off completes `denied` that way;
    ///     a second requestAlwaysAuthorization() shows nothing at all). Nil when not watched.
    public static func result(
        _ kind: PermissionKind, options: [RequestOption], before: Status, after: Status,
        appWasActive: Bool = true, upgradeAvailable: Bool = true,
        promptAppeared: Bool? = nil
    ) -> RequestResult {
        if promptAppeared == false { return .immediate(after) }
        let behavior = kind.requestBehavior(options: options, current: before, upgradeAvailable: upgradeAvailable)
        guard case .prompt(let answers) = behavior else { return .immediate(after) }
        if !appWasActive, kind.promptsOnlyWhileActive { return .immediate(after) }
        let matching = answers.indices.filter { answers[$0].result == after }
        if let lasting = matching.first(where: { !answers[$0].isTemporary }) ?? matching.first {
            return .answered(answers, index: lasting)
        }
        if after != before { return RequestResult(status: after, prompt: answers, answer: nil) }
        return .immediate(after)
    }
}

/// Whether a request must call the framework at all.
public enum RequestPlan {
    /// False when iOS would show nothing and change nothing (`requestBehavior` is immediate with
    /// the current status), so the backend answers from the status it read and leaves the
    /// framework alone: a second `requestAlwaysAuthorization()` is not wasted, a denied camera is
    /// not asked again. Provisional notifications are immediate too, but the call is what makes
    /// them provisional, so it is made.
    public static func callsFramework(_ kind: PermissionKind, options: [RequestOption], current: Status) -> Bool {
        if case .immediate(let status) = kind.requestBehavior(options: options, current: current), status == current {
            return false
        }
        return true
    }
}
