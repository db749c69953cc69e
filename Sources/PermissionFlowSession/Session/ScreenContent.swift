import FlowModel
import FlowRuntime

/// What a priming screen shows and how its buttons behave, decided once here so that the SwiftUI
/// and UIKit presenters and an app's own view agree, and so it is tested on Linux. Built from the
/// session's `AlertRequest` of a `screen` (nil for an alert).
public struct ScreenContent: Identifiable, Hashable, Sendable {
    /// One button as the screen draws it.
    public struct Action: Hashable, Sendable {
        /// The button's index in the request, the one `FlowSession.tap(_:of:)` takes.
        public let index: Int
        public let label: String
        public let role: FlowButton.Role
        /// Drawn prominent (a filled button) rather than plain.
        public let isPrimary: Bool
    }

    /// The request it shows: tap its buttons with `session.tap(action.index, of: request)`.
    public let request: AlertRequest
    public let layout: Screen.Layout
    public let image: Screen.Image?
    public let title: String?
    public let message: String?
    public let bullets: [String]
    /// The buttons top to bottom: the primary one (the first with the default role, the way
    /// forward) first, as a screen's stack of full-width buttons puts its main action first, then
    /// the others in the flow's order.
    public let actions: [Action]
    /// The button a swipe down on a sheet taps: its `cancel` button. Nil for a sheet without one,
    /// whose swipe the presenters turn off (a priming that can be swiped away would skip the
    /// request, FL1302), and for a full-screen cover, which has no swipe.
    public let swipeAction: Int?

    public init?(_ request: AlertRequest) {
        guard let screen = request.presentation.screen else { return nil }
        self.request = request
        layout = screen.layout
        image = screen.image
        title = request.title
        message = request.message
        bullets = screen.bullets
        let primary = request.presentation.primaryButton
        let order = (primary.map { [$0] } ?? []) + request.buttons.indices.filter { $0 != primary }
        actions = order.map { i in
            let button = request.buttons[i]
            return Action(index: i, label: button.label, role: button.role, isPrimary: i == primary)
        }
        swipeAction = screen.layout == .sheet ? request.buttons.firstIndex { $0.role == .cancel } : nil
    }

    /// The request's identity: a new screen is a new presentation.
    public var id: Int { request.id }

    /// Whether the user may swipe the sheet away (it then taps `swipeAction`).
    public var allowsInteractiveDismissal: Bool { swipeAction != nil }
}
