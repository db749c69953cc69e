import PermissionFlow

extension OnboardingApp {
    /// What answers for iOS. On a phone this is the Apple framework backend (the
    /// `PermissionFlowApple` module's `PermissionSystem`): return it here. Until it is linked, the
    /// app runs on the simulated device, whose user allows every prompt and changes nothing in
    /// Settings, so the onboarding's screens and alerts can be tried in the iOS Simulator.
    static func permissionSystem() -> any PermissionSystem {
        let allow = [Scripted(PromptChoice.label("Allow"))]
        let script = Script(answers: [.camera: allow, .notifications: allow, .tracking: allow],
                            settingsVisits: [Scripted([])])
        do {
            return try SimulatedDevice(script: script)
        } catch {
            preconditionFailure("the default simulated device has no configuration to reject: \(error)")
        }
    }
}
