import FlowModel
import FlowSyntax

/// Copy as the linter reads it: a template rendered back to text with `{placeholders}` kept.
extension Template {
    public var rendered: String {
        // Most copy is one piece of text: hand it back without building an array to join.
        if segments.count == 1, case .text(let s) = segments[0] { return s }
        return segments.map { segment in
            switch segment {
            case .text(let s): s
            case .placeholder(.app): "{app}"
            case .placeholder(.permission): "{permission}"
            case .placeholder(.value(let name)): "{\(name)}"
            }
        }.joined()
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
            var result: [(String?, String, SourceRange)] = []
            for (i, locale) in strings.locales.enumerated() {
                if let entry = strings.lookup(key, locale: i) {
                    result.append((locale.tag, entry.template.rendered, entry.range))
                }
            }
            return result.isEmpty ? [(nil, "@" + strings.keys[key.index], r)] : result
        }
    }
}
