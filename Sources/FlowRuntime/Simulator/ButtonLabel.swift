import FlowModel

/// How a typed button or answer label is matched against the labels a flow shows: the same way
/// when typed at the terminal, given with `--tap`/`--answer`, or written in a scenario.
public enum ButtonLabel {
    /// A label for comparing: lowercased, trimmed, inner runs of spaces as one, `…` as `...`,
    /// curly apostrophes and quotes straight.
    public static func normalized(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out += " "
                pendingSpace = false
            }
            switch scalar {
            case "\u{2026}": out += "..."
            case "\u{2018}", "\u{2019}": out += "'"
            case "\u{201C}", "\u{201D}": out += "\""
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The answers of a prompt with several screens that `wanted` names: those whose buttons
    /// (`PromptAnswer.path`) contain `wanted` in order, once normalized. `["Continue", "Allow Full
    /// Access"]` names one contacts answer, `["Select Contacts"]` another, `["Continue"]` two.
    public static func answers(named wanted: [String], in answers: [PromptAnswer]) -> [Int] {
        let keys = wanted.map(normalized)
        return answers.indices.filter { i in
            var rest = keys[...]
            for button in answers[i].path where rest.first == normalized(button) { rest.removeFirst() }
            return rest.isEmpty
        }
    }

    /// An answer as the buttons tapped for it, for messages: `"Continue" then "Allow Full Access"`.
    public static func describe(_ answer: PromptAnswer) -> String {
        answer.path.map { "\"\($0)\"" }.joined(separator: " then ")
    }

    /// The index of `wanted` in `labels`: the exact label first, else the one label it matches
    /// once normalized (nil when none does, or when two do).
    public static func index(of wanted: String, in labels: [String]) -> Int? {
        if let exact = labels.firstIndex(of: wanted) { return exact }
        let key = normalized(wanted)
        let matches = labels.indices.filter { normalized(labels[$0]) == key }
        return matches.count == 1 ? matches[0] : nil
    }
}
