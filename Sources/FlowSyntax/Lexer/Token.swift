/// The reserved words of the language (Grammar.md, "Lexical structure").
///
/// A keyword is still accepted wherever the grammar expects a NAME, so `state settings` and
/// `@alert.title` parse; the parser decides by context.
public enum Keyword: String, CaseIterable, Hashable, Sendable {
    case alert, app, button, call, cancel, capability, destructive, done
    case `else`, `false`, flow, `import`, `let`, message, open, outcomes
    case request, start, state, status, strings, title, track, `true`, uses, fallback, on
    case `return`

    /// Keywords grouped by spelling length, so the lexer matches bytes without building a String.
    static let byLength: [[(bytes: [UInt8], keyword: Keyword)]] = {
        var table = [[(bytes: [UInt8], keyword: Keyword)]](repeating: [], count: 12)
        for keyword in Keyword.allCases {
            let bytes = Array(keyword.rawValue.utf8)
            table[bytes.count].append((bytes, keyword))
        }
        return table
    }()

    /// The keyword spelled by `bytes[range]`, if any.
    static func match(_ bytes: [UInt8], _ range: Range<Int>) -> Keyword? {
        guard range.count < byLength.count else { return nil }
        for candidate in byLength[range.count] where candidate.bytes.elementsEqual(bytes[range]) {
            return candidate.keyword
        }
        return nil
    }
}

/// What a token is. Punctuation is named by shape; only `string` tokens carry a payload (on
/// `Token.segments`), other varying text is read back from the source through the token's range.
public enum TokenKind: Hashable, Sendable {
    case leftBrace, rightBrace, leftParen, rightParen, comma, colon, equals, arrow, at, dot, minus
    case identifier
    case keyword(Keyword)
    case string
    case number
    /// A lone `_`.
    case wildcard
    case eof
    /// Bytes that are not a token (stray characters, invalid UTF-8); the lexer already reported them.
    case unknown

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
        case .unknown: "unexpected characters"
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
        case .unknown: "unknown"
        }
    }
}

/// One lexeme: its kind and where it is. The text is `file.bytes[range.start.offset..<range.end.offset]`.
public struct Token: Hashable, Sendable {
    public var kind: TokenKind
    public var range: SourceRange
    /// For `.string` only: the unescaped contents split into text and `{placeholder}` segments.
    public var segments: [StringLiteral.Segment]

    public init(kind: TokenKind, range: SourceRange, segments: [StringLiteral.Segment] = []) {
        self.kind = kind
        self.range = range
        self.segments = segments
    }

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
