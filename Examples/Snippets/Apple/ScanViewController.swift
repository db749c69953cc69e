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
            let result = try await session.run(flow: "scan_receipt")
            if result.outcome == "granted" {
                // Show the camera.
            }
        }
    }
}
