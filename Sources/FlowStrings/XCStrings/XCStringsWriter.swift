/// Writes a `Catalog` as a String Catalog (`.xcstrings`) byte for byte the way Xcode saves one,
/// so opening and saving it in Xcode changes nothing: keys sorted (`XcodeOrder`) at every
/// level, two-space indentation, `" : "` between a key and its value, slashes and non-ASCII text
/// unescaped, no newline after the closing brace. The shape is the one of
/// Dimillian/IceCubesApp `IceCubesApp/Resources/Localization/Localizable.xcstrings` (see
/// `XCStringsFormatTests`).
public enum XCStringsWriter {
    public static func write(_ catalog: Catalog) -> String {
        var out = "{\n  \"sourceLanguage\" : \(quote(catalog.sourceLanguage)),\n  \"strings\" : {"
        let units = catalog.units.sorted { XcodeOrder.less($0.id, $1.id) }
        if units.isEmpty { out += "\n\n  }" }
        for (i, unit) in units.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "    \(quote(unit.id)) : {\n"
            if !unit.comment.isEmpty { out += "      \"comment\" : \(quote(unit.comment)),\n" }
            out += "      \"extractionState\" : \"manual\",\n      \"localizations\" : {"
            let translations = unit.translations.sorted { XcodeOrder.less($0.locale, $1.locale) }
            if translations.isEmpty { out += "\n\n      }" }
            for (j, t) in translations.enumerated() {
                out += j == 0 ? "\n" : ",\n"
                out += """
                            \(quote(t.locale)) : {
                              "stringUnit" : {
                                "state" : \(quote(t.state.rawValue)),
                                "value" : \(quote(t.value))
                              }
                            }
                    """
            }
            if !translations.isEmpty { out += "\n      }" }
            out += "\n    }"
        }
        if !units.isEmpty { out += "\n  }" }
        out += ",\n  \"version\" : \"1.0\"\n}"
        return out
    }

    /// A JSON string as Apple's JSON writer spells it: `"` and `\` escaped, the usual control
    /// escapes, other control characters as `\u00XX`; `/` and everything else as is.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case _ where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }
}
