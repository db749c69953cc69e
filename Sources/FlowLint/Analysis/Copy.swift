import FlowModel
import FlowSyntax

/// Copy as the linter reads it: a template rendered back to text with `{placeholders}` kept.
extension Template {
    public var rendered: String {
        // Most copy is one piece of text: hand it back without building an array to join.
        if let s = plainText { return s }
        // Appended in place: mapping to an array of pieces and joining it cost about a thousand
        // instructions a template, and the copy rules render every text of every locale.
        var out = ""
        for segment in segments {
            switch segment {
            case .text(let s): out += s
            case .placeholder(.app): out += "{app}"
            case .placeholder(.permission): out += "{permission}"
            case .placeholder(.value(let name)): out += "{"; out += name; out += "}"
            case .placeholder(.run(let value)): out += "{"; out += value.rawValue; out += "}"
            }
        }
        return out
    }
}

extension Program {
    /// The text in the base locale (or the literal), for messages and witnesses.
    public func baseText(_ text: Text) -> String {
        switch text {
        case .literal(let literal): return literal.template.rendered
        case .localized(let localized):
            let key = localized.key
            return strings.lookup(key, locale: 0)?.template.rendered ?? "@" + strings.keys[key.index]
        }
    }

    /// The text in every locale the program ships: one entry for a literal (locale nil), one per
    /// locale for a key (following fallbacks), with the range the text comes from.
    public func localizedTexts(_ text: Text) -> [(locale: String?, text: String, range: SourceRange)] {
        switch text {
        case .literal(let literal): return [(nil, literal.template.rendered, literal.range)]
        case .localized(let localized):
            let key = localized.key, r = localized.range
            // Declared with the labels of the result: an unlabelled array is converted element by
            // element on return.
            var result: [(locale: String?, text: String, range: SourceRange)] = []
            result.reserveCapacity(strings.locales.count)
            for (i, locale) in strings.locales.enumerated() {
                if let entry = strings.lookup(key, locale: i) {
                    result.append((locale: locale.tag, text: entry.template.rendered, range: entry.range))
                }
            }
            return result.isEmpty ? [(nil, "@" + strings.keys[key.index], r)] : result
        }
    }
}
