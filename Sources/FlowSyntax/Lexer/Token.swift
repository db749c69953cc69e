/// The reserved words of the language (Grammar.md, "Lexical structure").
///
/// A keyword is still accepted wherever the grammar expects a NAME, so `state settings` and
/// `@alert.title` parse; the parser decides by context.
public enum Keyword: String, CaseIterable, Hashable, Sendable {
    case alert, app, button, call, cancel, capability, destructive, done
    case `else`, `false`, flow, `import`, `let`, message, open, outcomes
    case request, start, state, status, strings, title, track, `true`, uses, fallback, on
    case `return`

    /// The keyword spelled by `bytes[range]`, if any. This runs for every identifier, so it builds
    /// no String and touches no table.
    static func match(_ bytes: [UInt8], _ range: Range<Int>) -> Keyword? {
        let count = range.count
        if count > 8 {
            // The two longer keywords, by their first 8 bytes and the rest, packed the same way
            // (`elementsEqual` against a String's UTF-8 view was a generic call per long name).
            guard count <= 11 else { return nil }
            let head = pack(bytes, range.lowerBound..<(range.lowerBound + 8))
            let tail = pack(bytes, (range.lowerBound + 8)..<range.upperBound)
            if count == 10, head == 0x696C_6962_6170_6163, tail == 0x7974 { return .capability }  // "capabili" "ty"
            // "destruct" "ive"
            if count == 11, head == 0x7463_7572_7473_6564, tail == 0x65_7669 { return .destructive }
            return nil
        }
        return match(packed: pack(bytes, range))
    }

    /// Up to 8 bytes packed little-endian, as `match(packed:)` reads them.
    @inline(__always)
    static func pack(_ bytes: [UInt8], _ range: Range<Int>) -> UInt64 {
        var packed: UInt64 = 0
        var shift: UInt64 = 0
        for i in range {
            packed |= UInt64(bytes[i]) &<< shift
            shift &+= 8
        }
        return packed
    }

    /// The keyword of up to 8 bytes packed little-endian into `packed` (so the length is part of
    /// the value: name bytes are never zero), matched by one `switch` on the integer. Inlined into
    /// the lexer, which calls it for every name of up to 8 bytes. The constants are the keywords'
    /// spellings: `LexerTests` lexes every `Keyword.allCases` spelling, its prefixes and longer
    /// names through this table, so a keyword added to the enum and not here fails there.
    @inline(__always)
    static func match(packed: UInt64) -> Keyword? {
        switch packed {
        case 0x0000_0000_0000_6E6F: .on
        case 0x0000_0000_0070_7061: .app
        case 0x0000_0000_0074_656C: .let
        case 0x0000_0000_6C6C_6163: .call
        case 0x0000_0000_656E_6F64: .done
        case 0x0000_0000_6573_6C65: .else
        case 0x0000_0000_776F_6C66: .flow
        case 0x0000_0000_6E65_706F: .open
        case 0x0000_0000_6575_7274: .true
        case 0x0000_0000_7365_7375: .uses
        case 0x0000_0074_7265_6C61: .alert
        case 0x0000_0065_736C_6166: .false
        case 0x0000_0074_7261_7473: .start
        case 0x0000_0065_7461_7473: .state
        case 0x0000_0065_6C74_6974: .title
        case 0x0000_006B_6361_7274: .track
        case 0x0000_6E6F_7474_7562: .button
        case 0x0000_6C65_636E_6163: .cancel
        case 0x0000_7472_6F70_6D69: .import
        case 0x0000_6E72_7574_6572: .return
        case 0x0000_7375_7461_7473: .status
        case 0x0065_6761_7373_656D: .message
        case 0x0074_7365_7571_6572: .request
        case 0x0073_676E_6972_7473: .strings
        case 0x6B63_6162_6C6C_6166: .fallback
        case 0x7365_6D6F_6374_756F: .outcomes
        default: nil
        }
    }
}

/// A set of keywords as a bit mask: the parser asks "is the current token one of these?" at every
/// loop turn, and a mask answers without hashing.
struct KeywordSet: ExpressibleByArrayLiteral, Sendable {
    private var bits: UInt32

