import PermissionFlow
import PermissionFlowUI
import SwiftUI

extension FlowLibrary {
    /// Every .flow in the app's Flows folder, loaded and checked once, at first use.
    static let app = Result { () throws(FlowLibraryError) in try FlowLibrary(bundle: .main, subdirectory: "Flows") }
}

/// The screen that asks for the camera before scanning. `system` is what answers for iOS: the
/// Apple backend on a phone, a `SimulatedDevice` in previews and tests. `Flows.scanReceipt` is
/// the type the build plugin generates for the flow: its outcome is an enum, not a string.
struct ScanReceiptView: View {
    let system: any PermissionSystem
    @State private var session: FlowSession?
    @State private var outcome: Flows.ScanReceipt.Outcome?
    @State private var problem: String?

    var body: some View {
        VStack(spacing: 12) {
            Text(verbatim: problem ?? (outcome == .granted ? "Ready to scan" : "Camera needed"))
        }
        .flowAlerts(for: session)
        // Runs when the screen appears (and resumes after a relaunch from Settings); leaving the
        // screen cancels the task, and with it the run.
        .task { await askForCamera() }
    }

    private func askForCamera() async {
        do {
            let program = try FlowLibrary.app.get().program(for: Flows.ScanReceipt.flowName)
            let session = FlowSession(program: program, system: system, store: UserDefaultsCheckpointStore())
            self.session = session
            outcome = try await session.run(Flows.scanReceipt)
            if outcome == .granted {
                // Show the camera.
            }
        } catch {
            problem = "\(error)"
        }
    }
}
