import FlowSyntax

/// Checks a locale identifier read from a catalog (a String Catalog's `sourceLanguage` and
/// localization keys, XLIFF `source-language` and `target-language`, an `.xcloc`'s
/// `targetLocale`) before anything uses it: it becomes `strings <locale> {` in a `.flow` file and
/// a file name inside an `.xcloc`, so it must be a language tag and nothing else.
///
/// Xcode names localizations with language identifiers, `language[-script][-region]`
/// (`en`, `zh-Hans`, `pt-BR`; https://developer.apple.com/documentation/xcode/choosing-localization-regions-and-scripts),
/// which are BCP 47 tags (RFC 5646 §2.1, `langtag`). A tag is accepted when it is a well-formed
/// `langtag` (extlang, variants and extensions included; private-use-only and grandfathered tags
/// are not language identifiers) and every subtag starts with a letter, as a `.flow` locale
/// (`NAME { "-" NAME }`) must: `es-419` is BCP 47 but cannot be written in a flow. `_` is taken
/// for `-`, as in Apple's locale IDs (`zh_Hant_TW`; unverified whether Xcode still writes any).
public enum LocaleTag {
    /// Longer than any tag Xcode writes; RFC 5646 §4.4.1 asks implementations for at least 35.
    public static let maxLength = 64

    /// Nil for a tag the flows can use, else what is wrong, as a diagnostic message.
    public static func problem(_ tag: String) -> String? {
        guard tag.utf8.count <= maxLength else {
            return
                "locale '\(OutputEscaping.visible(String(tag.prefix(16))))…' is longer than \(maxLength) bytes: not a language tag"
        }
        let shown = "locale '\(OutputEscaping.visible(tag))'"
        // `_` separates subtags in Apple's older locale IDs (`zh_Hant_TW`), and a flow may spell
        // its locale so (`NAME` allows it): accepted as `-`.
        let subtags = tag.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" }
        guard subtags.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 8 && $0.utf8.allSatisfy(isAlphanumeric) }),
            isWellFormed(subtags.map { Array($0.utf8) })
        else {
            return "\(shown) is not a BCP 47 language tag such as 'en', 'pt-BR' or 'zh-Hant'"
        }
        if let digit = subtags.first(where: { !isLetter($0.utf8.first!) }) {
            return "\(shown) cannot be written in a .flow file: its part '\(digit)' starts with a digit"
        }
        return nil
    }

    /// RFC 5646 `langtag`: language (2-3 letters with up to three 3-letter extlangs, or 4-8
    /// letters), then optional script (4 letters), region (2 letters or 3 digits), variants
    /// (5-8 characters, or 4 starting with a digit), extensions (a singleton other than `x`,
    /// then subtags of 2-8) and a private use part (`x`, then subtags of 1-8).
    static func isWellFormed(_ subtags: [[UInt8]]) -> Bool {
        var i = 0
        func at(_ test: ([UInt8]) -> Bool) -> Bool {
            guard i < subtags.count, test(subtags[i]) else { return false }
            i += 1
            return true
        }
        let letters = { (min: Int, max: Int) in
            { (s: [UInt8]) in (min...max).contains(s.count) && s.allSatisfy(isLetter) }
        }
        if at(letters(2, 3)) {
            var extlangs = 0
            while extlangs < 3, at(letters(3, 3)) { extlangs += 1 }
        } else if !at(letters(4, 8)) {
            return false
        }
        _ = at(letters(4, 4))
        _ = at { ($0.count == 2 && $0.allSatisfy(isLetter)) || ($0.count == 3 && $0.allSatisfy(isDigit)) }
        while at({ (5...8).contains($0.count) || ($0.count == 4 && isDigit($0[0])) }) {}
        while i < subtags.count, subtags[i].count == 1, (subtags[i][0] | 0x20) != UInt8(ascii: "x") {
            i += 1
            guard at({ $0.count >= 2 }) else { return false }
            while at({ $0.count >= 2 }) {}
        }
        if i < subtags.count, subtags[i].count == 1 {
            i += 1
            guard at({ _ in true }) else { return false }
            while at({ _ in true }) {}
        }
        return i == subtags.count
    }

    static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
    static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
    static func isAlphanumeric(_ b: UInt8) -> Bool { isLetter(b) || isDigit(b) }
}