    init(_ keywords: some Sequence<Keyword>) {
        bits = 0
        for keyword in keywords { bits |= keyword.bit }
    }

    init(arrayLiteral keywords: Keyword...) { self.init(keywords) }

    func contains(_ keyword: Keyword) -> Bool { bits & keyword.bit != 0 }

    func union(_ other: KeywordSet) -> KeywordSet {
        var result = self
        result.bits |= other.bits
        return result
    }

    func subtracting(_ other: KeywordSet) -> KeywordSet {
        var result = self
        result.bits &= ~other.bits
        return result
    }
}

extension Keyword {
    /// This keyword's bit in a `KeywordSet` (one per case, in declaration order).
    var bit: UInt32 {
        let position: UInt32 =
            switch self {
            case .alert: 0
            case .app: 1
            case .button: 2
            case .call: 3
            case .cancel: 4
            case .capability: 5
            case .destructive: 6
            case .done: 7
            case .`else`: 8
            case .`false`: 9
            case .flow: 10
            case .`import`: 11
            case .`let`: 12
            case .message: 13
            case .open: 14
            case .outcomes: 15
            case .request: 16
            case .start: 17
            case .state: 18
            case .status: 19
            case .strings: 20
            case .title: 21
            case .track: 22
            case .`true`: 23
            case .uses: 24
            case .fallback: 25
            case .on: 26
            case .`return`: 27
            }
        return 1 << position
    }
}

/// What a token is. Punctuation is named by shape and keywords have their own enum; varying text
/// (names, numbers, string contents) is read back from the source through the token's range, and a
/// string's segments are decoded by `Lexer.segments(of:in:)` only when the parser builds a node.
public enum TokenKind: Hashable, Sendable {
    case leftBrace, rightBrace, leftParen, rightParen, comma, colon, equals, arrow, at, dot, minus
    case identifier
    case keyword(Keyword)
    case string
    case number
    /// A lone `_`.
    case wildcard
    case eof

    /// Equality as the derived one, by the one byte a kind is stored in: `.keyword`'s payload
    /// takes the byte values of `Keyword`'s cases and every other case one value above them, so
    /// two kinds are equal exactly when their bytes are (tested for every pair). The derived `==`
    /// was a call with a jump table, made for every `at(_:)` and `consume(_:)` of the parser.
    @inline(__always)
    public static func == (lhs: TokenKind, rhs: TokenKind) -> Bool {
        unsafeBitCast(lhs, to: UInt8.self) == unsafeBitCast(rhs, to: UInt8.self)
    }

    /// How the kind reads in a message or dump: `'{'`, `identifier`, `'flow'`.
    public var spelling: String {
        switch self {
        case .leftBrace: "'{'"
        case .rightBrace: "'}'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .comma: "','"
        case .colon: "':'"
        case .equals: "'='"
        case .arrow: "'->'"
        case .at: "'@'"
        case .dot: "'.'"
        case .minus: "'-'"
        case .identifier: "name"
        case .keyword(let k): "'\(k.rawValue)'"
        case .string: "string literal"
        case .number: "number"
        case .wildcard: "'_'"
        case .eof: "end of file"
        }
    }

    /// The name used in token dumps: `leftBrace`, `keyword(flow)`.
    public var dumpName: String {
        switch self {
        case .leftBrace: "leftBrace"
        case .rightBrace: "rightBrace"
        case .leftParen: "leftParen"
        case .rightParen: "rightParen"
        case .comma: "comma"
        case .colon: "colon"
        case .equals: "equals"
        case .arrow: "arrow"
        case .at: "at"
        case .dot: "dot"
        case .minus: "minus"
        case .identifier: "identifier"
        case .keyword(let k): "keyword(\(k.rawValue))"
        case .string: "string"
        case .number: "number"
        case .wildcard: "wildcard"
        case .eof: "eof"
        }
    }
}

