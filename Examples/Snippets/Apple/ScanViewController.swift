import PermissionFlow
import PermissionFlowUI
import UIKit

/// The same flow from UIKit: the presenter shows each alert with UIAlertController.
final class ScanViewController: UIViewController {
    var session: FlowSession?

    func scanTapped() {
        guard let session else { return }
        session.presenter = UIKitFlowPresenter(presentingFrom: self)
        Task {
            switch try await session.run(Flows.scanReceipt) {
            case .granted: break  // Show the camera.
            case .denied: break  // Keep the manual entry.
            }
        }
    }
}
