/// A small XML reader for XLIFF: elements, attributes, text and CDATA, with the byte offset of
/// each, so errors point at their line and column. What an XLIFF file never needs is refused
/// rather than half-supported: a DOCTYPE (and with it every entity declaration, so no file can
/// expand entities), entities other than the five predefined ones and character references,
/// nesting deeper than `maxDepth`. Comments and processing instructions are skipped.
public enum XMLReader {
    public static let maxDepth = 64

    public struct Element: Sendable {
        public var name: String
        public var attributes: [(name: String, value: String, offset: Int)]
        public var children: [Node]
        /// Where `<` of the start tag is.
        public var offset: Int

        public func attribute(_ name: String) -> (value: String, offset: Int)? {
            attributes.first { $0.name == name }.map { ($0.value, $0.offset) }
        }
        public var elements: [Element] { children.compactMap { if case .element(let e) = $0 { e } else { nil } } }
        public func elements(named name: String) -> [Element] { elements.filter { $0.name == name } }
        /// The text of the element (text and CDATA children joined), and where it starts.
        public var text: (value: String, offset: Int) {
            var value = ""
            var start: Int?
            for case .text(let t, let at) in children {
                value += t
                start = start ?? at
            }
            return (value, start ?? offset)
        }
    }

    public enum Node: Sendable {
        case element(Element)
        /// Decoded text, and where its first byte is in the file.
        case text(String, offset: Int)
    }

    public struct Failure: Error, Sendable {
        public var message: String
        public var offset: Int
    }

