/// How every XML and HTML writer in the tools escapes text (XLIFF, JUnit, the storyboard and the
/// funnel pages): copy is data and never becomes markup.
public enum Markup {
    /// Whether XML 1.0 can hold `scalar` at all (`Char`, https://www.w3.org/TR/xml/#charsets).
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Element text: `&`, `<`, `>` as entities; a CR as `&#13;` so no reader turns it into LF. A
    /// character XML cannot hold even as a reference (`&#x1B;` is not well-formed) is written as
    /// its visible escape (`\u{1B}`), so the reader sees what was there.
    public static func text(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars { append(c, to: &out) }
        return out
    }

    /// An attribute value in double or single quotes: also `"` and `'`, and line breaks and tabs
    /// as references (attribute-value normalization would turn them into spaces), as Xcode
    /// writes `&#10;`.
    public static func attribute(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            default: append(c, to: &out)
            }
        }
        return out
    }

    private static func append(_ c: Unicode.Scalar, to out: inout String) {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\r": out += "&#13;"
        case _ where !isAllowed(c): out += "\\u{\(String(c.value, radix: 16, uppercase: true))}"
        default: out.unicodeScalars.append(c)
        }
    }
}
