/// Recursive-descent parser for `.flow` files: one function per production of Grammar.md, each
/// quoting the rule it implements, in one file per construct (`Parser+Flow`, `Parser+State`,
/// `Parser+Terminators`, `Parser+Arms`, `Parser+Alert`, `Parser+Strings`, `Parser+Names`;
/// reporting and recovery in `Parser+Recovery`).
///
/// The parser always builds a tree, and the tree is lossless: every token it reads, with its
/// trivia, goes into `FileSyntax.tokens` in source order, so printing the tree gives the file back
/// byte for byte. A missing piece is reported, left out of the typed node (a missing name becomes
/// an empty `Identifier` at the place it was expected) and recorded as a missing token; after an
/// error the parser skips to the next token that can start a declaration, flow item, statement or
/// branch, recording what it skips as unexpected tokens and reporting nothing more until it gets
/// there, so one broken state does not bury the errors of the next.
public struct Parser {
    /// Parses one file. Never throws and never traps: errors become diagnostics, sorted by position.
    ///
    /// `recordsTokens: false` leaves `FileSyntax.tokens` empty, for a caller that reads the
    /// declarations and drops the tree (`Loader` unless it keeps the syntax): the token table is
    /// what makes the tree lossless, and at 40 bytes a token it weighs about eight times the file.
    /// The declarations and diagnostics are the same either way.
    public static func parse(
        _ file: SourceFile, limits: ParseLimits = .default,
        recordsTokens: Bool = true
    ) -> ParseResult {
        let maxFileBytes = min(limits.maxFileBytes, Token.maxFileBytes)
        if file.bytes.count > maxFileBytes {
            let origin = SourceLocation(offset: 0, line: 1, column: 1)
            let diagnostic = Diagnostic.syntax(
                .fileTooLarge,
                "file is \(file.bytes.count) bytes, more than the limit of \(maxFileBytes); split it into imported files",
                at: SourceRange(file: file.id, start: origin, end: origin))
            return ParseResult(syntax: refused(file), diagnostics: [diagnostic], comments: [])
        }
        if let nul = file.firstNUL {
            // A NUL never occurs in a text file: this is an image, an archive or a compiled file
            // that was named `.flow` by mistake. One diagnostic says so instead of thousands.
            let diagnostic = Diagnostic.syntax(
                .binaryFile, "file is not text: it contains a NUL byte; a .flow file must be UTF-8 text",
                at: file.pointRange(at: nul))
            return ParseResult(syntax: refused(file), diagnostics: [diagnostic], comments: [])
        }
        var parser = Parser(file: file, limits: limits, recordsTokens: recordsTokens)
        var syntax = parser.parseFile()
        if recordsTokens {
            parser.tokens.append(parser.current)  // the end of file, with the file's last trivia
            syntax.tokens = parser.tokens
        }
        syntax.source = file.bytes
        var all = parser.lexer.diagnostics + parser.diagnostics
        all = all.enumerated().sorted { a, b in
            let l = a.element.range?.start.offset ?? -1
            let r = b.element.range?.start.offset ?? -1
            return l != r ? l < r : a.offset < b.offset
        }.map(\.element)
        let maxErrors = max(1, limits.maxErrors)
        if all.count > maxErrors {
            let left = all.count - maxErrors
            let last = all[maxErrors - 1]
            all.removeSubrange(maxErrors...)
            all.append(
                .syntax(
                    .tooManyErrors,
                    "too many errors: \(left) more not shown; fix the ones above first",
                    at: last.range))
        }
        return ParseResult(syntax: syntax, diagnostics: all, comments: parser.lexer.comments)
    }

    /// The tree of a file that is not parsed (too large, or not text): no declarations, and the
    /// whole file as the leading trivia of its end-of-file token, so it still prints back.
    static func refused(_ file: SourceFile) -> FileSyntax {
        let end = file.location(at: file.bytes.count)
        let eof = Token(
            kind: .eof, range: SourceRange(file: file.id, start: end, end: end),
            leadingTrivia: 0..<file.bytes.count, trailingTrivia: file.bytes.count..<file.bytes.count)
        return FileSyntax(file: file.id, declarations: [], tokens: [eof], source: file.bytes)
    }

