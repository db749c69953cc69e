import FlowModel
import FlowSyntax

/// Copy as the linter reads it: a template rendered back to text with `{placeholders}` kept.
extension Template {
    public var rendered: String {
        // Most copy is one piece of text: hand it back without building anything.
        if let s = plainText { return s }
        // Counted, then written into one buffer: appending piece by piece cost about 300
        // instructions an append (a placeholder is three), and the copy rules render every text
        // of every locale.
        let segments = segments
        var count = 0
        for segment in segments {
            switch segment {
            case .text(let s): count += s.utf8.count
            case .placeholder(let p): count += Self.written(p).utf8.count + 2
            }
        }
        return String(unsafeUninitializedCapacity: count) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var at = 0
            for segment in segments {
                var piece: String
                switch segment {
                case .text(let s): piece = s
                case .placeholder(let p):
                    base[at] = UInt8(ascii: "{")
                    at += 1
                    piece = Self.written(p)
                }
                at += piece.withUTF8 { bytes in
                    if let from = bytes.baseAddress { (base + at).initialize(from: from, count: bytes.count) }
                    return bytes.count
                }
                if case .placeholder = segment {
                    base[at] = UInt8(ascii: "}")
                    at += 1
                }
            }
            return at
        }
    }

    /// A placeholder's name as written between its braces.
    private static func written(_ placeholder: Placeholder) -> String {
        switch placeholder {
        case .app: "app"
        case .permission: "permission"
        case .value(let name): name
        case .run(let value): value.rawValue
        }
    }
}

extension Program {
    /// The text in the base locale (or the literal), for messages and witnesses.
    public func baseText(_ text: FlowText) -> String {
        switch text {
        case .literal(let literal): return literal.template.rendered
        case .localized(let localized):
            let key = localized.key
            return strings.lookup(key, locale: 0)?.template.rendered ?? "@" + strings.keys[key.index]
        }
    }

    /// The text in every locale the program ships: one entry for a literal (locale nil), one per
    /// locale for a key (following fallbacks), with the range the text comes from.
    public func localizedTexts(_ text: FlowText) -> [(locale: String?, text: String, range: SourceRange)] {
        switch text {
        case .literal(let literal): return [(nil, literal.template.rendered, literal.range)]
        case .localized(let localized):
            let key = localized.key
            let r = localized.range
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
