import PermissionFlow
import PermissionFlowUI
import SwiftUI

/// The onboarding screen: a headline and one line per step; `flowAlerts(for:)` shows the running
/// step's alerts over it.
struct OnboardingView: View {
    let model: OnboardingModel

    var body: some View {
        VStack(spacing: 16) {
            Text(verbatim: model.headline)
            if let error = model.loadError {
                Text(verbatim: error)
            }
            ForEach(model.lines, id: \.self) { line in
                Text(verbatim: line)
            }
        }
        .padding(24)
        .flowAlerts(for: model.current)
        .task { await model.start() }
    }
}
