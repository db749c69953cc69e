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
        ///
        /// A priming screen (`screen` in the flow) is presented as a `.sheet` or a
        /// `.fullScreenCover` showing `FlowScreenView`, the default design. A sheet can be swiped
        /// away only when the screen has a `cancel` button, and the swipe taps it
        /// (`ScreenContent.swipeAction`); otherwise `interactiveDismissDisabled` keeps it up.
        public func flowAlerts(for session: FlowSession?) -> some View {
            modifier(
                SessionFlowAlerts(session: session) { content, tap in FlowScreenView(content, tap: tap) })
        }

        /// `flowAlerts(for:)` with the app's own view for priming screens: `screen` gets what to
        /// show and a `tap` to call with the action the user chose. The presentation (sheet or
        /// full screen, the swipe) stays the modifier's.
        public func flowAlerts<ScreenView: View>(
            for session: FlowSession?,
            @ViewBuilder screen:
                @escaping @MainActor (
                    ScreenContent, _ tap: @escaping @MainActor (ScreenContent.Action) -> Void
                ) -> ScreenView
        ) -> some View {
            modifier(SessionFlowAlerts(session: session, screen: screen))
        }
    }

    /// The modifier behind `flowAlerts(for:)`: `FlowAlertModifier` while there is a session,
    /// nothing otherwise.
    struct SessionFlowAlerts<ScreenView: View>: ViewModifier {
        let session: FlowSession?
        let screen: @MainActor (ScreenContent, @escaping @MainActor (ScreenContent.Action) -> Void) -> ScreenView

        func body(content: Content) -> some View {
            if let session {
                content.modifier(FlowAlertModifier(session: session, screen: screen))
            } else {
                content
            }
        }
    }

    /// Shows a session's alerts and screens. The session is an `@ObservedObject`: on iOS 15 and
    /// 16, where SwiftUI cannot track what `body` reads (Observation is iOS 17), its
    /// `objectWillChange` is what makes SwiftUI evaluate `body` again when an alert comes or goes.
    struct FlowAlertModifier<ScreenView: View>: ViewModifier {
        @ObservedObject var session: FlowSession
        let screen: @MainActor (ScreenContent, @escaping @MainActor (ScreenContent.Action) -> Void) -> ScreenView

        func body(content: Content) -> some View {
            // An alert goes to `.alert`; a screen to `.sheet` or `.fullScreenCover`.
            let request = session.alert.flatMap { $0.presentation.screen == nil ? $0 : nil }
            let session = self.session
            return
                content
                .onAppear { session.alertHostAppeared() }
                .onDisappear { session.alertHostDisappeared() }
                .sheet(item: screenItem(.sheet)) { shown in
                    screenView(shown).interactiveDismissDisabled(!shown.allowsInteractiveDismissal)
                }
                .coverOrSheet(item: screenItem(.fullScreen)) { shown in screenView(shown) }
                .alert(request?.title ?? "", isPresented: isPresented(request), presenting: request) { request in
                    let roles = AlertRoles.swiftUI(request.buttons)
                    ForEach(Array(request.buttons.enumerated()), id: \.offset) { index, button in
                        SwiftUI.Button(button.label, role: roles[index].flatMap(Self.role)) {
                            try? session.tap(index, of: request)
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
                get: { @MainActor in session.alert.map { $0.presentation.screen == nil } ?? false },
                set: { @MainActor shown in
                    guard !shown, let request else { return }
                    Task { @MainActor in
                        await Task.yield()
                        if session.alert?.id == request.id { session.cancel() }
                    }
                })
        }

        /// The app's view (or the default one) for `shown`, its taps answering the session.
        private func screenView(_ shown: ScreenContent) -> ScreenView {
            let session = self.session
            return screen(shown) { action in try? session.tap(action.index, of: shown.request) }
        }

        /// The screen of `layout` the session shows, if any. Set to nil by SwiftUI when it goes
        /// away: after a tap the session has moved on; a swipe on a sheet taps its `cancel`
        /// button; any other way it went (the host view left) cancels the run, as for an alert.
        private func screenItem(_ layout: Screen.Layout) -> Binding<ScreenContent?> {
            let session = self.session
            return Binding(
                get: { @MainActor in
                    session.alert.flatMap(ScreenContent.init).flatMap { $0.layout == layout ? $0 : nil }
                },
                set: { @MainActor value in
                    guard value == nil,
                        let shown = session.alert.flatMap(ScreenContent.init), shown.layout == layout
                    else { return }
                    Task { @MainActor in
                        await Task.yield()
                        guard session.alert?.id == shown.id else { return }
                        if let swipe = shown.swipeAction {
                            try? session.tap(swipe, of: shown.request)
                        } else {
                            session.cancel()
                        }
                    }
                })
        }

        private static func role(_ role: FlowModel.FlowButton.Role) -> ButtonRole? {
            switch role {
            case .default: nil
            case .cancel: .cancel
            case .destructive: .destructive
            }
        }
    }

    extension View {
        /// `.fullScreenCover` where SwiftUI has one. macOS has none
        /// (https://developer.apple.com/documentation/swiftui/view/fullscreencover(item:ondismiss:content:)
        /// lists it unavailable there), so a full-screen priming shows as a sheet on the Mac.
        fileprivate func coverOrSheet<Item: Identifiable, Cover: View>(
            item: Binding<Item?>, @ViewBuilder content: @escaping (Item) -> Cover
        ) -> some View {
            #if os(macOS)
                sheet(item: item, content: content)
            #else
                fullScreenCover(item: item, content: content)
            #endif
        }
    }
#endif
