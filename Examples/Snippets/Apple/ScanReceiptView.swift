import SwiftUI
import PermissionFlow
import PermissionFlowUI

/// The screen that asks for the camera before scanning. `system` is what answers for iOS: the
/// Apple backend on a phone, a `SimulatedDevice` in previews and tests.
struct ScanReceiptView: View {
    @State private var session: FlowSession

    init(system: any PermissionSystem) throws {
        // Every .flow in the app's Flows folder, loaded and checked once.
        let library = try FlowLibrary(bundle: .main, subdirectory: "Flows")
        let session = FlowSession(program: try library.program(for: "scan_receipt"), system: system,
                                  store: UserDefaultsCheckpointStore())
        _session = State(wrappedValue: session)
    }

    var body: some View {
        VStack(spacing: 12) {
            Text(verbatim: session.outcome == "granted" ? "Ready to scan" : "Camera needed")
        }
        .flowAlerts(for: session)
        .task {
            // Runs when the screen appears (and resumes after a relaunch from Settings);
            // leaving the screen cancels the run.
            _ = try? await session.run(flow: "scan_receipt")
        }
    }
}
