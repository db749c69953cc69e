#if canImport(UIKit) && canImport(SwiftUI)
    import UIKit
    import SwiftUI
    import FlowModel
    import FlowRuntime
    import PermissionFlowSession

    /// Shows a session's alerts with `UIAlertController`, and its priming screens as a presented
    /// view controller (`.pageSheet` for a sheet, `.fullScreen` for a full screen; by default a
    /// `UIHostingController` of `FlowScreenView`, or the app's own from `makeScreen`), presented
    /// from `viewController`. Set it as the session's `presenter`. A sheet without a `cancel`
    /// button is modal (`isModalInPresentation`): a priming that could be swiped away would skip
    /// the request; with one, the swipe taps it. A presentation UIKit would refuse (the view controller is not in a
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
        private var shown: (id: Int, controller: UIViewController)?
        /// The delegate that turns a swipe on a sheet into its cancel tap (kept while it is up).
        private var swipe: ScreenSwipe?
        /// The app's view controller for a priming screen; it calls `tap` with the action the
        /// user chose. Nil: the default design, `FlowScreenView` in a `UIHostingController`.
        public var makeScreen:
            (
                @MainActor (ScreenContent, _ tap: @escaping @MainActor (ScreenContent.Action) -> Void) ->
                    UIViewController
            )?

        public init(presentingFrom viewController: UIViewController) {
            self.viewController = viewController
        }

        public func show(_ request: AlertRequest, of session: FlowSession) throws {
            guard let host = viewController else { throw PresentationError.noViewController }
            guard host.viewIfLoaded?.window != nil else { throw PresentationError.notInWindow }
            if let other = host.presentedViewController, !other.isBeingDismissed {
                throw PresentationError.alreadyPresenting(String(describing: type(of: other)))
            }
            let controller: UIViewController
            if let content = ScreenContent(request) {
                controller = screenController(content, of: session)
            } else {
                controller = alertController(request, of: session)
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

        /// A priming screen: the app's view controller or the default design, presented as a page
        /// sheet or full screen.
        private func screenController(_ content: ScreenContent, of session: FlowSession) -> UIViewController {
            let tap: @MainActor (ScreenContent.Action) -> Void = { [weak session] action in
                try? session?.tap(action.index, of: content.request)
            }
            let controller =
                makeScreen?(content, tap) ?? UIHostingController(rootView: FlowScreenView(content, tap: tap))
            controller.modalPresentationStyle = content.layout == .sheet ? .pageSheet : .fullScreen
            controller.isModalInPresentation = !content.allowsInteractiveDismissal
            if let index = content.swipeAction {
                let swipe = ScreenSwipe { [weak session] in try? session?.tap(index, of: content.request) }
                controller.presentationController?.delegate = swipe
                self.swipe = swipe
            }
            return controller
        }

        private func alertController(_ request: AlertRequest, of session: FlowSession) -> UIViewController {
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
            return controller
        }

        public func dismiss(_ request: AlertRequest, of session: FlowSession) {
            guard let shown, shown.id == request.id else { return }
            self.shown = nil
            swipe = nil
            if shown.controller.presentingViewController != nil, !shown.controller.isBeingDismissed {
                shown.controller.dismiss(animated: true)
            }
        }
    }

    /// A sheet's presentation-controller delegate: the user swiped it away, which taps the
    /// screen's cancel button.
    @MainActor final class ScreenSwipe: NSObject, UIAdaptivePresentationControllerDelegate {
        private let swiped: @MainActor () -> Void
        init(_ swiped: @escaping @MainActor () -> Void) { self.swiped = swiped }

        func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { swiped() }
    }
#endif
