import FlowSyntax

/// Copy as it travels in a catalog, and back: `{name}` is a placeholder and stays literal text
/// for the translator; a brace or backslash that is text is written `\{`, `\}`, `\\` (the same
/// escapes a `.flow` string uses), so every flow string has exactly one catalog text.
public enum CatalogText {
    /// A piece of catalog text, read back.
    public enum Segment: Hashable, Sendable {
        case text(String)
        case placeholder(String)
    }

    /// Why a catalog text cannot become flow copy, with the scalar offset in the text.
    public struct Problem: Error, Hashable, Sendable {
        public var message: String
        /// Unicode scalars from the start of the text.
        public var column: Int
        public init(message: String, column: Int) {
            self.message = message
            self.column = column
        }
    }

    /// The catalog text of a flow string literal.
    public static func text(of literal: StringLiteral) -> String {
        var out = ""
        for segment in literal.segments {
            switch segment {
            case .text(let s):
                for c in s.unicodeScalars {
                    switch c {
                    case "{": out += "\\{"
                    case "}": out += "\\}"
                    case "\\": out += "\\\\"
                    default: out.unicodeScalars.append(c)
                    }
                }
            case .placeholder(let placeholder): out += "{\(placeholder.name)}"
            }
        }
        return out
    }

    /// Reads catalog text: placeholders must be `{identifier}`, other braces escaped.
    public static func segments(of text: String) throws(Problem) -> [Segment] {
        var segments: [Segment] = []
        var literal = ""
        let scalars = Array(text.unicodeScalars)
        var i = 0
        func flush() {
            if !literal.isEmpty {
                segments.append(.text(literal))
                literal = ""
            }
        }
        while i < scalars.count {
            let c = scalars[i]
            switch c {
            case "\\" where i + 1 < scalars.count && "{}\\".unicodeScalars.contains(scalars[i + 1]):
                literal.unicodeScalars.append(scalars[i + 1])
                i += 2
            case "{":
                var j = i + 1
                while j < scalars.count, isNameScalar(scalars[j], first: j == i + 1) { j += 1 }
                guard j > i + 1, j < scalars.count, scalars[j] == "}" else {
                    throw Problem(
                        message: "'{' does not start a placeholder '{name}' (write '\\{' for a brace)", column: i)
                }
                flush()
                segments.append(.placeholder(String(String.UnicodeScalarView(scalars[(i + 1)..<j]))))
                i = j + 1
            case "}":
                throw Problem(message: "'}' closes no placeholder (write '\\}' for a brace)", column: i)
            default:
                literal.unicodeScalars.append(c)
                i += 1
            }
        }
        flush()
        return segments
    }

    /// The placeholder names of a text, in order, each once.
    public static func placeholders(_ segments: [Segment]) -> [String] {
        var seen = Set<String>()
        var names: [String] = []
        for case .placeholder(let name) in segments where seen.insert(name).inserted { names.append(name) }
        return names
    }

    /// The `.flow` string literal (with quotes) for catalog text: `"` `\` newline tab and other
    /// control characters escaped, literal braces as `\{` `\}`, placeholders as written.
    public static func flowLiteral(_ segments: [Segment]) -> String {
        var out = "\""
        for segment in segments {
            switch segment {
            case .placeholder(let name): out += "{\(name)}"
            case .text(let s):
                for c in s.unicodeScalars {
                    switch c {
                    case "\"": out += "\\\""
                    case "\\": out += "\\\\"
                    case "\n": out += "\\n"
                    case "\t": out += "\\t"
                    case "{": out += "\\{"
                    case "}": out += "\\}"
                    case _
                    where c.value < 0x20 || c.value == 0x7F || (0x80..<0xA0).contains(c.value)
                        || c.value == 0x2028 || c.value == 0x2029:
                        out += "\\u{\(String(c.value, radix: 16, uppercase: true))}"
                    default: out.unicodeScalars.append(c)
                    }
                }
            }
        }
        return out + "\""
    }

    static func isNameScalar(_ c: Unicode.Scalar, first: Bool) -> Bool {
        switch c.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F: true
        case 0x30...0x39: !first
        default: false
        }
    }
}