    /// Parses a document and returns its root element.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> Element {
        var p = Parsing(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.i = 3 }
        try p.misc()
        guard p.i < bytes.count, bytes[p.i] == UInt8(ascii: "<") else {
            throw Failure(message: "expected the root element", offset: p.i)
        }
        let root = try p.element(depth: 0)
        try p.misc()
        guard p.i == bytes.count else {
            throw Failure(message: "unexpected content after the root element", offset: p.i)
        }
        return root
    }

    /// The byte offset of scalar `column` of text that starts at `start`, through entities.
    public static func offset(inText bytes: [UInt8], start: Int, column: Int) -> Int {
        var i = start
        var n = 0
        while i < bytes.count, n < column {
            if bytes[i] == UInt8(ascii: "&"), let end = bytes[i...].firstIndex(of: UInt8(ascii: ";")) {
                i = end + 1
            } else if bytes[i...].starts(with: Array("<![CDATA[".utf8)) {
                i += 9
                continue
            } else {
                let b = bytes[i]
                i += b < 0xC0 ? 1 : (b < 0xE0 ? 2 : (b < 0xF0 ? 3 : 4))
            }
            n += 1
        }
        return min(i, bytes.count)
    }

    private struct Parsing {
        let bytes: [UInt8]
        var i = 0

        func fail(_ message: String, at offset: Int? = nil) -> Failure {
            Failure(message: message, offset: offset ?? i)
        }

        func starts(_ s: String) -> Bool { bytes[i...].starts(with: Array(s.utf8)) }

        mutating func skipSpace() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }

        /// Whitespace, comments, processing instructions (the XML declaration) between elements.
        mutating func misc() throws(Failure) {
            while true {
                skipSpace()
                if starts("<?") {
                    try skip(past: "?>", what: "processing instruction")
                } else if starts("<!--") {
                    try skip(past: "-->", what: "comment")
                } else if starts("<!DOCTYPE") || starts("<!ENTITY") {
                    throw fail("a DOCTYPE or entity declaration is not accepted in XLIFF (entities are never expanded)")
                } else {
                    return
                }
            }
        }

        mutating func skip(past end: String, what: String) throws(Failure) {
            let start = i
            let e = Array(end.utf8)
            while i < bytes.count, !bytes[i...].starts(with: e) { i += 1 }
            guard i < bytes.count else { throw fail("unterminated \(what)", at: start) }
            i += e.count
        }

        mutating func name() throws(Failure) -> String {
            let start = i
            while i < bytes.count, !([0x20, 0x09, 0x0A, 0x0D] + Array("=/>\"'<&".utf8)).contains(bytes[i]) { i += 1 }
            guard i > start else { throw fail("expected a name") }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }

        mutating func element(depth: Int) throws(Failure) -> Element {
            guard depth < XMLReader.maxDepth else {
                throw fail("elements nested deeper than \(XMLReader.maxDepth) levels")
            }
            let start = i
            i += 1
            let tag = try name()
            var attributes: [(name: String, value: String, offset: Int)] = []
            // Duplicates found by hashing: an element with 300,000 attributes was quadratic.
            var names = Set<String>()
            while true {
                skipSpace()
                guard i < bytes.count else { throw fail("unterminated start tag <\(tag)>", at: start) }
                if bytes[i] == UInt8(ascii: "/") {
                    guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ">") else {
                        throw fail("expected '>' after '/'")
                    }
                    i += 2
                    return Element(name: tag, attributes: attributes, children: [], offset: start)
                }
                if bytes[i] == UInt8(ascii: ">") {
                    i += 1
                    break
                }
                let at = i
                let attribute = try name()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else {
                    throw fail("expected '=' after attribute '\(attribute)'")
                }
                i += 1
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                    throw fail("expected a quoted value for attribute '\(attribute)'")
                }
                let quote = bytes[i]
                i += 1
                let value = try text(until: quote, inAttribute: true)
                i += 1
                guard names.insert(attribute).inserted else { throw fail("duplicate attribute '\(attribute)'", at: at) }
                attributes.append((attribute, value, at))
            }
            var children: [Node] = []
            while true {
                guard i < bytes.count else { throw fail("element <\(tag)> is not closed", at: start) }
                if starts("</") {
                    i += 2
                    let close = try name()
                    guard close == tag else { throw fail("</\(close)> closes <\(tag)>") }
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw fail("expected '>'") }
                    i += 1
                    return Element(name: tag, attributes: attributes, children: children, offset: start)
                } else if starts("<!--") {
                    try skip(past: "-->", what: "comment")
                } else if starts("<![CDATA[") {
                    let at = i
                    i += 9
                    let body = i
                    try skip(past: "]]>", what: "CDATA section")
                    children.append(.text(String(decoding: bytes[body..<(i - 3)], as: UTF8.self), offset: at))
                } else if starts("<?") {
                    try skip(past: "?>", what: "processing instruction")
                } else if starts("<!") {
                    throw fail("a declaration is not accepted inside an element")
                } else if bytes[i] == UInt8(ascii: "<") {
                    children.append(.element(try element(depth: depth + 1)))
                } else {
                    let at = i
                    children.append(.text(try text(until: UInt8(ascii: "<"), inAttribute: false), offset: at))
                }
            }
        }

        /// Text up to `end` (not consumed), entities decoded.
        mutating func text(until end: UInt8, inAttribute: Bool) throws(Failure) -> String {
            var out: [UInt8] = []
            while i < bytes.count, bytes[i] != end {
                let b = bytes[i]
                if b == UInt8(ascii: "&") {
                    let at = i
                    guard let semi = bytes[i...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                        throw fail("'&' starts no entity (write '&amp;')")
                    }
                    let entity = String(decoding: bytes[(i + 1)..<semi], as: UTF8.self)
                    switch entity {
                    case "amp": out.append(UInt8(ascii: "&"))
                    case "lt": out.append(UInt8(ascii: "<"))
                    case "gt": out.append(UInt8(ascii: ">"))
                    case "quot": out.append(UInt8(ascii: "\""))
                    case "apos": out.append(UInt8(ascii: "'"))
                    default:
                        let hex = entity.hasPrefix("#x")
                        let dec = entity.hasPrefix("#")
                        guard dec, let v = UInt32(entity.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10),
                            let s = Unicode.Scalar(v)
                        else {
                            throw fail(
                                "unknown entity '&\(entity);' (only &amp; &lt; &gt; &quot; &apos; and character references)",
                                at: at)
                        }
                        out += Array(String(Character(s)).utf8)
                    }
                    i = semi + 1
                } else if b == UInt8(ascii: "<") {
                    throw fail("'<' in an attribute value")
                } else if inAttribute, b == 0x0D || b == 0x0A || b == 0x09 {
                    // Attribute-value normalization: literal whitespace is a space.
                    if !(b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A) { out.append(0x20) }
                    i += 1
                } else if b == 0x0D {
                    // End-of-line handling: CR LF and CR are LF.
                    out.append(0x0A)
                    i += (i + 1 < bytes.count && bytes[i + 1] == 0x0A) ? 2 : 1
                } else {
                    out.append(b)
                    i += 1
                }
            }
            guard i < bytes.count || end == UInt8(ascii: "<") else { throw fail("unterminated attribute value") }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
