import PermissionFlow
import PermissionFlowApple

extension OnboardingApp {
    /// What answers for iOS: Apple's frameworks, through `PermissionFlowApple`. The model's tests
    /// (`Tests/OnboardingModelTests.swift`) pass `SimulatedDevice` instead, and so can a debug
    /// build that wants to try the screens without touching the real permissions.
    @MainActor static func permissionSystem() -> any PermissionSystem {
        ApplePermissionSystem()
    }
}
