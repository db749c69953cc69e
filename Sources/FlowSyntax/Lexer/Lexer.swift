/// Turns the UTF-8 bytes of a `SourceFile` into tokens, one `next()` at a time.
///
/// The lexer never throws and never stops: invalid UTF-8, stray characters, bad escapes and
/// unterminated strings or comments are reported in `diagnostics`, and lexing goes on. Every byte
/// that is not a token is trivia of one (`Trivia`): whitespace, line breaks, comments, the byte-order
/// mark, and bytes it cannot lex, so the tokens with their trivia are the file byte for byte. A
/// token's trailing trivia runs to the end of its line (not including the line break); everything
/// else before a token is its leading trivia, as in swift-syntax. Comments are also collected in
/// `comments`, for the linter's directives. Columns count Unicode scalars (an invalid byte counts as
/// one), a tab is one column, and LF, CRLF and a lone CR each end a line.
public struct Lexer {
    public let file: SourceFile
    let bytes: [UInt8]
    let end: Int
    var offset: Int
    var line = 1
    var column = 1
    /// Whether `lexString` builds the segments of a string (`segments(of:in:)`), or only checks it
    /// and reports its errors (`next()`, so tokens stay free of heap payloads).
    var decodesStrings = false
    /// The segments of the last string lexed while `decodesStrings` is set.
    var decodedSegments: [StringLiteral.Segment] = []

    public private(set) var diagnostics: [Diagnostic] = []
    /// The comment pieces of the trivia, in order, with their text: the linter reads its
    /// `// flowlint:` directives here (the trivia is the same bytes: `Trivia` finds them again).
    public private(set) var comments: [Comment] = []

    public init(file: SourceFile) {
        self.file = file
        self.bytes = file.bytes
        self.end = file.bytes.count
        self.offset = 0
    }

    /// Lexes a whole file (for dumps and tests); the last token is `.eof`, whose leading trivia
    /// is whatever follows the last token.
    public static func tokenize(_ file: SourceFile) -> (tokens: [Token], diagnostics: [Diagnostic], comments: [Comment])
    {
        var lexer = Lexer(file: file)
        var tokens: [Token] = []
        // Generated and hand-written flows run 5 to 6 bytes a token: one allocation, no regrowth.
        tokens.reserveCapacity(file.bytes.count / 4 + 16)
        while true {
            let token = lexer.next()
            tokens.append(token)
            if token.kind == .eof { break }
        }
        return (tokens, lexer.diagnostics, lexer.comments)
    }

    // MARK: Positions

    var location: SourceLocation { SourceLocation(lexerOffset: offset, line: line, column: column) }

    func range(from start: SourceLocation) -> SourceRange {
        SourceRange(file: file.id, start: start, end: location)
    }

    func peek(_ ahead: Int = 0) -> UInt8? {
        let i = offset + ahead
        return i < end ? bytes[i] : nil
    }

    mutating func report(
        _ id: SyntaxDiagnosticID, _ message: String, from start: SourceLocation,
        fixIts: [FixIt] = []
    ) {
        diagnostics.append(.syntax(id, message, at: range(from: start), fixIts: fixIts))
    }

    /// Consumes one line break (LF, CRLF or lone CR) at `offset`.
    private mutating func consumeNewline() {
        if bytes[offset] == 0x0D, offset + 1 < end, bytes[offset + 1] == 0x0A { offset += 1 }
        offset += 1
        line += 1
        column = 1
    }

    /// Consumes one scalar that is not a line break. Returns its value, or nil when the bytes at
    /// `offset` are invalid UTF-8: then the whole invalid run is consumed and reported once.
    @discardableResult
    mutating func consumeScalar() -> UInt32? {
        if let (value, length) = UTF8Scalar.decode(bytes, at: offset, end: end) {
            offset += length
            column += 1
            return value
        }
        consumeInvalidRun()
        return nil
    }

    /// Consumes consecutive bytes that are not valid UTF-8 and reports them as one diagnostic.
    mutating func consumeInvalidRun() {
        let start = location
        var count = 0
        while offset < end, UTF8Scalar.decode(bytes, at: offset, end: end) == nil {
            offset += 1
            column += 1
            count += 1
        }
        let what = count == 1 ? "invalid UTF-8 byte" : "\(count) invalid UTF-8 bytes"
        report(.invalidUTF8, "\(what) in source; save the file as UTF-8", from: start)
    }

    // MARK: Tokens

