import FlowModel
import FlowRuntime

/// An alert the session wants on screen: the flow's resolved copy and buttons, with an identity
/// so a tap on an alert that is gone (answered, cancelled) is refused instead of answering the
/// next one.
public struct AlertRequest: Identifiable, Hashable, Sendable {
    /// Unique within its session; grows with each alert shown.
    public let id: Int
    /// Title, message and buttons (label and role) in the run's locale.
    public let presentation: AlertPresentation

    public var title: String? { presentation.title }
    public var message: String? { presentation.message }
    public var buttons: [AlertButton] { presentation.buttons }
}

/// What a running session needs from its UI right now.
public enum SessionActivity: Hashable, Sendable {
    /// Nothing has run yet.
    case idle
    /// The flow is working (reading statuses, tracking) and needs nothing from the UI.
    case running
    /// The app's own alert is to be shown; answer it with `FlowSession.tap(_:of:)`.
    case alert(AlertRequest)
    /// iOS is showing (or deciding whether to show) the permission prompt for this kind.
    case systemPrompt(PermissionKind)
    /// The user was sent to Settings; the run continues when the app is active again.
    case settings(SettingsPage)
    /// The run ended: an outcome, a flow error, cancelled, or input needed.
    case finished(RunEnd)
}

/// A mistake in how the UI drove the session. Each is reported, never waited on.
public enum SessionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `run` was called while a run was in progress.
    case alreadyRunning(flow: String)
    /// The flow asked to present an alert while another one was still on screen.
    case alertAlreadyShown(showing: AlertRequest, refused: AlertPresentation)
    /// A tap named an alert that is no longer shown (already answered, or the run ended).
    case alertNotShown(id: Int)
    /// A tap named a button the alert does not have.
    case noSuchButton(index: Int, alertID: Int, buttonCount: Int)
    /// A tap by label named a label the alert does not have.
    case noButtonLabeled(String, alertID: Int, labels: [String])
    /// A tap by label came while no alert was on screen.
    case noAlertShown
    /// The UI could not put the alert on screen (UIKit refused the presentation).
    case presentationRefused(alertID: Int, reason: String)

    public var description: String {
        switch self {
        case .alreadyRunning(let flow):
            "a run of flow '\(flow)' is in progress; wait for it or cancel it before starting another"
        case .alertAlreadyShown(let showing, let refused):
            "cannot present alert \(Self.name(refused.title)) while alert \(Self.name(showing.title)) is on screen"
        case .alertNotShown(let id):
            "alert \(id) is not on screen (already answered, or the run ended)"
        case .noSuchButton(let index, let id, let count):
            "alert \(id) has \(count) button\(count == 1 ? "" : "s"); there is no button \(index)"
        case .noButtonLabeled(let label, let id, let labels):
            "alert \(id) has no button \"\(label)\"; its buttons are "
                + labels.map { "\"\($0)\"" }.joined(separator: ", ")
        case .noAlertShown:
            "no alert is on screen"
        case .presentationRefused(let id, let reason):
            "alert \(id) could not be presented: \(reason)"
        }
    }

    private static func name(_ title: String?) -> String { title.map { "'\($0)'" } ?? "(untitled)" }
}
