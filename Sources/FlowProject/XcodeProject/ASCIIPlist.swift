/// A reader for the old-style ("OpenStep", ASCII) property lists Xcode writes as
/// `project.pbxproj`. The format was checked against a real Xcode 16.1 project
/// (github.com/Asheshp23/GitIssue, `project.pbxproj`, `objectVersion = 77`): a `// !$*UTF8*$!`
/// first line, dictionaries `{ key = value; }`, arrays `( a, b, )` with a trailing comma,
/// unquoted strings (`isa = PBXNativeTarget;`, `IPHONEOS_DEPLOYMENT_TARGET = 18.1;`), quoted
/// strings with backslash escapes (`"\"GitIssue/Preview Content\""`), and `/* ... */` comments
/// after object IDs.
///
/// It walks bytes, keeps the line and column of every value, refuses a duplicate key in a
/// dictionary, and caps nesting at `maxDepth` so no input can overflow the stack.
struct ASCIIPlist: Sendable {
    /// A position in the file: 1-based line and column (in bytes).
    struct Position: Hashable, Sendable, CustomStringConvertible {
        var line: Int
        var column: Int
        var description: String { "\(line):\(column)" }
    }

    /// A value with where it starts.
    indirect enum Value: Hashable, Sendable {
        case string(String, Position)
        case array([Value], Position)
        case dictionary(Dictionary)
        case data([UInt8], Position)

        var position: Position {
            switch self {
            case .string(_, let p), .array(_, let p), .data(_, let p): p
            case .dictionary(let d): d.position
            }
        }
        var string: String? { if case .string(let s, _) = self { s } else { nil } }
        var array: [Value]? { if case .array(let a, _) = self { a } else { nil } }
        var dictionary: Dictionary? { if case .dictionary(let d) = self { d } else { nil } }
    }

    /// A dictionary in file order, with each key's position.
    struct Dictionary: Hashable, Sendable {
        var entries: [(key: String, keyPosition: Position, value: Value)]
        var position: Position
        private var index: [String: Int]

        init(position: Position) {
            self.entries = []
            self.position = position
            self.index = [:]
        }

        subscript(key: String) -> Value? { index[key].map { entries[$0].value } }

        /// Adds an entry; false when the key is already there.
        mutating func add(_ key: String, at position: Position, _ value: Value) -> Bool {
            guard index[key] == nil else { return false }
            index[key] = entries.count
            entries.append((key, position, value))
            return true
        }

        static func == (a: Dictionary, b: Dictionary) -> Bool {
            a.position == b.position && a.entries.map(\.key) == b.entries.map(\.key)
                && a.entries.map(\.value) == b.entries.map(\.value)
        }
        func hash(into h: inout Hasher) {
            h.combine(position)
            for e in entries {
                h.combine(e.key)
                h.combine(e.value)
            }
        }
    }

    /// Why the file is not an old-style property list, at a line and column.
    struct ParseError: Error, Hashable, Sendable {
        var message: String
        var position: Position
    }

    /// Nesting deeper than this is refused (a real project nests about 6 levels).
    static let maxDepth = 64

    let root: Value

    /// Parses `bytes`; the root may be any value (a project's is a dictionary).
    init(bytes: [UInt8], maxDepth: Int = ASCIIPlist.maxDepth) throws(ParseError) {
        var parser = Parser(bytes: bytes, maxDepth: maxDepth)
        parser.skipTrivia()
        if let error = parser.error { throw error }
        guard parser.i < bytes.count else { throw ParseError(message: "the file is empty", position: parser.position) }
        let value = parser.value(depth: 0)
        if let error = parser.error { throw error }
        parser.skipTrivia()
        if let error = parser.error { throw error }
        if parser.i < bytes.count {
            throw ParseError(
                message: "unexpected '\(parser.shown(bytes[parser.i]))' after the top-level value",
                position: parser.position)
        }
        self.root = value!
    }

    private struct Parser {
        let bytes: [UInt8]
        let maxDepth: Int
        var i = 0
        var line = 1
        var lineStart = 0
        var error: ParseError?

        init(bytes: [UInt8], maxDepth: Int) {
            self.bytes = bytes
            self.maxDepth = maxDepth
        }

        var position: Position { Position(line: line, column: i - lineStart + 1) }

        func shown(_ b: UInt8) -> String {
            b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "\\u{\(String(b, radix: 16))}"
        }

        mutating func fail(_ message: String, at p: Position? = nil) {
            if error == nil { error = ParseError(message: message, position: p ?? position) }
        }

        mutating func advance() {
            if bytes[i] == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }

