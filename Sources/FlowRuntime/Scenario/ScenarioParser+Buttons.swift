import FlowModel
import FlowSyntax

/// A prompt answer written as buttons (Scenarios.md): `answer contacts "Continue" "Allow Full
/// Access"`, a button per screen of a prompt with several. Kept apart from ScenarioParser.swift,
/// which is at the size limit.
extension ScenarioParser.Parsing {
    /// The choice `buttons` (string tokens) name among `offered`: one label that ends an
    /// answer, or buttons in order that name one answer (`"Continue" "Allow Full Access"`).
    /// Nil, with an error, for a button no prompt of the kind has, or buttons naming no answer
    /// or more than one.
    mutating func promptChoice(_ buttons: [ScenarioParser.Token], of kind: PermissionKind, offered: [PromptAnswer])
        -> PromptChoice?
    {
        if buttons.count == 1, offered.contains(where: { $0.label == buttons[0].text }) {
            return .label(buttons[0].text)
        }
        let labels = Array(Set(offered.flatMap(\.path))).sorted()
        if let unknown = buttons.first(where: { b in
            !labels.contains { ButtonLabel.normalized($0) == ButtonLabel.normalized(b.text) }
        }) {
            error(
                .impossiblePromptAnswer,
                "the \(kind.rawValue) prompt has no button \"\(unknown.text)\"; its buttons are "
                    + labels.map { "\"\($0)\"" }.joined(separator: ", "), unknown.range,
                fix: suggest(unknown, in: labels))
            return nil
        }
        let choice: PromptChoice = buttons.count == 1 ? .label(buttons[0].text) : .path(buttons.map(\.text))
        let named = ButtonLabel.answers(named: buttons.map(\.text), in: offered)
        if Set(named.map { offered[$0].path }).count == 1 { return choice }
        let listed = offered.map { "\(ButtonLabel.describe($0)) (\($0.result.rawValue))" }.joined(separator: ", ")
        let range = span(buttons[0], buttons[buttons.count - 1])
        error(
            .impossiblePromptAnswer,
            named.isEmpty
                ? "the \(kind.rawValue) prompt has no answer \(choice.text); its answers are \(listed)"
                : "\(choice.text) leads to more than one \(kind.rawValue) prompt answer; name the next screen's button too: \(listed)",
            range)
        return nil
    }
}