/// Whether a token was written, or stands for one the parser expected and did not find.
public enum TokenPresence: Hashable, Sendable {
    /// In the source, where the grammar has it.
    case present
    /// Not in the source: recorded (zero width, at the place a diagnostic points) where the
    /// parser expected it, as swift-syntax does, so a fix-it or formatter knows what is missing.
    case missing
    /// In the source, but skipped by error recovery: it is part of no node of its own, only of
    /// the range of the node it appears in.
    case unexpected
}

/// One lexeme: its kind, where its text is, and its trivia. The text is
/// `file.bytes[range.start.offset..<range.end.offset]`; the leading trivia ends where the text
/// starts and the trailing trivia starts where it ends, so a token stores two more offsets.
///
/// A token is a plain value with no heap payload, so making, copying and dropping one costs no
/// reference counting; a string's decoded contents come from `Lexer.segments(of:in:)`, the pieces
/// of its trivia from `Trivia`.
///
/// 40 bytes: a `SourceRange` stores its positions in 32 bits (see `SourceLocation`), and the
/// trivia bounds are two more 32-bit offsets.
public struct Token: Hashable, Sendable {
    public var kind: TokenKind
    public var presence: TokenPresence
    public var range: SourceRange
    private var storedLeadingStart: UInt32
    private var storedTrailingEnd: UInt32

    /// The largest file whose positions a token can hold.
    public static let maxFileBytes = Int(UInt32.max)

    /// A present token with no trivia.
    public init(kind: TokenKind, range: SourceRange) {
        self.kind = kind
        self.presence = .present
        self.range = range
        // A range's offsets are stored in 32 bits already: no clamping needed.
        self.storedLeadingStart = UInt32(truncatingIfNeeded: range.start.offset)
        self.storedTrailingEnd = UInt32(truncatingIfNeeded: range.end.offset)
    }

    /// A token with its trivia: `leadingTrivia` must end at `range.start.offset` and
    /// `trailingTrivia` start at `range.end.offset`.
    public init(
        kind: TokenKind, presence: TokenPresence = .present, range: SourceRange,
        leadingTrivia: Range<Int>, trailingTrivia: Range<Int>
    ) {
        self.kind = kind
        self.presence = presence
        self.range = range
        self.storedLeadingStart = narrow(leadingTrivia.lowerBound)
        self.storedTrailingEnd = narrow(trailingTrivia.upperBound)
    }

    /// A present token whose leading trivia starts at `leadingStart` and trailing trivia ends at
    /// `trailingEnd`: the lexer's, with offsets that fit 32 bits (files of 4 GiB are not lexed).
    @inline(__always)
    init(kind: TokenKind, range: SourceRange, leadingStart: Int, trailingEnd: Int) {
        self.kind = kind
        self.presence = .present
        self.range = range
        self.storedLeadingStart = UInt32(truncatingIfNeeded: leadingStart)
        self.storedTrailingEnd = UInt32(truncatingIfNeeded: trailingEnd)
    }

    /// A missing token of `kind` at the empty range `point`.
    public static func missing(_ kind: TokenKind, at point: SourceRange) -> Token {
        var token = Token(kind: kind, range: point)
        token.presence = .missing
        return token
    }

    /// The bytes of the trivia before the text (whitespace, line breaks, comments, ...).
    public var leadingTrivia: Range<Int> { Int(storedLeadingStart)..<range.start.offset }
    /// The bytes of the trivia after the text, up to the end of its line.
    public var trailingTrivia: Range<Int> { range.end.offset..<Int(storedTrailingEnd) }
    /// The text with both sides of trivia: what printing the token writes.
    public var fullRange: Range<Int> { Int(storedLeadingStart)..<Int(storedTrailingEnd) }
    /// The bytes of the text alone.
    public var textRange: Range<Int> { range.start.offset..<range.end.offset }

    /// true for identifiers and keywords: the tokens accepted where the grammar says NAME.
    public var isName: Bool {
        switch kind {
        case .identifier, .keyword: true
        default: false
        }
    }

    public var keyword: Keyword? {
        if case .keyword(let k) = kind { return k }
        return nil
    }
}
