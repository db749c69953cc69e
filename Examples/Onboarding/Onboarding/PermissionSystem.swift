import PermissionFlow
import PermissionFlowApple
import PermissionFlowCamera
import PermissionFlowNotifications
import PermissionFlowTracking

extension OnboardingApp {
    /// What answers for iOS: Apple's frameworks, one module per framework the flows use, so the
    /// binary references no other permission framework (and App Store processing asks for no other
    /// purpose string). The model's tests (`Tests/OnboardingModelTests.swift`) pass
    /// `SimulatedDevice` instead, and so can a debug build that wants to try the screens without
    /// touching the real permissions.
    @MainActor static func permissionSystem() -> any PermissionSystem {
        ApplePermissionSystem(modules: [.camera, .notifications, .tracking])
    }
}