    /// The next token with its trivia; `.eof` forever once the input is exhausted.
    public mutating func next() -> Token {
        let leadingStart = offset
        var start: SourceLocation
        var kind: TokenKind
        while true {
            // Leading trivia: blanks in one scan, any other piece where no token starts (the
            // token switch tells, so the byte is classified once).
            lexBlanks(trailing: false)
            start = location
            if let token = lexToken(from: start) {
                kind = token
                break
            }
            lexOtherTrivia()
        }
        let tokenEnd = location
        lexTrivia(trailing: true)  // nothing at the end of the file
        // Built once, in place: making the token with empty trivia and then setting it copied
        // all 40 bytes again on the way out.
        return Token(
            kind: kind, range: SourceRange(file: file.id, start: start, end: tokenEnd),
            leadingStart: leadingStart, trailingEnd: offset)
    }

    /// The kind of the token at `offset`, consumed, `.eof` at the end of the file, or nil when no
    /// token starts there (then trivia does: `Trivia.piece` says a token starts exactly where
    /// `startsToken` does, and this switch takes exactly those bytes).
    @inline(__always)
    private mutating func lexToken(from start: SourceLocation) -> TokenKind? {
        guard offset < end else { return .eof }
        let b = bytes[offset]
        switch b {
        case UInt8(ascii: "{"): return single(.leftBrace)
        case UInt8(ascii: "}"): return single(.rightBrace)
        case UInt8(ascii: "("): return single(.leftParen)
        case UInt8(ascii: ")"): return single(.rightParen)
        case UInt8(ascii: ","): return single(.comma)
        case UInt8(ascii: ":"): return single(.colon)
        case UInt8(ascii: "="):
            if peek(1) == UInt8(ascii: ">") {
                // A common slip; lexed as the arrow it was meant to be so parsing goes on undisturbed.
                offset += 2
                column += 2
                report(
                    .unexpectedCharacter, "unexpected '=>'; a transition is written '->'", from: start,
                    fixIts: [FixIt(range: range(from: start), replacement: "->", message: "did you mean '->'?")])
                return .arrow
            }
            return single(.equals)
        case UInt8(ascii: "@"): return single(.at)
        case UInt8(ascii: "."): return single(.dot)
        case UInt8(ascii: "-"):
            if peek(1) == UInt8(ascii: ">") {
                offset &+= 2
                column &+= 2
                return .arrow
            }
            if let d = peek(1), Self.isDigit(d) { return lexNumber(from: start) }
            return single(.minus)
        case UInt8(ascii: "\""):
            return lexString(from: start).kind
        case _ where Self.isIdentifierStart(b):
            return lexIdentifier()
        case _ where Self.isDigit(b):
            return lexNumber(from: start)
        default:
            return nil
        }
    }

