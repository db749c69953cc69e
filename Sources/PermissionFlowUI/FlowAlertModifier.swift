#if canImport(SwiftUI)
    import SwiftUI
    import FlowModel
    import FlowRuntime
    import PermissionFlowSession

    extension View {
        /// Shows `session`'s alerts over this view with SwiftUI's `.alert`, each button with its
        /// role, and hands the tap back to the session. Copy is shown verbatim (it is already in the
        /// run's locale). An alert with a destructive button and no cancel one shows its destructive
        /// buttons with the default role, so SwiftUI cannot add a Cancel button of its own that no
        /// flow path handles (`AlertRoles.swiftUI`). If the alert goes away without a tap, the run
        /// ends as `cancelled`, like any other dismissal of the UI. While this view is off screen an
        /// alert cannot appear: once it has appeared, an alert the run shows while it (and every other
        /// view with this modifier for the session) is gone ends the run with an error instead of
        /// waiting for a tap (`FlowSession.alertHostAppeared()`). With a nil session (no step
        /// running) nothing is shown.
        public func flowAlerts(for session: FlowSession?) -> some View {
            modifier(FlowAlertModifier(session: session))
        }
    }

    /// The modifier behind `flowAlerts(for:)`.
    struct FlowAlertModifier: ViewModifier {
        let session: FlowSession?

        func body(content: Content) -> some View {
            let request = session?.alert
            let session = self.session
            return
                content
                .onAppear { session?.alertHostAppeared() }
                .onDisappear { session?.alertHostDisappeared() }
                .alert(request?.title ?? "", isPresented: isPresented(request), presenting: request) { request in
                    let roles = AlertRoles.swiftUI(request.buttons)
                    ForEach(Array(request.buttons.enumerated()), id: \.offset) { index, button in
                        SwiftUI.Button(button.label, role: roles[index].flatMap(Self.role)) {
                            try? session?.tap(index, of: request)
                        }
                    }
                } message: { request in
                    if let message = request.message { Text(verbatim: message) }
                }
        }

        /// Shown while the session has an alert. SwiftUI clears it when a button is tapped, in the
        /// same turn as the button's action; an alert still pending after that turn (and one more,
        /// in case the action comes a turn later) was closed without a tap, and the run is
        /// cancelled rather than left waiting. Binding's closures are `@Sendable` (and
        /// `@isolated(any)`): they are marked `@MainActor`, where the session lives, so SwiftUI calls
        /// them there and they touch the session without crossing actors.
        private func isPresented(_ request: AlertRequest?) -> Binding<Bool> {
            let session = self.session
            return Binding(
                get: { @MainActor in session?.alert != nil },
                set: { @MainActor shown in
                    guard !shown, let session, let request else { return }
                    Task { @MainActor in
                        await Task.yield()
                        if session.alert?.id == request.id { session.cancel() }
                    }
                })
        }

        private static func role(_ role: FlowModel.Button.Role) -> ButtonRole? {
            switch role {
            case .default: nil
            case .cancel: .cancel
            case .destructive: .destructive
            }
        }
    }
#endif
