/// What iOS does with a request made while the app is not active (`PermissionSpec.whileInactive`).
/// One place for the fact: the status analysis, `possibleRequestResults` and the simulated device
/// all ask here.
extension PermissionKind {
    /// What a request made while another system prompt is on screen or finishing completes with,
    /// where iOS shows no prompt then; nil where the prompt is shown. Only tracking: ATT is the
    /// one kind whose documentation asks for an *active* app; location asks for the foreground,
    /// which an app whose prompt is going away still is.
    public func resultWhilePromptFinishing(current: Status) -> Status? {
        Self.result(spec.whileInactive.whilePromptFinishing, current: current)
    }

    /// What a request from an app in the background completes with, where iOS shows no prompt
    /// there; nil where the prompt is shown. Tracking, location and temporary full accuracy
    /// return the current status; Local Network is denied silently (TN3179).
    public func resultInBackground(current: Status) -> Status? {
        Self.result(spec.whileInactive.inBackground, current: current)
    }

    /// Whether iOS drops this kind's request, showing nothing, when it is made straight from
    /// another prompt's completion (FL1203, FL1210).
    public var dropsRequestWhilePromptFinishing: Bool { spec.whileInactive.whilePromptFinishing != .promptShown }

    /// Whether the prompt can be withheld from an app that is not active in either way (inactive
    /// or in the background): what the Apple backend asks when it infers, from the statuses
    /// alone, whether a prompt appeared.
    public var promptsOnlyWhileActive: Bool {
        spec.whileInactive.whilePromptFinishing != .promptShown || spec.whileInactive.inBackground != .promptShown
    }

    private static func result(_ r: InactiveResult, current: Status) -> Status? {
        switch r {
        case .promptShown: nil
        case .keepsStatus: current
        case .denied: .denied
        }
    }
}
