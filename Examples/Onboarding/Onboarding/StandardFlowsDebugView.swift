import PermissionFlow
import PermissionFlowUI
import SwiftUI

/// The debug screen (launch the app with the argument `-standard-flows-debug`, set in the scheme's
/// Run > Arguments): one line per linked kind with how its standard flow ended, a button that runs
/// them all in one pass and one per kind; the running flow's alerts show over it. Typechecked
/// against the stubs only (Scripts/typecheck-apple.sh), never run here.
struct StandardFlowsDebugView: View {
    let model: StandardFlowsDebugModel

    var body: some View {
        VStack(spacing: 12) {
            Text(verbatim: "Standard flows")
            Button("Run all") {
                Task { await model.runAll() }
            }
            ForEach(model.kinds, id: \.self) { kind in
                HStack(spacing: 8) {
                    Text(verbatim: model.lines[model.kinds.firstIndex(of: kind) ?? 0])
                    Spacer()
                    Button("Run") {
                        Task { await model.run(kind) }
                    }
                }
            }
        }
        .padding(24)
        .flowAlerts(for: model.current)
    }
}
