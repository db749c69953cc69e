import PermissionFlow
import SwiftUI

@main
struct OnboardingApp: App {
    @State private var model = OnboardingModel(system: OnboardingApp.permissionSystem())

    var body: some Scene {
        WindowGroup {
            OnboardingView(model: model)
        }
    }
}
