#if canImport(SwiftUI)
    import SwiftUI
    import FlowModel
    import PermissionFlowSession

    /// The default design of a priming screen, after the Human Interface Guidelines' onboarding
    /// and permission screens: the image at the top (an SF Symbol in the app's tint, or an asset),
    /// a bold title, the message, the bullets each with a check mark, and at the bottom the
    /// buttons full width, the primary one prominent (`.borderedProminent`) and the others plain
    /// (`.borderless`). `ScreenContent` decides what is shown and in which order; an app that wants
    /// its own design passes its view to `flowAlerts(for:screen:)` instead.
    public struct FlowScreenView: View {
        public let content: ScreenContent
        private let tap: @MainActor (ScreenContent.Action) -> Void

        /// `tap` answers the session: `flowAlerts` passes one that calls `session.tap`.
        public init(_ content: ScreenContent, tap: @escaping @MainActor (ScreenContent.Action) -> Void) {
            self.content = content
            self.tap = tap
        }

        public var body: some View {
            VStack(spacing: 16) {
                Spacer(minLength: 24)
                image
                if let title = content.title { Text(verbatim: title).font(.title.bold()) }
                if let message = content.message { Text(verbatim: message).font(.body) }
                if !content.bullets.isEmpty {
                    VStack(alignment: .leading, spacing: 10) {
                        ForEach(Array(content.bullets.enumerated()), id: \.offset) { item in
                            HStack(alignment: .firstTextBaseline, spacing: 10) {
                                Image(systemName: "checkmark.circle.fill").foregroundStyle(.tint)
                                Text(verbatim: item.element)
                            }
                        }
                    }
                    .multilineTextAlignment(.leading)
                }
                Spacer(minLength: 24)
                ForEach(content.actions, id: \.index) { action in button(action) }
            }
            .multilineTextAlignment(.center)
            .padding(24)
        }

        @ViewBuilder private var image: some View {
            switch content.image {
            case .symbol(let name)?: Image(systemName: name).font(.system(size: 64)).foregroundStyle(.tint)
            case .asset(let name)?: Image(name).resizable().scaledToFit().frame(maxHeight: 160)
            case nil: EmptyView()
            }
        }

        @ViewBuilder private func button(_ action: ScreenContent.Action) -> some View {
            let tap = self.tap
            let button = SwiftUI.Button(role: Self.role(action.role)) {
                tap(action)
            } label: {
                Text(verbatim: action.label).frame(maxWidth: .infinity)
            }
            if action.isPrimary {
                button.buttonStyle(.borderedProminent).controlSize(.large)
            } else {
                button.buttonStyle(.borderless).controlSize(.large)
            }
        }

        private static func role(_ role: FlowModel.FlowButton.Role) -> ButtonRole? {
            switch role {
            case .default: nil
            case .cancel: .cancel
            case .destructive: .destructive
            }
        }
    }
#endif
