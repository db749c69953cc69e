// String literals: checking them while lexing, and decoding their segments when a node needs them.

extension Lexer {
    /// The unescaped contents of a `.string` token from this file, split into text and
    /// `{placeholder}` segments. The common string (ASCII, no escape, every brace part of a
    /// `{name}`) is split in one pass over its bytes; any other is lexed again from its start,
    /// exactly as `next()` lexed it (its errors were reported then and are not repeated).
    public static func segments(of token: Token, in file: SourceFile) -> [StringLiteral.Segment] {
        let start = token.range.start.offset
        let end = token.range.end.offset
        guard start < end, end <= file.bytes.count else { return [] }
        return asciiSegments(of: token, in: file.bytes) ?? segmentsByRelexing(of: token, in: file)
    }

    /// The text of a string token that is one piece of printable ASCII or tabs, with no backslash
    /// and no brace; nil for any other (most copy is such a string, and its literal then needs no
    /// segment list). `asciiSegments` reads the others.
    static func plainASCIIText(of token: Token, in bytes: [UInt8]) -> String? {
        let start = token.range.start.offset
        let close = token.range.end.offset - 1
        guard close > start + 1, close < bytes.count, bytes[start] == UInt8(ascii: "\""),
            bytes[close] == UInt8(ascii: "\"")
        else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> String? in
            guard ByteClasses.plainStringRunEnd(buffer, from: start + 1, to: close) == close else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[(start + 1)..<close]), as: UTF8.self)
        }
    }

    /// The segments of a string token whose bytes are printable ASCII or tabs with no backslash and
    /// only well-formed `{name}` braces; nil for any other. In such a string a byte is a column,
    /// so placeholder ranges follow from offsets.
    static func asciiSegments(of token: Token, in bytes: [UInt8]) -> [StringLiteral.Segment]? {
        let start = token.range.start.offset
        let close = token.range.end.offset - 1
        guard close > start, bytes[start] == UInt8(ascii: "\""), bytes[close] == UInt8(ascii: "\"") else { return nil }
        let line = token.range.start.line
        let columnBase = token.range.start.column - start
        return bytes.withUnsafeBufferPointer { buffer -> [StringLiteral.Segment]? in
            func text(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
            }
            // First pass: is the string of this kind, and how many segments has it? The array is
            // then allocated once at its size (grown from one, it was reallocated for every
            // string with a placeholder).
            var count = 0
            var textStart = start + 1
            var i = start + 1
            while i < close {
                let c = buffer[i]
                if c == UInt8(ascii: "{") {
                    var j = i + 1
                    guard j < close, isIdentifierStart(buffer[j]) else { return nil }
                    while j < close, isIdentifierContinue(buffer[j]) { j += 1 }
                    guard j < close, buffer[j] == UInt8(ascii: "}") else { return nil }
                    count += textStart < i ? 2 : 1
                    i = j + 1
                    textStart = i
                    continue
                }
                guard (c >= 0x20 && c <= 0x7E) || c == 0x09,
                    c != UInt8(ascii: "\\"), c != UInt8(ascii: "}"), c != UInt8(ascii: "\"")
                else { return nil }
                i += 1
            }
            if textStart < close { count += 1 }
            if count == 0 { return [] }
            if textStart == start + 1 { return [.text(text(textStart..<close))] }  // no placeholder
            // Second pass over a string now known to be well formed: every `{` opens a name and a `}` ends it.
            var segments: [StringLiteral.Segment] = []
            segments.reserveCapacity(count)
            textStart = start + 1
            i = start + 1
            while i < close {
                guard buffer[i] == UInt8(ascii: "{") else {
                    i += 1
                    continue
                }
                var j = i + 1
                while buffer[j] != UInt8(ascii: "}") { j += 1 }
                if textStart < i { segments.append(.text(text(textStart..<i))) }
                let range = SourceRange(
                    file: token.range.file,
                    start: SourceLocation(offset: i, line: line, column: columnBase + i),
                    end: SourceLocation(offset: j + 1, line: line, column: columnBase + j + 1))
                segments.append(.placeholder(StringLiteral.Placeholder(name: text((i + 1)..<j), range: range)))
                i = j + 1
                textStart = i
            }
            if textStart < close { segments.append(.text(text(textStart..<close))) }
            return segments
        }
    }

    /// The segments of any string token, by lexing it again with decoding on.
    static func segmentsByRelexing(of token: Token, in file: SourceFile) -> [StringLiteral.Segment] {
        var lexer = Lexer(file: file)
        lexer.offset = token.range.start.offset
        lexer.line = token.range.start.line
        lexer.column = token.range.start.column
        lexer.decodesStrings = true
        guard lexer.offset < lexer.end, lexer.bytes[lexer.offset] == UInt8(ascii: "\"") else { return [] }
        _ = lexer.lexString(from: token.range.start)
        return lexer.decodedSegments
    }

    /// `"..."` on one line: checked (errors reported) and, when `decodesStrings` is set, unescaped
    /// into `decodedSegments`.
    mutating func lexString(from start: SourceLocation) -> Token {
        offset += 1
        column += 1
        let decoding = decodesStrings
        if !decoding, let token = lexPlainString(from: start) { return token }
        var segments: [StringLiteral.Segment] = []
        var buffer: [UInt8] = []
        func flush() {
            if !buffer.isEmpty {
                segments.append(.text(String(decoding: buffer, as: UTF8.self)))
                buffer.removeAll(keepingCapacity: true)
            }
        }
        while true {
            guard offset < end, bytes[offset] != 0x0A, bytes[offset] != 0x0D else {
                report(.unterminatedString, "unterminated string literal; close it with '\"'", from: start)
                break
            }
            let b = bytes[offset]
            if b == UInt8(ascii: "\"") {
                offset += 1
                column += 1
                break
            }
            switch b {
            case UInt8(ascii: "\\"):
                lexEscape(into: &buffer)
            case UInt8(ascii: "{"):
                let placeholderStart = location
                if let name = lexPlaceholderName(from: placeholderStart, decoding: decoding, into: &buffer),
                    decoding
                {
                    flush()
                    segments.append(
                        .placeholder(StringLiteral.Placeholder(name: name, range: range(from: placeholderStart))))
                }
            case UInt8(ascii: "}"):
                let braceStart = location
                offset += 1
                column += 1
                report(
                    .unmatchedBraceInString, "unmatched '}' in string; write '\\}' for a literal brace",
                    from: braceStart)
                if decoding { buffer.append(b) }
            case 0x20...0x7E, 0x09:
                // Plain ASCII run: copy it in one go (long strings are the common large input).
                let runStart = offset
                offset = bytes.withUnsafeBufferPointer { buffer in
                    ByteClasses.plainStringRunEnd(buffer, from: runStart, to: buffer.count)
                }
                column += offset - runStart
                if decoding { buffer.append(contentsOf: bytes[runStart..<offset]) }
            default:
                let scalarStart = offset
                if consumeScalar() != nil {
                    if decoding { buffer.append(contentsOf: bytes[scalarStart..<offset]) }
                } else if decoding {
                    buffer.append(contentsOf: [0xEF, 0xBF, 0xBD])
                }
            }
        }
        if decoding {
            flush()
            decodedSegments = segments
        }
        return Token(kind: .string, range: range(from: start))
    }

    /// The string's body when it is one plain run up to the closing quote (most strings): no
    /// error to report and nothing to decode, so `lexString`'s loop and its buffers are not needed.
    /// Nil, having moved nothing, for any other. Inlined: as a call of its own, returning an
    /// optional token, it cost 0.7% more instructions on the lexing profile (callgrind).
    @inline(__always)
    private mutating func lexPlainString(from start: SourceLocation) -> Token? {
        let bodyStart = offset
        let closed = bytes.withUnsafeBufferPointer { buffer -> Int in
            let runEnd = ByteClasses.plainStringRunEnd(buffer, from: bodyStart, to: buffer.count)
            return runEnd < buffer.count && buffer[runEnd] == UInt8(ascii: "\"") ? runEnd : -1
        }
        guard closed >= 0 else { return nil }
        column += closed - bodyStart + 1  // a plain byte is one column
        offset = closed + 1
        return Token(kind: .string, range: range(from: start))
    }

    /// A `{name}` placeholder, from its `{`: the name when it is well formed (decoded only when
    /// `decoding`, else empty). A malformed one is reported and, when decoding, kept in `buffer`
    /// as written.
    private mutating func lexPlaceholderName(
        from placeholderStart: SourceLocation, decoding: Bool, into buffer: inout [UInt8]
    ) -> String? {
        offset += 1
        column += 1
        let nameStart = offset
        if offset < end, Self.isIdentifierStart(bytes[offset]) {
            while offset < end, Self.isIdentifierContinue(bytes[offset]) { offset += 1 }
        }
        let nameEnd = offset
        column += nameEnd - nameStart
        if offset < end, bytes[offset] == UInt8(ascii: "}"), nameEnd > nameStart {
            offset += 1
            column += 1
            return decoding ? String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self) : ""
        }
        let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
        let message =
            name.isEmpty
            ? "expected a placeholder name after '{' in string; write '\\{' for a literal brace"
            : "unterminated placeholder '{\(name)'; close it with '}'"
        report(.invalidPlaceholder, message, from: placeholderStart)
        if decoding {
            buffer.append(UInt8(ascii: "{"))
            buffer.append(contentsOf: bytes[nameStart..<nameEnd])
        }
        return nil
    }

    /// One escape sequence starting at a backslash; unknown escapes are reported and kept as written.
    mutating func lexEscape(into buffer: inout [UInt8]) {
        let start = location
        offset += 1
        column += 1
        guard let c = peek(), c != 0x0A, c != 0x0D else { return }  // the string is unterminated; said once
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            buffer.append(c)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            offset += 1
            column += 1
            lexUnicodeEscape(from: start, into: &buffer)
            return
        default:
            let scalarStart = offset
            let value = consumeScalar()
            let shown = value.flatMap { Self.isPrintable($0) ? Unicode.Scalar($0) : nil }.map { "'\\\($0)'" } ?? ""
            report(
                .invalidEscape,
                "unknown escape sequence \(shown.isEmpty ? "in string" : shown); write '\\\\' for a backslash",
                from: start)
            buffer.append(UInt8(ascii: "\\"))
            buffer.append(contentsOf: bytes[scalarStart..<offset])
            return
        }
        offset += 1
        column += 1
    }

    /// The part of `\u{1F4F7}` after `\u`.
    mutating func lexUnicodeEscape(from start: SourceLocation, into buffer: inout [UInt8]) {
        var value: UInt32 = 0
        var digits = 0
        var valid = peek() == UInt8(ascii: "{")
        if valid {
            offset += 1
            column += 1
            while let d = peek(), let v = Self.hexValue(d) {
                value = value &* 16 &+ UInt32(v)
                digits += 1
                offset += 1
                column += 1
            }
            if peek() == UInt8(ascii: "}") {
                offset += 1
                column += 1
            } else {
                valid = false
            }
        }
        if valid, (1...8).contains(digits), let scalar = Unicode.Scalar(value) {
            buffer.append(contentsOf: Array(String(scalar).utf8))
        } else {
            report(
                .invalidUnicodeEscape,
                "invalid unicode escape; write it as '\\u{1F4F7}' with 1 to 8 hex digits of a valid code point",
                from: start)
        }
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        case 0x61...0x66: b - 0x61 + 10
        default: nil
        }
    }
}
