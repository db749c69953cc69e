// UIKit symbols the UIKit presenter uses to put an alert on screen (app-session's part of the UIKit
// stub; UIApplication and its members are in UIApplication.swift). Transcribed from Apple's
// documentation: availability, main-actor isolation and signatures as declared there. Bodies only
// satisfy the compiler; nothing here runs.
import Foundation

// https://developer.apple.com/documentation/uikit/uiview
// (Its superclass UIResponder is left out: nothing here uses it.)
@available(iOS 2.0, *)
@MainActor open class UIView: NSObject {
    // https://developer.apple.com/documentation/uikit/uiview/window
    open var window: UIWindow? { fatalError("stub") }
}

// https://developer.apple.com/documentation/uikit/uiwindow
@available(iOS 2.0, *)
@MainActor open class UIWindow: UIView {}

// https://developer.apple.com/documentation/uikit/uiviewcontroller
// (Its superclass UIResponder is left out: nothing here uses it.)
@available(iOS 2.0, *)
@MainActor open class UIViewController: NSObject {
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewifloaded
    @available(iOS 9.0, *)
    open var viewIfLoaded: UIView? { fatalError("stub") }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller
    @available(iOS 5.0, *)
    open var presentedViewController: UIViewController? { fatalError("stub") }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller
    @available(iOS 5.0, *)
    open var presentingViewController: UIViewController? { fatalError("stub") }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/isbeingdismissed
    @available(iOS 5.0, *)
    open var isBeingDismissed: Bool { fatalError("stub") }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
    @available(iOS 5.0, *)
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)
    {}

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)
    @available(iOS 5.0, *)
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/modalpresentationstyle
    @available(iOS 3.2, *)
    open var modalPresentationStyle: UIModalPresentationStyle {
        get { fatalError("stub") }
        set {}
    }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/ismodalinpresentation
    @available(iOS 13.0, *)
    open var isModalInPresentation: Bool {
        get { fatalError("stub") }
        set {}
    }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/presentationcontroller
    @available(iOS 8.0, *)
    open var presentationController: UIPresentationController? { fatalError("stub") }
}

// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle
// (the cases the presenter uses, with the SDK's raw values)
@available(iOS 2.0, *)
public enum UIModalPresentationStyle: Int, Sendable {
    // https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/fullscreen
    case fullScreen = 0
    // https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/pagesheet
    case pageSheet = 1
}

// https://developer.apple.com/documentation/uikit/uipresentationcontroller
@available(iOS 8.0, *)
@MainActor open class UIPresentationController: NSObject {
    // https://developer.apple.com/documentation/uikit/uipresentationcontroller/delegate
    weak open var delegate: (any UIAdaptivePresentationControllerDelegate)?
}

// https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate
// The SDK's requirements are @objc optional; Swift without Objective-C cannot say that, so the
// one requirement used has a default implementation instead.
@MainActor public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate/presentationcontrollerdiddismiss(_:)
    @available(iOS 13.0, *)
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    // https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate/presentationcontrollerdiddismiss(_:)
    // (the SDK's optional requirement: doing nothing is what a delegate that lacks it does)
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
}

// https://developer.apple.com/documentation/uikit/uialertcontroller
@available(iOS 8.0, *)
@MainActor open class UIAlertController: UIViewController {
    // https://developer.apple.com/documentation/uikit/uialertcontroller/style
    public enum Style: Int, Sendable {
        case actionSheet = 0
        case alert = 1
    }

    // https://developer.apple.com/documentation/uikit/uialertcontroller/init(title:message:preferredstyle:)
    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
        self.init()
    }

    // https://developer.apple.com/documentation/uikit/uialertcontroller/addaction(_:)
    open func addAction(_ action: UIAlertAction) {}
}

// https://developer.apple.com/documentation/uikit/uialertaction
@available(iOS 8.0, *)
@MainActor open class UIAlertAction: NSObject {
    // https://developer.apple.com/documentation/uikit/uialertaction/style-swift.enum
    public enum Style: Int, Sendable {
        case `default` = 0
        case cancel = 1
        case destructive = 2
    }

    // https://developer.apple.com/documentation/uikit/uialertaction/init(title:style:handler:)
    public convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.init()
    }
}