    /// A one-byte token: offsets and columns cannot overflow (a file has under 4 GiB).
    @inline(__always)
    private mutating func single(_ kind: TokenKind) -> TokenKind {
        offset &+= 1
        column &+= 1
        return kind
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    /// `[A-Za-z_]`: setting bit 5 folds `A-Z` onto `a-z`, and one wrapping subtraction tests the range.
    static func isIdentifierStart(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 || b == 0x5F }
    /// `[A-Za-z0-9_]`
    static func isIdentifierContinue(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 || b &- 0x30 < 10 || b == 0x5F }
    /// A byte of a string's plain run: printable ASCII or tab, but not `"`, `\`, `{` or `}`.
    static func isPlainStringByte(_ c: UInt8) -> Bool {
        ((c >= 0x20 && c <= 0x7E) || c == 0x09) && c != UInt8(ascii: "\"") && c != UInt8(ascii: "\\")
            && c != UInt8(ascii: "{") && c != UInt8(ascii: "}")
    }

    /// Whether a token starts with byte `b`: `{ } ( ) , : = @ . -`, a quote, a name or a digit.
    /// One bit per ASCII byte in two words, because this runs twice per token (at the end of its
    /// trailing trivia and of the next one's leading trivia).
    @inline(__always)
    static func startsToken(_ b: UInt8) -> Bool {
        // Bits 0x22 0x28 0x29 0x2C-0x2E 0x30-0x3A 0x3D, and 0x40-0x5A 0x5F 0x61-0x7B 0x7D.
        let word: UInt64 = b < 64 ? 0x27FF_7304_0000_0000 : (b < 128 ? 0x2FFF_FFFE_87FF_FFFF : 0)
        return (word &>> UInt64(b & 63)) & 1 != 0
    }

    /// Whether the byte at `i` can begin a token or trivia (so a run of stray characters stops before it).
    static func startsTokenOrTrivia(_ bytes: [UInt8], at i: Int, end: Int) -> Bool {
        switch bytes[i] {
        case 0x20, 0x09, 0x0A, 0x0D: return true
        case UInt8(ascii: "/"):
            return i + 1 < end && (bytes[i + 1] == UInt8(ascii: "/") || bytes[i + 1] == UInt8(ascii: "*"))
        default:
            return startsToken(bytes[i])
        }
    }

    /// Consumes trivia pieces (as `Trivia.piece` finds them): every piece for leading trivia, up to
    /// the next line break for trailing trivia. Reports what the pieces hold that is an error.
    ///
    /// Spaces, tabs and line breaks (most trivia) are read over the buffer with the position in
    /// locals, stored back once: kept in `self`, every byte cost a load and a store of each.
    @inline(__always)
    private mutating func lexTrivia(trailing: Bool) {
        while true {
            let stop = lexBlanks(trailing: trailing)
            // A token, the end of the file, or (for trailing trivia) a line break.
            guard stop >= 0, stop != 0x0A, stop != 0x0D, !Self.startsToken(UInt8(truncatingIfNeeded: stop)) else {
                return
            }
            lexOtherTrivia()
        }
    }

    /// Consumes spaces, tabs and (unless `trailing`) line breaks; returns the byte after them, or
    /// -1 at the end of the file.
    @inline(__always)
    @discardableResult
    private mutating func lexBlanks(trailing: Bool) -> Int {
        var i = offset
        var line = self.line
        var column = self.column
        let stop = bytes.withUnsafeBufferPointer { buffer in
            Self.skipBlanks(buffer, &i, &line, &column, trailing: trailing)
        }
        offset = i
        self.line = line
        self.column = column
        return stop
    }

    /// Moves `i` past spaces, tabs and (unless `trailing`) line breaks; returns the byte it
    /// stopped at, or -1 at the end.
    @inline(__always)
    private static func skipBlanks(
        _ buffer: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ line: inout Int,
        _ column: inout Int, trailing: Bool
    ) -> Int {
        let n = buffer.count
        while i < n {
            let b = buffer[i]
            if b == 0x20 || b == 0x09 {
                i &+= 1
                column &+= 1
                continue
            }
            if b == 0x0A || b == 0x0D {
                if trailing { return Int(b) }
                // LF, CRLF or a lone CR: one line break.
                if b == 0x0D, i &+ 1 < n, buffer[i &+ 1] == 0x0A { i &+= 1 }
                i &+= 1
                line &+= 1
                column = 1
                if i &+ 8 <= n, let base = buffer.baseAddress {
                    // Indentation: up to eight spaces at once (between tokens a space is mostly
                    // alone, and this costs more than it saves there). The XOR is zero exactly in
                    // the space bytes, so its first non-zero byte is the first other byte.
                    let other = ByteClasses.word(base, at: i) ^ 0x2020_2020_2020_2020
                    let spaces = other == 0 ? 8 : other.trailingZeroBitCount &>> 3
                    i &+= spaces
                    column &+= spaces
                }
                continue
            }
            return Int(b)
        }
        return -1
    }

    /// One piece of trivia that is not a space, tab or line break: a comment, the byte-order
    /// mark, or unexpected text.
    private mutating func lexOtherTrivia() {
        guard let (kind, pieceEnd) = Trivia.piece(in: bytes, at: offset, end: end) else { return }
        switch kind {
        case .newline:
            consumeNewline()
        case .whitespace:
            column += pieceEnd - offset
            offset = pieceEnd
        case .byteOrderMark:
            offset = pieceEnd  // no column: the renderer skips it too
        case .lineComment:
            lexLineComment(to: pieceEnd)
        case .blockComment:
            lexBlockComment(to: pieceEnd)
        case .unexpectedText:
            lexUnexpected(to: pieceEnd)
        }
    }

    private mutating func lexLineComment(to pieceEnd: Int) {
        let start = location
        offset += 2
        column += 2
        let textStart = offset
        while offset < pieceEnd { consumeScalar() }
        comments.append(
            Comment(
                text: String(decoding: bytes[textStart..<offset], as: UTF8.self),
                range: range(from: start), isBlock: false))
    }

    private mutating func lexBlockComment(to pieceEnd: Int) {
        let start = location
        offset += 2
        column += 2
        let textStart = offset
        let closed =
            pieceEnd - textStart >= 2 && bytes[pieceEnd - 2] == UInt8(ascii: "*")
            && bytes[pieceEnd - 1] == UInt8(ascii: "/")
        let textEnd = closed ? pieceEnd - 2 : pieceEnd
        while offset < textEnd {
            let b = bytes[offset]
            if b == 0x0A || b == 0x0D { consumeNewline() } else { consumeScalar() }
        }
        if closed {
            offset += 2
            column += 2
        } else {
            let opener = SourceRange(
                file: file.id, start: start,
                end: SourceLocation(offset: start.offset + 2, line: start.line, column: start.column + 2))
            diagnostics.append(
                .syntax(
                    .unterminatedBlockComment,
                    "unterminated block comment; close it with '*/'", at: opener))
        }
        comments.append(
            Comment(
                text: String(decoding: bytes[textStart..<textEnd], as: UTF8.self),
                range: range(from: start), isBlock: true))
    }

    /// Unexpected text: a `#` comment, a run of invalid UTF-8, or a run of stray characters, each
    /// reported once.
    private mutating func lexUnexpected(to pieceEnd: Int) {
        let start = location
        if bytes[offset] == UInt8(ascii: "#") {
            // Someone wrote a shell-style comment: report it once and skip it as a comment.
            while offset < pieceEnd { consumeScalar() }
            report(.unexpectedCharacter, "unexpected character '#'; write comments with '//'", from: start)
            return
        }
        if UTF8Scalar.decode(bytes, at: offset, end: end) == nil {
            consumeInvalidRun()
            return
        }
        var scalars: [UInt32] = []
        while offset < pieceEnd, let (value, length) = UTF8Scalar.decode(bytes, at: offset, end: end) {
            if scalars.count < 17 { scalars.append(value) }
            offset += length
            column += 1
        }
        report(.unexpectedCharacter, Self.strayMessage(scalars, count: column - start.column), from: start)
    }

    /// Finds the end of the name, eight bytes at a time (`ByteClasses.notName`), and matches a
    /// name of up to 8 bytes as a keyword by its packed bytes (`Keyword.match(packed:)`), taken from
    /// the same load (keywords are looked up for every name).
    @inline(__always)
    private mutating func lexIdentifier() -> TokenKind {
        let first = offset
        let (nameEnd, packed) = bytes.withUnsafeBufferPointer { buffer in Self.scanName(buffer, from: first) }
        offset = nameEnd
        let count = nameEnd &- first
        column &+= count
        if count <= 8 {
            if count == 1, packed == 0x5F { return .wildcard }
            if let keyword = Keyword.match(packed: packed) { return .keyword(keyword) }
            return .identifier
        }
        // Only two keywords are longer than 8 bytes; most long names are neither.
        if count == 10 || count == 11, let keyword = Keyword.match(bytes, first..<nameEnd) { return .keyword(keyword) }
        return .identifier
    }

    /// The end of the name starting at `first` (a name start), and its bytes packed little-endian
    /// when it has at most 8 (0 otherwise).
    @inline(__always)
    private static func scanName(_ buffer: UnsafeBufferPointer<UInt8>, from first: Int) -> (Int, UInt64) {
        let n = buffer.count
        guard let base = buffer.baseAddress else { return (first, 0) }
        if first &+ 8 <= n {
            let head = ByteClasses.word(base, at: first)
            let stop = ByteClasses.notName(head)
            if stop != 0 {
                // The first byte is a name byte, so the name has 1 to 7 bytes here.
                let count = stop.trailingZeroBitCount &>> 3
                return (first &+ count, head & ((1 &<< UInt64(count &* 8)) &- 1))
            }
            var i = first &+ 8
            while i &+ 8 <= n {
                let stop = ByteClasses.notName(ByteClasses.word(base, at: i))
                if stop != 0 {
                    i &+= stop.trailingZeroBitCount &>> 3
                    return (i, i == first &+ 8 ? head : 0)
                }
                i &+= 8
            }
            while i < n, isIdentifierContinue(buffer[i]) { i &+= 1 }
            return (i, i == first &+ 8 ? head : 0)
        }
        // The last bytes of the file: one at a time.
        var i = first &+ 1
        while i < n, isIdentifierContinue(buffer[i]) { i &+= 1 }
        let count = i &- first
        guard count <= 8 else { return (i, 0) }
        var packed: UInt64 = 0
        for j in 0..<count { packed |= UInt64(buffer[first &+ j]) &<< UInt64(j &* 8) }
        return (i, packed)
    }

    /// `-?[0-9]+(\.[0-9]+)?`
    private mutating func lexNumber(from start: SourceLocation) -> TokenKind {
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        while offset < end, Self.isDigit(bytes[offset]) { offset += 1 }
        if offset + 1 < end, bytes[offset] == UInt8(ascii: "."), Self.isDigit(bytes[offset + 1]) {
            offset += 1
            while offset < end, Self.isDigit(bytes[offset]) { offset += 1 }
        }
        column += offset - start.offset
        return .number
    }
}
