/// A readable listing of a file's tokens, one per line (`line:col kind 'text'`), for golden tests.
///
/// String tokens also list their decoded segments after `=`: `text "Hi "`, `placeholder app 1:5-1:10`.
/// Trivia follows, each side only when it is not empty: `leading[newline '\n', whitespace '  ']`,
/// `trailing[whitespace ' ', lineComment '// x']`.
public enum TokenDump {
    public static func dump(_ file: SourceFile) -> String {
        var out = ""
        for token in Lexer.tokenize(file).tokens {
            let bytes = file.bytes[token.range.start.offset..<token.range.end.offset]
            out += "\(token.range.start.line):\(token.range.start.column) \(token.kind.dumpName) '\(escape(bytes))'"
            if token.kind == .string {
                out += " = " + Lexer.segments(of: token, in: file).map(describe).joined(separator: ", ")
            }
            out += trivia("leading", token.leadingTrivia, in: file)
            out += trivia("trailing", token.trailingTrivia, in: file)
            out += "\n"
        }
        return out
    }

    /// ` side[kind 'text', ...]`, or nothing for empty trivia.
    static func trivia(_ side: String, _ range: Range<Int>, in file: SourceFile) -> String {
        guard !range.isEmpty else { return "" }
        let pieces = Trivia(source: file.bytes, bytes: range).map {
            "\($0.kind.dumpName) '\(escape(file.bytes[$0.bytes]))'"
        }
        return " \(side)[\(pieces.joined(separator: ", "))]"
    }

    static func describe(_ segment: StringLiteral.Segment) -> String {
        switch segment {
        case .text(let text): "text \"\(escape(text))\""
        case .placeholder(let placeholder): "placeholder \(placeholder.name) \(SyntaxDump.position(placeholder.range))"
        }
    }

    /// Source bytes shown safely: control characters as `\u{7}`, invalid UTF-8 as `\x{FF}`.
    static func escape(_ bytes: ArraySlice<UInt8>) -> String {
        var out = ""
        let source = Array(bytes)
        var j = 0
        while j < source.count {
            if let (value, length) = UTF8Scalar.decode(source, at: j, end: source.count) {
                out += escape(value, quotes: false)
                j += length
            } else {
                out += "\\x{" + String(source[j], radix: 16, uppercase: true) + "}"
                j += 1
            }
        }
        return out
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars { out += escape(scalar.value, quotes: true) }
        return out
    }

    /// `quotes`: also escape `"` and `\` (inside a double-quoted rendering).
    private static func escape(_ value: UInt32, quotes: Bool) -> String {
        switch value {
        case 0x0A: return "\\n"
        case 0x09: return "\\t"
        case 0x0D: return "\\r"
        case 0x22 where quotes: return "\\\""
        case 0x5C where quotes: return "\\\\"
        default:
            if Lexer.isPrintable(value), let scalar = Unicode.Scalar(value) { return String(Character(scalar)) }
            return "\\u{" + String(value, radix: 16, uppercase: true) + "}"
        }
    }
}