    var lexer: Lexer
    let file: SourceFile
    let limits: ParseLimits
    var current: Token
    var previous: Token
    var lookahead: Token?
    var diagnostics: [Diagnostic] = []
    /// Set by an error, cleared when the next item starts: suppresses follow-on errors.
    var recovering = false
    var depth = 0
    /// Every token consumed so far, and the missing ones, in source order (see `FileSyntax.tokens`);
    /// empty unless `recordsTokens`.
    var tokens: [Token]
    let recordsTokens: Bool
    /// Above zero while recovery skips tokens: they are recorded as unexpected.
    var skipping = 0
    /// The arms of the blocks and the buttons of the alerts being parsed, collected here and
    /// taken out at their final count (`take(_:from:)`), so each block's array is allocated once
    /// at its size: reserving for the usual count kept slack in most blocks (18 MB of a
    /// 40,000-state flow's tree), and growing from empty reallocates.
    var armScratch: [ArmSyntax] = []
    var buttonScratch: [ButtonSyntax] = []
    /// How many entries the last `strings` block had (`parseStrings` sizes the next for it).
    var entriesOfLastStrings = 0
    /// The Strings of the names read so far, reused when a name is written again.
    var names = NameCache()

    init(file: SourceFile, limits: ParseLimits, recordsTokens: Bool) {
        self.file = file
        self.limits = limits
        self.lexer = Lexer(file: file)
        self.tokens = []
        self.recordsTokens = recordsTokens
        // Hand-written and generated flows run 5 to 6 bytes a token.
        if recordsTokens { self.tokens.reserveCapacity(file.bytes.count / 5 + 16) }
        let origin = SourceLocation(offset: 0, line: 1, column: 1)
        self.previous = Token(kind: .eof, range: SourceRange(file: file.id, start: origin, end: origin))
        self.current = previous
        self.current = lexer.next()
    }

    /// The elements `scratch` gained since it held `base`, removed from it, as an array of
    /// exactly that many (none allocated for none). Element by element: the generic bulk paths
    /// (`append(contentsOf:)`, `removeSubrange`, `init(unsafeUninitializedCapacity:)`) cost
    /// several hundred instructions a call more than the specialized ones.
    static func take<Element>(_ scratch: inout [Element], from base: Int) -> [Element] {
        let count = scratch.count - base
        guard count > 0 else { return [] }
        var taken: [Element] = []
        taken.reserveCapacity(count)
        for index in base..<scratch.count { taken.append(scratch[index]) }
        for _ in 0..<count { scratch.removeLast() }
        return taken
    }

    // MARK: Token stream

    /// Moves past `current`, recording it in `tokens` (as unexpected while recovery skips).
    mutating func advance() {
        // The end of file is recorded once, when parsing ends. (A case test, not `!=`: the
        // synthesized `==` of a payload enum is a call, and this runs for every token.)
        if case .eof = current.kind {
        } else if recordsTokens {
            var consumed = current
            if skipping > 0 { consumed.presence = .unexpected }
            tokens.append(consumed)
        }
        previous = current
        if let next = lookahead {
            current = next
            lookahead = nil
        } else {
            current = lexer.next()
        }
    }

    mutating func peek() -> Token {
        if let next = lookahead { return next }
        let next = lexer.next()
        lookahead = next
        return next
    }

    func at(_ kind: TokenKind) -> Bool { current.kind == kind }
    func at(_ keyword: Keyword) -> Bool { current.kind == .keyword(keyword) }
    func atAny(_ keywords: KeywordSet) -> Bool { current.keyword.map(keywords.contains) ?? false }

    mutating func consume(_ kind: TokenKind) -> Token? {
        guard at(kind) else { return nil }
        let token = current
        advance()
        return token
    }

    /// A string token's literal, decoded now that a node needs it.
    func literal(_ token: Token) -> StringLiteral {
        if let text = Lexer.plainASCIIText(of: token, in: file.bytes) {
            return StringLiteral(text: text, range: token.range)
        }
        return StringLiteral(segments: Lexer.segments(of: token, in: file), range: token.range)
    }

    func text(_ token: Token) -> String {
        String(decoding: file.bytes[token.range.start.offset..<token.range.end.offset], as: UTF8.self)
    }

    /// The text of a name or number token (ASCII, by the lexer's rules), through `names`.
    mutating func name(_ token: Token) -> String {
        names.name(file.bytes, token.range.start.offset..<token.range.end.offset)
    }

    /// The token as a message quotes it: `'camera'`, `'{'`, `string literal`, `end of file`.
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .eof: return "end of file"
        case .string:
            return token.range.end.offset - token.range.start.offset <= 32 ? "'\(text(token))'" : "string literal"
        case .identifier, .number:
            let t = text(token)
            return t.utf8.count <= 32 ? "'\(t)'" : "'\(t.prefix(29))...'"
        default: return token.kind.spelling
        }
    }

    /// From `start` to the end of the last consumed token.
    func range(from start: SourceLocation) -> SourceRange {
        SourceRange(file: file.id, start: start, end: max(start, previous.range.end))
    }

    /// The empty range right after the last consumed token: where a missing token belongs.
    var afterPrevious: SourceRange {
        let end = previous.kind == .eof ? current.range.start : previous.range.end
        return SourceRange(file: file.id, start: end, end: end)
    }
}