        /// Whitespace and both comment styles.
        mutating func skipTrivia() {
            while i < bytes.count, error == nil {
                let b = bytes[i]
                if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                    advance()
                } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                    while i < bytes.count, bytes[i] != 0x0A { advance() }
                } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                    let start = position
                    advance()
                    advance()
                    while i < bytes.count,
                        !(bytes[i] == UInt8(ascii: "*") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/"))
                    { advance() }
                    guard i < bytes.count else { return fail("unterminated comment", at: start) }
                    advance()
                    advance()
                } else {
                    return
                }
            }
        }

        static func isUnquoted(_ b: UInt8) -> Bool {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
                UInt8(ascii: "."), UInt8(ascii: "-"):
                true
            default: false
            }
        }

        /// value := dictionary | array | string | data
        mutating func value(depth: Int) -> Value? {
            guard error == nil else { return nil }
            guard depth < maxDepth else {
                fail("nesting deeper than \(maxDepth) levels")
                return nil
            }
            guard i < bytes.count else {
                fail("unexpected end of file, expected a value")
                return nil
            }
            let start = position
            switch bytes[i] {
            case UInt8(ascii: "{"): return dictionary(depth: depth)
            case UInt8(ascii: "("): return array(depth: depth)
            case UInt8(ascii: "<"): return data()
            default:
                guard let s = string() else { return nil }
                return .string(s, start)
            }
        }

        /// array := '(' (value (',' value)* ','?)? ')'
        mutating func array(depth: Int) -> Value? {
            let start = position
            advance()
            var items: [Value] = []
            while true {
                skipTrivia()
                guard error == nil else { return nil }
                guard i < bytes.count else {
                    fail("unterminated array (opened at \(start))")
                    return nil
                }
                if bytes[i] == UInt8(ascii: ")") {
                    advance()
                    return .array(items, start)
                }
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
                skipTrivia()
                guard i < bytes.count else {
                    fail("unterminated array (opened at \(start))")
                    return nil
                }
                if bytes[i] == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                if bytes[i] == UInt8(ascii: ")") { continue }
                fail("expected ',' or ')' in the array opened at \(start), found '\(shown(bytes[i]))'")
                return nil
            }
        }

        /// data := '<' hexadecimal digits and whitespace '>'
        mutating func data() -> Value? {
            let start = position
            advance()
            var data: [UInt8] = []
            var high: UInt8?
            while i < bytes.count, bytes[i] != UInt8(ascii: ">") {
                let b = bytes[i]
                let nibble: UInt8? =
                    switch b {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
                    case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
                    default: nil
                    }
                if let nibble {
                    if let h = high {
                        data.append(h << 4 | nibble)
                        high = nil
                    } else {
                        high = nibble
                    }
                } else if !(b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D) {
                    fail("'\(shown(b))' in data: only hexadecimal digits may appear between '<' and '>'")
                    return nil
                }
                advance()
            }
            guard i < bytes.count else {
                fail("unterminated data (opened at \(start))")
                return nil
            }
            if high != nil {
                fail("odd number of hexadecimal digits in data", at: start)
                return nil
            }
            advance()
            return .data(data, start)
        }

        /// dictionary := '{' (string '=' value ';')* '}'
        mutating func dictionary(depth: Int) -> Value? {
            let start = position
            advance()
            var d = Dictionary(position: start)
            while true {
                skipTrivia()
                guard error == nil else { return nil }
                guard i < bytes.count else {
                    fail("unterminated dictionary (opened at \(start))")
                    return nil
                }
                if bytes[i] == UInt8(ascii: "}") {
                    advance()
                    return .dictionary(d)
                }
                let keyPosition = position
                guard bytes[i] == UInt8(ascii: "\"") || Self.isUnquoted(bytes[i]) else {
                    fail("expected a key or '}' in the dictionary opened at \(start), found '\(shown(bytes[i]))'")
                    return nil
                }
                guard let key = string() else { return nil }
                skipTrivia()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else {
                    fail("expected '=' after the key '\(key)'")
                    return nil
                }
                advance()
                skipTrivia()
                guard let v = value(depth: depth + 1) else { return nil }
                skipTrivia()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ";") else {
                    fail("expected ';' after the value of '\(key)'")
                    return nil
                }
                advance()
                if !d.add(key, at: keyPosition, v) {
                    let first = d.entries.first { $0.key == key }!.keyPosition
                    fail("duplicate key '\(key)' in a dictionary (first at \(first))", at: keyPosition)
                    return nil
                }
            }
        }

        /// A quoted string with its escapes, or an unquoted run of `[A-Za-z0-9_$+/:.-]`.
        mutating func string() -> String? {
            guard i < bytes.count else {
                fail("expected a string")
                return nil
            }
            if bytes[i] != UInt8(ascii: "\"") {
                let from = i
                while i < bytes.count, Self.isUnquoted(bytes[i]) { advance() }
                guard i > from else {
                    fail("expected a value, found '\(shown(bytes[i]))'")
                    return nil
                }
                return String(decoding: bytes[from..<i], as: UTF8.self)
            }
            let start = position
            advance()
            var out: [UInt8] = []
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                guard bytes[i] == UInt8(ascii: "\\") else {
                    out.append(bytes[i])
                    advance()
                    continue
                }
                let escape = position
                advance()
                guard i < bytes.count else { break }
                let e = bytes[i]
                advance()
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "a"): out.append(0x07)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "v"): out.append(0x0B)
                case UInt8(ascii: "U"), UInt8(ascii: "u"):
                    var scalar: UInt32 = 0
                    for _ in 0..<4 {
                        guard i < bytes.count, let d = hexDigit(bytes[i]) else {
                            fail("'\\U' needs four hexadecimal digits", at: escape)
                            return nil
                        }
                        scalar = scalar << 4 | UInt32(d)
                        advance()
                    }
                    guard let u = UnicodeScalar(scalar) else {
                        fail("'\\U\(String(scalar, radix: 16))' is not a character", at: escape)
                        return nil
                    }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var v = UInt32(e - UInt8(ascii: "0"))
                    for _ in 0..<2 where i < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[i]) {
                        v = v * 8 + UInt32(bytes[i] - UInt8(ascii: "0"))
                        advance()
                    }
                    out.append(UInt8(truncatingIfNeeded: v))
                default: out.append(e)  // \" \\ \' and any other character stand for themselves
                }
            }
            guard i < bytes.count else {
                fail("unterminated string (opened at \(start))", at: start)
                return nil
            }
            advance()
            return String(decoding: out, as: UTF8.self)
        }

        func hexDigit(_ b: UInt8) -> UInt8? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }
}
