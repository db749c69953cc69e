/// A small JSON reader (RFC 8259) for configuration files, which keeps where each value is, so
/// every error has a line and column, and which refuses duplicate object keys (JSONSerialization
/// keeps one of them silently, so a second `"rules"` would quietly undo the first).
/// Nesting is capped (`maxDepth`), so no file overflows the stack. Public for the String Catalog
/// reader (FlowStrings), whose errors point into the catalog the same way; it lives in FlowSyntax
/// so that every module can read JSON without importing the linter.
public struct LocatedJSON {
    /// A value; object members keep the byte offset of their value (`position(of:)` turns it
    /// into a line and column when an error needs one, so a long one-line file costs no more).
    public indirect enum Value {
        /// Members in the order written; `offset` is where the value starts, `keyOffset` where
        /// the key's opening quote is.
        case object([(key: String, value: Value, offset: Int, keyOffset: Int)])
        case array([Value])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// A parse error at a position.
    public struct Failure: Error {
        public var message: String
        public var line: Int
        public var column: Int
        /// The byte offset the line and column describe.
        public var offset: Int
    }

    public static let maxDepth = 64

    /// `\"` `\\` `\/` `\b` `\f` `\n` `\r` `\t` and what they stand for.
    private static let simpleEscapes: [UInt8: UInt8] = [
        0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09,
    ]

    private let bytes: [UInt8]
    private var i = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one JSON document (a UTF-8 BOM is skipped).
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> Value {
        var parser = LocatedJSON(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.i = 3 }
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.i == bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    /// The 1-based line and column (in Unicode scalars, after a BOM) of a byte offset.
    public static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var k = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while k < min(offset, bytes.count) {
            if bytes[k] == 0x0A {
                line += 1
                column = 1
            } else if bytes[k] & 0xC0 != 0x80 {
                column += 1
            }
            k += 1
        }
        return (line, column)
    }

    private func failure(_ message: String, at offset: Int? = nil) -> Failure {
        let (line, column) = Self.position(of: offset ?? i, in: bytes)
        return Failure(message: message, line: line, column: column, offset: offset ?? i)
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D, 0x0A: i += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> Value {
        guard depth < Self.maxDepth else { throw failure("nesting deeper than \(Self.maxDepth) levels") }
        guard i < bytes.count else { throw failure("unexpected end of file: expected a value") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("expected a value (an object, array, string, number, true, false or null)")
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        let w = Array(word.utf8)
        guard bytes.count - i >= w.count, Array(bytes[i..<i + w.count]) == w else {
            throw failure("expected '\(word)'")
        }
        i += w.count
    }

    private mutating func number() throws(Failure) -> Double {
        let start = i
        while i < bytes.count, "+-.eE0123456789".utf8.contains(bytes[i]) { i += 1 }
        guard let n = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else {
            i = start
            throw failure("malformed number")
        }
        return n
    }

    private mutating func string() throws(Failure) -> String {
        i += 1  // the opening quote
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard i + 1 < bytes.count else { throw failure("unterminated string") }
                let e = bytes[i + 1]
                if let c = Self.simpleEscapes[e] {
                    out.append(c)
                    i += 2
                } else if e == UInt8(ascii: "u"), let v = hex4(at: i + 2) {
                    i += 6
                    var scalar = Unicode.Scalar(v)
                    // A high surrogate followed by `\uDC00`-`\uDFFF` is one scalar (an emoji in a
                    // translation); a surrogate alone becomes U+FFFD.
                    if (0xD800..<0xDC00).contains(v), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
                        bytes[i + 1] == UInt8(ascii: "u"), let low = hex4(at: i + 2), (0xDC00..<0xE000).contains(low)
                    {
                        scalar = Unicode.Scalar(0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00))
                        i += 6
                    }
                    out += Array(String(Character(scalar ?? "\u{FFFD}")).utf8)
                } else {
                    throw failure("invalid escape in string")
                }
            case 0x00..<0x20:
                throw failure("control character in string (write it as an escape)")
            default:
                out.append(b)
                i += 1
            }
        }
        throw failure("unterminated string")
    }

    private func hex4(at k: Int) -> UInt32? {
        guard k + 4 <= bytes.count,
            bytes[k..<k + 4].allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) })
        else { return nil }
        return UInt32(String(decoding: bytes[k..<k + 4], as: UTF8.self), radix: 16)
    }

    private mutating func array(depth: Int) throws(Failure) -> Value {
        i += 1
        var items: [Value] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            return .array(items)
        }
        while true {
            skipSpace()
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard i < bytes.count else { throw failure("unexpected end of file: expected ',' or ']'") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "]") {
                i += 1
                return .array(items)
            }
            throw failure("expected ',' or ']'")
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> Value {
        i += 1
        var members: [(key: String, value: Value, offset: Int, keyOffset: Int)] = []
        var seen: [String: Int] = [:]
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                throw failure("expected a key in double quotes")
            }
            let at = i
            let key = try string()
            if let first = seen[key] {
                let (line, column) = Self.position(of: first, in: bytes)
                throw failure("duplicate key '\(key)' (first at line \(line), column \(column))", at: at)
            }
            seen[key] = at
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw failure("expected ':' after the key") }
            i += 1
            skipSpace()
            let valueAt = i
            members.append((key, try value(depth: depth + 1), valueAt, at))
            skipSpace()
            guard i < bytes.count else { throw failure("unexpected end of file: expected ',' or '}'") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "}") {
                i += 1
                return .object(members)
            }
            throw failure("expected ',' or '}'")
        }
    }
}
