/// What a piece of trivia is: the bytes between tokens that carry no grammar but must survive a
/// round trip (swift-syntax's `TriviaPiece`).
public enum TriviaKind: Hashable, Sendable {
    /// A run of spaces and tabs.
    case whitespace
    /// One line break: LF, CRLF or a lone CR.
    case newline
    /// `// ...` up to (not including) the line break.
    case lineComment
    /// `/* ... */`, or `/*` to the end of the file when it is never closed.
    case blockComment
    /// The UTF-8 byte-order mark at the very start of a file.
    case byteOrderMark
    /// Bytes the lexer cannot make a token of and reported: stray characters, a run of invalid
    /// UTF-8, a `#` comment.
    case unexpectedText

    /// How a dump names the kind.
    public var dumpName: String {
        switch self {
        case .whitespace: "whitespace"
        case .newline: "newline"
        case .lineComment: "lineComment"
        case .blockComment: "blockComment"
        case .byteOrderMark: "byteOrderMark"
        case .unexpectedText: "unexpectedText"
        }
    }

    public var isComment: Bool { self == .lineComment || self == .blockComment }
}

/// One piece of trivia: its kind and the bytes it covers (a range into the file, never a copy).
public struct TriviaPiece: Hashable, Sendable {
    public var kind: TriviaKind
    public var bytes: Range<Int>
    public init(kind: TriviaKind, bytes: Range<Int>) {
        self.kind = kind
        self.bytes = bytes
    }
}

/// The trivia of one side of a token, as the pieces of a byte range of the file.
///
/// Tokens store only where their trivia starts and ends; the pieces are found again here on
/// demand by the same classifier the lexer used (`Trivia.piece(in:at:end:)`), so lexing copies
/// nothing and the two can never disagree.
public struct Trivia: Sequence, Sendable {
    public let source: [UInt8]
    public let bytes: Range<Int>

    public init(source: [UInt8], bytes: Range<Int>) {
        self.source = source
        self.bytes = bytes
    }

    public var isEmpty: Bool { bytes.isEmpty }

    public struct Iterator: IteratorProtocol {
        let source: [UInt8]
        var offset: Int
        let end: Int

        public mutating func next() -> TriviaPiece? {
            guard offset < end else { return nil }
            // Inside a token's trivia the classifier always finds a piece; the whole text of a
            // file the parser refused (NUL byte, too large) is kept as trivia too, and a token
            // start there is read as unexpected text up to the end.
            let (kind, pieceEnd) = Trivia.piece(in: source, at: offset, end: end) ?? (.unexpectedText, end)
            let piece = TriviaPiece(kind: kind, bytes: offset..<pieceEnd)
            offset = pieceEnd
            return piece
        }
    }

    public func makeIterator() -> Iterator { Iterator(source: source, offset: bytes.lowerBound, end: bytes.upperBound) }

    /// The piece of trivia that starts at `i` (before `end`), with the offset just after it; nil
    /// when a token starts at `i`. This is the single definition of what trivia is: the lexer
    /// consumes exactly the pieces it returns.
    @inline(__always)
    static func piece(in bytes: [UInt8], at i: Int, end: Int) -> (TriviaKind, Int)? {
        let b = bytes[i]
        switch b {
        case 0x20, 0x09:
            var j = i + 1
            while j < end, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
            return (.whitespace, j)
        case 0x0A:
            return (.newline, i + 1)
        case 0x0D:
            return (.newline, i + 1 < end && bytes[i + 1] == 0x0A ? i + 2 : i + 1)
        case UInt8(ascii: "/"):
            guard i + 1 < end else { return (.unexpectedText, i + 1) }
            if bytes[i + 1] == UInt8(ascii: "/") { return (.lineComment, lineEnd(in: bytes, from: i + 2, end: end)) }
            if bytes[i + 1] == UInt8(ascii: "*") {
                return (.blockComment, blockCommentEnd(in: bytes, from: i + 2, end: end))
            }
            return (.unexpectedText, strayRunEnd(in: bytes, from: i, end: end))
        case UInt8(ascii: "#"):
            // A shell-style comment: unexpected, but read to the end of its line.
            return (.unexpectedText, lineEnd(in: bytes, from: i + 1, end: end))
        case 0xEF where i == 0 && UTF8Scalar.hasBOM(bytes):
            return (.byteOrderMark, 3)
        default:
            if Lexer.startsToken(b) { return nil }
            if UTF8Scalar.decode(bytes, at: i, end: end) == nil {
                var j = i + 1
                while j < end, UTF8Scalar.decode(bytes, at: j, end: end) == nil { j += 1 }
                return (.unexpectedText, j)
            }
            return (.unexpectedText, strayRunEnd(in: bytes, from: i, end: end))
        }
    }

    /// The offset of the next LF or CR at or after `i`, or `end`.
    static func lineEnd(in bytes: [UInt8], from i: Int, end: Int) -> Int {
        var j = i
        while j < end, bytes[j] != 0x0A, bytes[j] != 0x0D { j += 1 }
        return j
    }

    /// Just after the `*/` that closes a block comment whose body starts at `i`, or `end`.
    static func blockCommentEnd(in bytes: [UInt8], from i: Int, end: Int) -> Int {
        var j = i
        while j + 1 < end {
            if bytes[j] == UInt8(ascii: "*"), bytes[j + 1] == UInt8(ascii: "/") { return j + 2 }
            j += 1
        }
        return end
    }

    /// The end of a run of stray characters starting at `i` (a valid scalar that starts no token
    /// or trivia): the run stops before anything that does, and before invalid UTF-8.
    static func strayRunEnd(in bytes: [UInt8], from i: Int, end: Int) -> Int {
        var j = i
        while j < end, !Lexer.startsTokenOrTrivia(bytes, at: j, end: end),
            let (_, length) = UTF8Scalar.decode(bytes, at: j, end: end)
        {
            j += length
        }
        return Swift.max(j, i + 1)
    }
}
