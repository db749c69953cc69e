import FlowModel
import FlowRuntime

/// How a presenter shows each button's role, worked out here so it is tested on Linux.
public enum AlertRoles {
    /// The role each button gets in a SwiftUI `.alert(...)`, nil for the default role.
    ///
    /// SwiftUI has been seen adding its own Cancel button to an alert that has a destructive
    /// button and no cancel one (iOS 15; Apple's documentation of `alert(_:isPresented:...)` now
    /// says "No default cancel action is provided"). Such a button would close the alert without
    /// any action the flow declared: a path the flow never wrote. So the modifier keeps the alert
    /// to exactly the flow's buttons whichever way SwiftUI behaves: in an alert without a cancel
    /// button, destructive buttons are shown with the default role (losing only their red
    /// colour). With a cancel button present, every role is kept as written.
    public static func swiftUI(_ buttons: [AlertButton]) -> [FlowButton.Role?] {
        let hasCancel = buttons.contains { $0.role == .cancel }
        return buttons.map { button in
            switch button.role {
            case .default: nil
            case .cancel: .cancel
            case .destructive: hasCancel ? .destructive : nil
            }
        }
    }

    /// Whether SwiftUI would add a Cancel button of its own to this alert, had its roles been
    /// kept (for a presenter's log).
    public static func swiftUIWouldAddCancel(_ buttons: [AlertButton]) -> Bool {
        !buttons.contains { $0.role == .cancel } && buttons.contains { $0.role == .destructive }
    }
}
