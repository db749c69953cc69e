import PermissionFlow
import PermissionFlowUI
import SwiftUI

/// The scan screen for an app that still supports iOS 15 and 16. The view owns the session as a
/// `@StateObject`: below iOS 17 SwiftUI sees the session change through `objectWillChange`, from
/// iOS 17 through Observation, so the same view works on both. `system` is the app's own
/// `PermissionSystem` below iOS 17 (the Apple modules need iOS 17).
struct ScanReceiptViewIOS15: View {
    @StateObject private var session: FlowSession
    @State private var outcome: Flows.ScanReceipt.Outcome?
    @State private var problem: String?

    init(program: Program, system: any PermissionSystem) {
        _session = StateObject(
            wrappedValue: FlowSession(program: program, system: system, store: UserDefaultsCheckpointStore()))
    }

    var body: some View {
        VStack(spacing: 12) {
            Text(verbatim: problem ?? (outcome == .granted ? "Ready to scan" : "Camera needed"))
        }
        .flowAlerts(for: session)
        .task { await askForCamera() }
    }

    private func askForCamera() async {
        do {
            outcome = try await session.run(Flows.scanReceipt)
        } catch {
            problem = "\(error)"
        }
    }
}
