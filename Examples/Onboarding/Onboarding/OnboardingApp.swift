import Foundation
import PermissionFlow
import SwiftUI

@main
struct OnboardingApp: App {
    @State private var model: OnboardingModel
    /// The debug screen's model, when the app was launched with `-standard-flows-debug`.
    @State private var debug: StandardFlowsDebugModel?

    init() {
        let system = OnboardingApp.permissionSystem()
        _model = State(wrappedValue: OnboardingModel(system: system))
        _debug = State(
            wrappedValue: ProcessInfo.processInfo.arguments.contains("-standard-flows-debug")
                ? StandardFlowsDebugModel(
                    system: system, store: UserDefaultsCheckpointStore(key: "standard-flows-debug"))
                : nil)
    }

    var body: some Scene {
        WindowGroup {
            if let debug {
                StandardFlowsDebugView(model: debug)
            } else {
                OnboardingView(model: model)
            }
        }
    }
}
