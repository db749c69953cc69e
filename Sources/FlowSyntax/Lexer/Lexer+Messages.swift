// The wording of the lexer's messages about stray characters, apart from the scanning code.

extension Lexer {
    /// "unexpected character '§'", with a hint for the usual copy-paste accidents.
    static func strayMessage(_ scalars: [UInt32], count: Int) -> String {
        if count == 1, let value = scalars.first {
            let hint: String
            switch value {
            case 0x201C, 0x201D, 0x201E, 0x00AB, 0x00BB: hint = "; write strings with '\"'"
            case 0x00A0, 0x2007, 0x202F: hint = "; use a plain space"
            case 0x3B: hint = "; statements need no separator"
            case 0x3E: hint = "; a transition is written '->'"
            default: hint = ""
            }
            return "unexpected character \(describe(value))\(hint)"
        }
        if count <= 16, scalars.allSatisfy(isPrintable) {
            var text = ""
            for value in scalars { text.unicodeScalars.append(Unicode.Scalar(value)!) }
            return "unexpected characters '\(text)'"
        }
        return "unexpected characters"
    }

    static func isPrintable(_ value: UInt32) -> Bool {
        !(value < 0x20 || (value >= 0x7F && value <= 0xA0) || value == 0xAD || (value >= 0x200B && value <= 0x200F)
            || value == 0x2028 || value == 0x2029 || value == 0xFEFF || (value >= 0x202A && value <= 0x202E))
    }

    /// `'§'` for a visible character, `U+00A0` for an invisible one.
    static func describe(_ value: UInt32) -> String {
        if isPrintable(value), let scalar = Unicode.Scalar(value) { return "'\(Character(scalar))'" }
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
