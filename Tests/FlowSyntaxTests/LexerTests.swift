import FlowTestSupport
import Testing

@testable import FlowSyntax

@Suite struct LexerTests {
    static func lex(_ text: String) -> (tokens: [Token], diagnostics: [Diagnostic], comments: [FlowSyntax.Comment]) {
        Lexer.tokenize(SourceFile(id: FileID(0), path: "l.flow", text: text))
    }

    static func positions(_ tokens: [Token]) -> [String] {
        tokens.map { "\($0.range.start.line):\($0.range.start.column)" }
    }

    /// The bit tables agree with the grammar's character classes for every byte.
    @Test func nameBytesAreExactlyTheGrammarsClasses() {
        for value in 0...255 {
            let b = UInt8(value)
            let letter = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            let digit = b >= 0x30 && b <= 0x39
            #expect(Lexer.isIdentifierContinue(b) == (letter || digit || b == 0x5F), "byte \(value)")
            #expect(Lexer.isIdentifierStart(b) == (letter || b == 0x5F), "byte \(value)")
        }
    }

    /// The eight-at-a-time tests give each byte the one-byte test's answer, at every position of
    /// the word and whatever its neighbours are (a carry or borrow between bytes would break that).
    @Test func wordClassesMatchTheOneByteTests() {
        let neighbours: [UInt8] = [
            0x00, 0x09, 0x1F, 0x20, 0x22, 0x2F, 0x30, 0x39, 0x5F, 0x5E, 0x60, 0x7A, 0x7B,
            0x7F, 0x80, 0xBF, 0xFF, UInt8(ascii: "a"), UInt8(ascii: "Z"),
        ]
        for value in 0...255 {
            let b = UInt8(value)
            for neighbour in neighbours {
                for position in 0..<8 {
                    var bytes = [UInt8](repeating: neighbour, count: 8)
                    bytes[position] = b
                    let word = bytes.withUnsafeBufferPointer { ByteClasses.word($0.baseAddress!, at: 0) }
                    let bit = UInt64(0x80) << UInt64(position * 8)
                    #expect(
                        (ByteClasses.notName(word) & bit == 0) == Lexer.isIdentifierContinue(b),
                        "byte \(value) at \(position)")
                    #expect(
                        (ByteClasses.notPlainString(word) & bit == 0) == Lexer.isPlainStringByte(b),
                        "byte \(value) at \(position)")
                }
            }
            let plain = ((b >= 0x20 && b <= 0x7E) || b == 0x09) && !"\"\\{}".utf8.contains(b)
            #expect(Lexer.isPlainStringByte(b) == plain, "byte \(value)")
        }
    }

    /// Names and plain string runs end at the same place whether the word scan or the byte loop
    /// at the end of the file reads them: every length across the 8-byte steps, with the name
    /// at the end of the file or followed by a space.
    @Test func wordScansFindTheSameEndsAsTheByteLoops() {
        for length in 1...20 {
            let name = String(repeating: "a", count: length - 1) + "9"
            for text in ["_" + name, "_" + name + " x"] {
                let tokens = Self.lex(text).tokens
                #expect(tokens[0].kind == .identifier && tokens[0].textRange == 0..<(length + 1), "\(text)")
                let string = "\"" + String(repeating: "b", count: length) + "\u{e9}\"" + text.dropFirst()
                let lexed = Self.lex(string)
                #expect(lexed.tokens[0].kind == .string && lexed.tokens[0].textRange == 0..<(length + 4), "\(string)")
                #expect(lexed.diagnostics.isEmpty)
            }
        }
        // Keywords are found from the word's bytes: eight letters exactly, and one more.
        #expect(Self.lex("fallback outcomes").tokens.map(\.kind) == [.keyword(.fallback), .keyword(.outcomes), .eof])
        #expect(
            Self.lex("fallbacks outcomesX fallback").tokens.map(\.kind) == [
                .identifier, .identifier, .keyword(.fallback), .eof,
            ])
        #expect(Self.lex("on o").tokens.map(\.kind) == [.keyword(.on), .identifier, .eof])
        // The two keywords longer than a word, and names one byte off them.
        #expect(
            Self.lex("capability destructive capabilitz destructivf capabilityy destructiv dapability").tokens.map(
                \.kind)
                == [
                    .keyword(.capability), .keyword(.destructive), .identifier, .identifier, .identifier, .identifier,
                    .identifier, .eof,
                ])
    }

    /// `TokenKind.==` compares the stored byte; it must agree with comparing the cases and their
    /// keywords, for every pair of kinds.
    @Test func tokenKindEqualityIsCaseAndKeywordEquality() {
        let plain: [TokenKind] = [
            .leftBrace, .rightBrace, .leftParen, .rightParen, .comma, .colon, .equals, .arrow,
            .at, .dot, .minus, .identifier, .string, .number, .wildcard, .eof,
        ]
        let all = plain + Keyword.allCases.map { TokenKind.keyword($0) }
        #expect(MemoryLayout<TokenKind>.size == 1 && all.count == 16 + 28)
        for (i, a) in all.enumerated() {
            for (j, b) in all.enumerated() {
                #expect((a == b) == (i == j), "\(a.dumpName) \(b.dumpName)")
                #expect((a == b) == (a.dumpName == b.dumpName))
            }
        }
        #expect(Set(all).count == all.count)
    }

    @Test func tokensKeepEveryPartOfTheirRange() {
        // Tokens pack positions into 32 bits; each field must come back as it went in, up to the
        // largest value a file of Token.maxFileBytes can produce.
        let big = Token.maxFileBytes
        let ranges = [
            SourceRange(
                file: FileID(3), start: SourceLocation(offset: 10, line: 2, column: 5),
                end: SourceLocation(offset: 17, line: 2, column: 9)),
            SourceRange(
                file: FileID(70_000), start: SourceLocation(offset: big - 2, line: big - 3, column: big - 4),
                end: SourceLocation(offset: big, line: big - 1, column: big - 5)),
        ]
        for range in ranges {
            #expect(Token(kind: .string, range: range).range == range)
            let leading = (range.start.offset - 3)..<range.start.offset
            let trailing = range.end.offset..<(range.end.offset == big ? big : range.end.offset + 2)
            let token = Token(
                kind: .string, presence: .unexpected, range: range, leadingTrivia: leading, trailingTrivia: trailing)
            #expect(token.range == range && token.leadingTrivia == leading && token.trailingTrivia == trailing)
            #expect(token.fullRange == leading.lowerBound..<trailing.upperBound && token.presence == .unexpected)
        }
        // The range (28 bytes) and two 32-bit trivia bounds: the tokens of a file weigh about
        // 7 bytes per byte of source while it is parsed.
        #expect(MemoryLayout<Token>.stride <= 40)
    }

    @Test func locationsClampWhatThirtyTwoBitsCannotHold() {
        let location = SourceLocation(offset: -5, line: Int(UInt32.max) + 10, column: 7)
        #expect(location.offset == 0 && location.line == Int(UInt32.max) && location.column == 7)
        var moved = location
        moved.column += 3
        moved.offset = 41
        #expect(moved.column == 10 && moved.offset == 41 && moved > location)
        #expect(MemoryLayout<SourceRange>.stride == 28)
    }

    @Test func tokenStartBitmapMatchesTheGrammar() {
        let starts = Set("{}(),:=@.-\"_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        for byte in 0...255 {
            #expect(Lexer.startsToken(UInt8(byte)) == starts.contains(UInt8(byte)), "byte \(byte)")
        }
    }

    @Test func byteOrderMarkIsSkipped() {
        let (tokens, diagnostics, _) = Lexer.tokenize(
            SourceFile(id: FileID(0), path: "l.flow", bytes: [0xEF, 0xBB, 0xBF, 0x61]))
        #expect(diagnostics.isEmpty)
        #expect(tokens[0].kind == .identifier)
        #expect(tokens[0].range.start == SourceLocation(offset: 3, line: 1, column: 1))
    }

    @Test func columnsCountScalarsAndTabsAsOne() {
        let (tokens, _, _) = Self.lex("\"é📷\" x\ty")
        #expect(Self.positions(tokens) == ["1:1", "1:6", "1:8", "1:9"])
        #expect(tokens[1].range.start.offset == 9)
    }

    @Test func lineBreaksLFCRLFAndLoneCR() {
        let (tokens, _, _) = Self.lex("a\nb\r\nc\rd")
        #expect(Self.positions(tokens) == ["1:1", "2:1", "3:1", "4:1", "4:2"])
    }

    @Test func invalidUTF8IsOneColumnPerByteAndOneDiagnosticPerRun() {
        let (tokens, diagnostics, _) = Lexer.tokenize(
            SourceFile(id: FileID(0), path: "l.flow", bytes: [0x61, 0x20, 0xFF, 0xFE, 0x20, 0x62]))
        // The bad bytes are trivia (unexpected text) of the token before them, not a token.
        #expect(tokens.map(\.kind) == [.identifier, .identifier, .eof])
        #expect(Self.positions(tokens) == ["1:1", "1:6", "1:7"])
        #expect(tokens[0].trailingTrivia == 1..<5 && tokens[1].leadingTrivia == 5..<5)
        let pieces = Array(Trivia(source: [0x61, 0x20, 0xFF, 0xFE, 0x20, 0x62], bytes: tokens[0].trailingTrivia))
        #expect(
            pieces == [
                TriviaPiece(kind: .whitespace, bytes: 1..<2), TriviaPiece(kind: .unexpectedText, bytes: 2..<4),
                TriviaPiece(kind: .whitespace, bytes: 4..<5),
            ])
        #expect(diagnostics.map(\.message) == ["2 invalid UTF-8 bytes in source; save the file as UTF-8"])
        #expect(diagnostics.first?.range?.start.column == 3 && diagnostics.first?.range?.end.column == 5)
    }

    @Test func keywordsIdentifiersAndWildcard() {
        let (tokens, _, _) = Self.lex("flow flows _ _x return")
        #expect(tokens.map(\.kind) == [.keyword(.flow), .identifier, .wildcard, .identifier, .keyword(.return), .eof])
    }

    @Test func everyKeywordIsRecognised() {
        let (tokens, _, _) = Self.lex(Keyword.allCases.map(\.rawValue).joined(separator: " "))
        #expect(tokens.dropLast().map(\.keyword) == Keyword.allCases.map { $0 })
    }

    /// Names of up to 8 bytes are matched on an 8-byte load when the file has 8 bytes left, and
    /// byte by byte near its end: both must find every keyword and only keywords.
    @Test(arguments: Keyword.allCases)
    func keywordsAreFoundAtTheEndOfAFileAndNotInsideLongerNames(keyword: Keyword) {
        let word = keyword.rawValue
        #expect(Self.lex(word).tokens.map(\.kind) == [.keyword(keyword), .eof])
        #expect(Self.lex("\(word) x = 1").tokens.first?.kind == .keyword(keyword))
        #expect(Self.lex("\(word)s").tokens.first?.kind == .identifier)
        #expect(Self.lex("\(word)_2 flow").tokens.first?.kind == .identifier)
        #expect(Self.lex("x\(word)").tokens.first?.kind == .identifier)
        #expect(Self.lex(String(word.dropLast())).tokens.first?.kind != .keyword(keyword))
    }

    @Test func arrowMinusAndNegativeNumbers() {
        let (tokens, _, _) = Self.lex("-> - -1 1.5 1. -x")
        #expect(tokens.map(\.kind) == [.arrow, .minus, .number, .number, .number, .dot, .minus, .identifier, .eof])
    }

    @Test func stringSegmentsAndPlaceholderRanges() {
        let file = SourceFile(id: FileID(0), path: "l.flow", text: "\"é {app}\\n\\u{1F4F7}\"")
        let (tokens, diagnostics, _) = Lexer.tokenize(file)
        #expect(diagnostics.isEmpty)
        let appRange = SourceRange(
            file: FileID(0), start: SourceLocation(offset: 4, line: 1, column: 4),
            end: SourceLocation(offset: 9, line: 1, column: 9))
        #expect(
            Lexer.segments(of: tokens[0], in: file) == [
                .text("é "), .placeholder(StringLiteral.Placeholder(name: "app", range: appRange)), .text("\n📷"),
            ])
    }

    /// Plain strings take a shortcut in `segments(of:in:)`; strings with escapes, braces or
    /// non-ASCII text are lexed again. Both must give what the lexer's rules say.
    @Test(arguments: [
        ("\"\"", [StringLiteral.Segment]()),
        ("\"Allow camera access\"", [.text("Allow camera access")]),
        ("\"tab\there\"", [.text("tab\there")]),
        ("\"say \\\"hi\\\"\"", [.text("say \"hi\"")]),
        ("\"caf\u{E9}\"", [.text("caf\u{E9}")]),
        ("\"open", [.text("open")]),
        ("\"a {b\"", [.text("a {b")]),
    ])
    func stringSegmentsMatchTheLexerRules(source: String, expected: [StringLiteral.Segment]) {
        let file = SourceFile(id: FileID(0), path: "l.flow", text: source)
        let (tokens, _, _) = Lexer.tokenize(file)
        #expect(tokens[0].kind == .string)
        #expect(Lexer.segments(of: tokens[0], in: file) == expected)
    }

    /// The one-pass split of ASCII strings must agree with lexing the string again, placeholder
    /// ranges included; strings it cannot split exactly are left to the lexer.
    @Test(arguments: [
        ("x = \"Hi {app}, {x}{y}!\"", true),
        ("\t\"{a}\"", true),
        ("\"{first_name} and\ttab {n2}\"", true),
        ("\"plain\"", true),
        ("\"\"", true),
        ("\"{}\"", false),
        ("\"{ a}\"", false),
        ("\"{a\"", false),
        ("\"a}\"", false),
        ("\"\\{a}\"", false),
        ("\"caf\u{E9} {a}\"", false),
        ("\"open {a}", false),
    ])
    func asciiSplitAgreesWithTheLexer(source: String, split: Bool) {
        let file = SourceFile(id: FileID(0), path: "l.flow", text: source)
        guard let token = Lexer.tokenize(file).tokens.first(where: { $0.kind == .string }) else {
            Issue.record("no string token in \(source)")
            return
        }
        let fast = Lexer.asciiSegments(of: token, in: file.bytes)
        #expect((fast != nil) == split)
        if let fast { #expect(fast == Lexer.segmentsByRelexing(of: token, in: file)) }
        #expect(Lexer.segments(of: token, in: file) == Lexer.segmentsByRelexing(of: token, in: file))
    }

    /// The parser's shortcut for a literal of one piece of plain ASCII must give the literal that
    /// decoding the token's segments gives, and must refuse every string it cannot read exactly.
    @Test(
        arguments: [
            ("\"plain words\"", "plain words"),
            ("\"tab\there\"", "tab\there"),
            ("\"<Your App> 100% ~\"", "<Your App> 100% ~"),
            ("\"\"", nil),
            ("\"Hi {app}\"", nil),
            ("\"a}\"", nil),
            ("\"\\n\"", nil),
            ("\"caf\u{E9}\"", nil),
            ("\"open", nil),
            ("\"open\n\"", nil),
        ] as [(String, String?)])
    func plainASCIITextAgreesWithTheSegments(source: String, plain: String?) {
        let file = SourceFile(id: FileID(0), path: "l.flow", text: source)
        guard let token = Lexer.tokenize(file).tokens.first(where: { $0.kind == .string }) else {
            Issue.record("no string token in \(source)")
            return
        }
        let fast = Lexer.plainASCIIText(of: token, in: file.bytes)
        #expect(fast == plain)
        let decoded = StringLiteral(segments: Lexer.segments(of: token, in: file), range: token.range)
        if let fast {
            #expect(StringLiteral(text: fast, range: token.range) == decoded)
            #expect(decoded.plainText == fast)
            #expect(decoded.segments == [.text(fast)])
        }
    }

    /// A literal of one text segment is stored as its text, so the two ways to build it are one
    /// value (equal and with equal hashes); any other list of segments reads back as written.
    @Test func stringLiteralStorageIsNormalised() {
        let r = SourceRange(
            file: FileID(0), start: SourceLocation(offset: 0, line: 1, column: 1),
            end: SourceLocation(offset: 3, line: 1, column: 4))
        let a = StringLiteral(segments: [.text("hi")], range: r)
        let b = StringLiteral(text: "hi", range: r)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a.plainText == "hi")
        let placeholder = StringLiteral.Placeholder(name: "app", range: r)
        var c = StringLiteral(segments: [.text("hi "), .placeholder(placeholder)], range: r)
        #expect(c.plainText == nil)
        #expect(c.segments == [.text("hi "), .placeholder(placeholder)])
        #expect(c.text == "hi {app}")
        c.segments = [.text("hi")]
        #expect(c == b)
        #expect(StringLiteral(segments: [], range: r).plainText == nil)
        #expect(StringLiteral(segments: [], range: r).segments.isEmpty)
    }

    @Test func stringEndsAtTheEndOfItsLine() {
        let (tokens, diagnostics, _) = Self.lex("\"abc\nflow")
        #expect(tokens.map(\.kind) == [.string, .keyword(.flow), .eof])
        #expect(
            diagnosticLines(diagnostics) == ["1:1-1:5 FL0003 error: unterminated string literal; close it with '\"'"])
        #expect(tokens[0].range.end.column == 5)
    }

    @Test func commentsAreCollectedNotReturned() {
        let (tokens, diagnostics, comments) = Self.lex("a // one\n/* two\nlines */ b /* open")
        #expect(tokens.map(\.kind) == [.identifier, .identifier, .eof])
        #expect(comments.map(\.text) == [" one", " two\nlines ", " open"])
        #expect(comments.map(\.isBlock) == [false, true, true])
        #expect(
            diagnosticLines(diagnostics) == ["3:12-3:14 FL0008 error: unterminated block comment; close it with '*/'"])
        #expect(Self.positions(tokens) == ["1:1", "3:10", "3:19"])
    }

    @Test func localesAreAdjacentOrReported() {
        let tight = Parser.parse(SourceFile(id: FileID(0), path: "l.flow", text: "strings zh-Hant fallback pt-BR { }"))
        #expect(tight.diagnostics.isEmpty)
        guard case .strings(let decl)? = tight.syntax.declarations.first else {
            Issue.record("expected a strings declaration")
            return
        }
        #expect(decl.locale.tag == "zh-Hant" && decl.fallback?.tag == "pt-BR")
        let loose = Parser.parse(SourceFile(id: FileID(0), path: "l.flow", text: "strings zh -Hant { }"))
        #expect(
            diagnosticLines(loose.diagnostics) == [
                "1:9-1:17 FL0034 error: locale 'zh-Hant' must be written without spaces"
            ])
    }

    @Test func keywordsAreNamesWhereNamesAreExpected() {
        let result = Parser.parse(
            SourceFile(
                id: FileID(0), path: "l.flow",
                text: """
                    flow start { start -> alert state alert { -> done } state done { -> settings }
                      state settings { status camera { cancel, title -> done granted  else -> alert } } }
                    strings en { alert.title = "x" }
                    """))
        // `-> done }`: `done` needs an outcome, so only that is reported.
        #expect(result.diagnostics.map(\.message) == ["expected an outcome such as 'granted' after 'done'"])
    }
}
