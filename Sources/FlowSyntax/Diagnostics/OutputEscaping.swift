/// Escapes text that comes from input (file names, copy, labels, event names, messages that
/// quote them) for the sink it is printed to, so no input can move a terminal's cursor, change
/// its colours or title, or start a line that a CI runner reads as a command.
///
/// Every printer of the project goes through these functions; JSON and SARIF escape per RFC 8259
/// in their own encoder (`\u001b`), which is already safe for every byte.
public enum OutputEscaping {
    /// The text with every control character shown as a visible escape (`\u{1B}`, `\u{A}`):
    /// C0 controls (tab included: in one-line output it would misalign columns), DEL, C1 controls,
    /// and the invisible characters that reorder or hide text (bidi overrides and isolates,
    /// zero-width characters, line and paragraph separators, BOM). `##[` (the GitHub runner's
    /// legacy command prefix, recognised anywhere in a line) becomes `#\u{23}[`.
    /// Text without any of them is returned as is, without copying.
    public static func visible(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        var hashes = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if isHidden(value) {
                out += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
                hashes = 0
                continue
            }
            if value == 0x5B, hashes >= 2 {
                // `##[`: replace the `#` just written by its escape.
                out.removeLast()
                out += "\\u{23}["
                hashes = 0
                continue
            }
            hashes = value == 0x23 ? hashes + 1 : 0
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// `visible(text)` for text that starts an output line: additionally a leading `::` (after
    /// optional spaces), the GitHub Actions workflow-command prefix, has its first colon escaped.
    public static func lineStart(_ text: String) -> String {
        let shown = visible(text)
        let trimmed = shown.drop { $0 == " " }
        guard trimmed.hasPrefix("::") else { return shown }
        let spaces = shown.count - trimmed.count
        return String(repeating: " ", count: spaces) + "\\u{3A}" + trimmed.dropFirst()
    }

    /// The message part of a GitHub Actions workflow command (`::error ...::DATA`): visible
    /// escapes first, then `%`, CR and LF percent-encoded as the runner decodes them.
    public static func githubData(_ text: String) -> String {
        percentEncode(visible(text), extra: false)
    }

    /// A property value of a workflow command (`file=...`, `title=...`): as `githubData`, and
    /// `:` and `,` percent-encoded too.
    public static func githubProperty(_ text: String) -> String {
        percentEncode(visible(text), extra: true)
    }

    /// Joins pieces already escaped by `visible` with line breaks encoded for a workflow command.
    public static func githubLines(_ escapedPieces: [String]) -> String {
        escapedPieces.map { percentEncode($0, extra: false) }.joined(separator: "%0A")
    }

    static func percentEncode(_ text: String, extra: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where extra: out += "%3A"
            case "," where extra: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether a scalar is a control or invisible character that `visible` escapes.
    public static func isHidden(_ value: UInt32) -> Bool {
        value < 0x20 || (value >= 0x7F && value <= 0x9F) || (value >= 0x200B && value <= 0x200F)
            || (value >= 0x2028 && value <= 0x202E) || (value >= 0x2066 && value <= 0x2069) || value == 0xFEFF
    }

    /// A byte scan: true when `visible` would change anything (the common case is plain text).
    static func needsEscaping(_ text: String) -> Bool {
        var hashes = 0
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte < 0x20 || byte == 0x7F { return true }
            if byte == 0x23 {
                hashes += 1
                continue
            }
            if byte == 0x5B, hashes >= 2 { return true }
            hashes = 0
            // C1 controls are U+0080...U+009F: C2 80...C2 9F; the others start with E2 80 / E2 81 / EF BB.
            if byte == 0xC2 || byte == 0xE2 || byte == 0xEF {
                return text.unicodeScalars.contains { isHidden($0.value) }
            }
        }
        return false
    }
}
