#if canImport(UIKit)
    import UIKit
    import FlowModel
    import FlowRuntime
    import PermissionFlowSession

    /// Shows a session's alerts with `UIAlertController`, presented from `viewController`. Set it as
    /// the session's `presenter`. A presentation UIKit would refuse (the view controller is not in a
    /// window, or already presents something) is reported as an error, so the run ends with a device
    /// error naming the alert instead of waiting for a tap that cannot come.
    @MainActor public final class UIKitFlowPresenter: FlowAlertPresenter {
        /// Why an alert could not be put on screen.
        public enum PresentationError: Error, Hashable, Sendable, CustomStringConvertible {
            case noViewController
            case notInWindow
            case alreadyPresenting(String)
            case refused

            public var description: String {
                switch self {
                case .noViewController: "the presenting view controller is gone"
                case .notInWindow: "the presenting view controller's view is not in a window"
                case .alreadyPresenting(let other): "the presenting view controller already presents \(other)"
                case .refused: "UIKit did not present the alert"
                }
            }
        }

        public private(set) weak var viewController: UIViewController?
        private var shown: (id: Int, controller: UIAlertController)?

        public init(presentingFrom viewController: UIViewController) {
            self.viewController = viewController
        }

        public func show(_ request: AlertRequest, of session: FlowSession) throws {
            guard let host = viewController else { throw PresentationError.noViewController }
            guard host.viewIfLoaded?.window != nil else { throw PresentationError.notInWindow }
            if let other = host.presentedViewController, !other.isBeingDismissed {
                throw PresentationError.alreadyPresenting(String(describing: type(of: other)))
            }
            let controller = UIAlertController(title: request.title, message: request.message, preferredStyle: .alert)
            for (index, button) in request.buttons.enumerated() {
                let style: UIAlertAction.Style =
                    switch button.role {
                    case .default: .default
                    case .cancel: .cancel
                    case .destructive: .destructive
                    }
                controller.addAction(
                    UIAlertAction(title: button.label, style: style) { [weak session] _ in
                        try? session?.tap(index, of: request)
                    })
            }
            host.present(controller, animated: true)
            // UIKit does not throw: a presentation it refuses only logs a warning. One it accepts is
            // in the hierarchy as soon as present returns (the animation runs after): the host, or
            // the ancestor it forwarded to, is the alert's presentingViewController.
            guard host.presentedViewController === controller || controller.presentingViewController != nil else {
                throw PresentationError.refused
            }
            shown = (request.id, controller)
        }

        public func dismiss(_ request: AlertRequest, of session: FlowSession) {
            guard let shown, shown.id == request.id else { return }
            self.shown = nil
            if shown.controller.presentingViewController != nil, !shown.controller.isBeingDismissed {
                shown.controller.dismiss(animated: true)
            }
        }
    }
#endif
