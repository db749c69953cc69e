// UIApplication and what belongs to it, for the Apple backend (PermissionFlowApple). Transcribed
// from Apple's documentation: only the symbols that code uses. The SDK's superclass is
// UIResponder (an NSObject); it is left out because nothing typechecked against this stub uses the
// responder chain, and the responder and presentation types are the UIKit presentation stubs'.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/uikit/uiapplication
@available(iOS 2.0, *)
@MainActor
open class UIApplication: NSObject {
    // https://developer.apple.com/documentation/uikit/uiapplication/shared
    open class var shared: UIApplication { fatalError("interface stub") }

    // https://developer.apple.com/documentation/uikit/uiapplication/state
    @available(iOS 4.0, *)
    public enum State: Int, Sendable {
        case active = 0
        case inactive = 1
        case background = 2
    }

    // https://developer.apple.com/documentation/uikit/uiapplication/applicationstate
    @available(iOS 4.0, *)
    open var applicationState: UIApplication.State { fatalError("interface stub") }

    // https://developer.apple.com/documentation/uikit/uiapplication/opensettingsurlstring
    @available(iOS 8.0, *)
    nonisolated public static let openSettingsURLString: String = ""

    // https://developer.apple.com/documentation/uikit/uiapplication/opennotificationsettingsurlstring
    @available(iOS 16.0, *)
    nonisolated public static let openNotificationSettingsURLString: String = ""

    // https://developer.apple.com/documentation/uikit/uiapplication/openexternalurloptionskey
    @available(iOS 10.0, *)
    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    // https://developer.apple.com/documentation/uikit/uiapplication/open(_:options:completionhandler:)
    // (the async form Swift imports from the completion-handler method)
    @available(iOS 10.0, *)
    open func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:]) async -> Bool {
        fatalError("interface stub")
    }

    // https://developer.apple.com/documentation/uikit/uiapplication/didbecomeactivenotification
    @available(iOS 2.0, *)
    nonisolated public static let didBecomeActiveNotification = NSNotification.Name(
        "UIApplicationDidBecomeActiveNotification")

    // https://developer.apple.com/documentation/uikit/uiapplication/willresignactivenotification
    @available(iOS 2.0, *)
    nonisolated public static let willResignActiveNotification = NSNotification.Name(
        "UIApplicationWillResignActiveNotification")

    // https://developer.apple.com/documentation/uikit/uiapplication/didenterbackgroundnotification
    @available(iOS 4.0, *)
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name(
        "UIApplicationDidEnterBackgroundNotification")
}
