/// The presenter a session uses once a view that shows its alerts by observing it (SwiftUI's
/// `.flowAlerts(for:)`) has reported itself: SwiftUI puts the alert on screen on its own, so this
/// only counts the views on screen. With none left, an alert cannot appear, and the run is told
/// so at once, as the UIKit presenter does, instead of waiting for a tap that cannot come.
@MainActor final class ObservedAlertHosts: FlowAlertPresenter {
    /// Why the alert was not shown.
    struct NotOnScreen: Error, CustomStringConvertible {
        var description: String { "no view that shows this session's alerts (.flowAlerts(for:)) is on screen" }
    }

    private(set) var visible = 0

    func appeared() { visible += 1 }

    /// Returns whether this was the last host on screen.
    func disappeared() -> Bool {
        guard visible > 0 else { return false }
        visible -= 1
        return visible == 0
    }

    func show(_ request: AlertRequest, of session: FlowSession) throws {
        guard visible > 0 else { throw NotOnScreen() }
    }

    func dismiss(_ request: AlertRequest, of session: FlowSession) {}
}

extension FlowSession {
    /// A view that shows this session's alerts by observing it appeared (`.flowAlerts(for:)`
    /// calls this from `onAppear`). From the first call on, and unless the app set a `presenter`
    /// of its own, an alert the run presents while no such view is on screen ends the run with
    /// `SessionError.presentationRefused` instead of waiting for a tap.
    public func alertHostAppeared() {
        let hosts = observedHosts ?? ObservedAlertHosts()
        observedHosts = hosts
        if presenter == nil { presenter = hosts }
        hosts.appeared()
    }

    /// The view went away (`onDisappear`). An alert still waiting when the last one goes went
    /// away with it without a tap: the run ends as `.cancelled`, as for any dismissal of the UI.
    public func alertHostDisappeared() {
        guard let hosts = observedHosts, hosts.disappeared(), presenter === hosts, alert != nil else { return }
        cancel()
    }
}
