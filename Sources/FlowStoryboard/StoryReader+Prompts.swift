import FlowModel
import FlowRuntime

extension StoryReader {
    /// The screens of the prompt `first` describes: itself for a one-screen prompt; for a prompt
    /// with several (contacts on iOS 18), one per button the user tapped, each with the buttons
    /// that screen shows. Later screens carry the catalog's description of them as their title
    /// (iOS's wording is unverified) and no usage description.
    static func promptScreens(_ first: Storyboard.PromptScreen) -> [Storyboard.PromptScreen] {
        let answers = first.answers
        guard answers.isStaged, answers.indices.contains(first.chosen) else { return [first] }
        let path = answers[first.chosen].path
        return path.indices.map { depth in
            let taken = Array(path[..<depth])
            let buttons = answers.buttons(after: taken)
            // Each button as an answer: the one it decides, or (opening a later screen) the first
            // one it leads to, for the result the caption does not show.
            let shown = buttons.map { button in
                answers.index(ofPath: taken + [button]).map { answers[$0] }
                    ?? PromptAnswer(
                        button,
                        answers.first { $0.path.starts(with: taken + [button]) }?.result ?? first.kind.initialStatus)
            }
            var screen = first
            screen.answers = shown
            screen.chosen = buttons.firstIndex(of: path[depth]) ?? 0
            screen.screen = depth + 1
            screen.leadsOn = depth < path.count - 1
            var layout = AlertMetrics.layout(shown.map { AlertButton(label: $0.label, role: .default) })
            if layout.sideBySide, let no = shown.firstIndex(where: { $0.result.statusClass == .denied }) {
                layout.order.removeAll { $0 == no }
                layout.order.insert(no, at: 0)
            }
            screen.layout = layout
            if let opener = taken.last {
                screen.title = "(" + (first.kind.promptStageDescription(after: opener) ?? "the next screen") + ")"
                screen.usageDescription = nil
                screen.usageKey = nil
                screen.flags = []
            }
            return screen
        }
    }
}
