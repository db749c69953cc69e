import FlowTestSupport
import Foundation
import Testing

@testable import FlowSyntax

/// What "lossless" means, checked on one parse: printing the tree gives the bytes back; the
/// written tokens tile the file in order (leading trivia, text, trailing trivia, next token);
/// every trivia range splits into pieces that tile it, and trailing trivia holds no line break;
/// missing tokens are empty; the parser's tokens are the lexer's; and the comments the linter
/// reads are exactly the comment pieces of the trivia.
enum Lossless {
    static func check(
        _ file: SourceFile, _ result: ParseResult, name: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let syntax = result.syntax
        guard syntax.printedBytes == file.bytes else {
            Issue.record(
                "\(name): printing the tree does not give the input back (\(syntax.printedBytes.count) of \(file.bytes.count) bytes)",
                sourceLocation: sourceLocation)
            return
        }
        #expect(syntax.tokens.last?.kind == .eof, "\(name): no end-of-file token", sourceLocation: sourceLocation)
        var offset = 0
        var problems: [String] = []
        for (index, token) in syntax.tokens.enumerated() {
            if token.presence == .missing {
                if !token.fullRange.isEmpty || !token.textRange.isEmpty {
                    problems.append("missing token \(index) is not empty")
                }
                continue
            }
            if token.fullRange.lowerBound != offset {
                problems.append("token \(index) starts at \(token.fullRange.lowerBound), not \(offset)")
            }
            if !(token.leadingTrivia.upperBound == token.range.start.offset
                && token.trailingTrivia.lowerBound == token.range.end.offset)
            {
                problems.append("token \(index) trivia does not touch its text")
            }
            offset = token.fullRange.upperBound
            for (side, trivia) in [
                ("leading", syntax.leadingTrivia(of: token)), ("trailing", syntax.trailingTrivia(of: token)),
            ] {
                var at = trivia.bytes.lowerBound
                for piece in trivia {
                    if piece.bytes.lowerBound != at || piece.bytes.isEmpty {
                        problems.append("\(side) trivia of token \(index) has a gap")
                    }
                    if side == "trailing" && piece.kind == .newline {
                        problems.append("trailing trivia of token \(index) has a line break")
                    }
                    at = piece.bytes.upperBound
                }
                if at != trivia.bytes.upperBound { problems.append("\(side) trivia of token \(index) is not covered") }
            }
            if problems.count > 5 { break }
        }
        if offset != file.bytes.count { problems.append("tokens end at \(offset) of \(file.bytes.count)") }
        #expect(
            problems.isEmpty, "\(name): \(problems.prefix(6).joined(separator: "; "))", sourceLocation: sourceLocation)

        // A refused file (NUL, too large) has no tokens but the end of file; otherwise the parser
        // recorded exactly what the lexer produces.
        let refusedIDs: Set<DiagnosticID> = [.binaryFile, .fileTooLarge]
        let refused = result.diagnostics.contains { refusedIDs.contains($0.id) }
        guard !refused else { return }
        let lexed = Lexer.tokenize(file)
        let written = syntax.tokens.filter { $0.presence != .missing }
        #expect(
            written.count == lexed.tokens.count,
            "\(name): parser kept \(written.count) tokens, lexer made \(lexed.tokens.count)",
            sourceLocation: sourceLocation)
        func same(_ a: Token, _ b: Token) -> Bool {
            a.kind == b.kind && a.range == b.range && a.fullRange == b.fullRange
        }
        if let firstDifference = zip(written, lexed.tokens).enumerated().first(where: {
            !same($0.element.0, $0.element.1)
        })?.offset {
            Issue.record("\(name): token \(firstDifference) differs from the lexer's", sourceLocation: sourceLocation)
        }
        var fromTrivia: [Range<Int>] = []
        for token in written {
            for piece in syntax.leadingTrivia(of: token) where piece.kind.isComment { fromTrivia.append(piece.bytes) }
            for piece in syntax.trailingTrivia(of: token) where piece.kind.isComment { fromTrivia.append(piece.bytes) }
        }
        #expect(
            result.comments.map { $0.range.start.offset..<$0.range.end.offset } == fromTrivia,
            "\(name): comments differ from the comment pieces of the trivia", sourceLocation: sourceLocation)
    }

    static func check(
        _ bytes: [UInt8], name: String, limits: ParseLimits = .default,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let file = SourceFile(id: FileID(0), path: "lossless.flow", bytes: bytes)
        let result = Parser.parse(file, limits: limits)
        check(file, result, name: name, sourceLocation: sourceLocation)
        checkWithoutTokens(file, result, limits: limits, name: name, sourceLocation: sourceLocation)
    }

    /// A parse that records no tokens (what `Loader` does when it drops the tree) gives the same
    /// declarations, diagnostics and comments as the lossless parse `result`, and no tokens.
    static func checkWithoutTokens(
        _ file: SourceFile, _ result: ParseResult, limits: ParseLimits = .default, name: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let bare = Parser.parse(file, limits: limits, recordsTokens: false)
        let refusedIDs: Set<DiagnosticID> = [.binaryFile, .fileTooLarge]
        if !result.diagnostics.contains(where: { refusedIDs.contains($0.id) }) {
            #expect(
                bare.syntax.tokens.isEmpty, "\(name): \(bare.syntax.tokens.count) tokens recorded",
                sourceLocation: sourceLocation)
        }
        #expect(
            bare.syntax.declarations == result.syntax.declarations, "\(name): declarations differ without tokens",
            sourceLocation: sourceLocation)
        #expect(
            bare.diagnostics == result.diagnostics, "\(name): diagnostics differ without tokens",
            sourceLocation: sourceLocation)
        #expect(
            bare.comments == result.comments, "\(name): comments differ without tokens", sourceLocation: sourceLocation)
    }
}

@Suite struct LosslessTreeTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every file under `flows/` (recursively), `.flow` and `.scenario`: the fuzz corpus seeds
    /// (Scripts/fuzz.sh copies both kinds, and the harness parses every input as a flow).
    static var flowsFiles: [String] {
        let root = repository.appendingPathComponent("flows").path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".flow") || $0.hasSuffix(".scenario") }
            .sorted().map { "flows/" + $0 }
    }

    @Test func corpusIsThere() {
        #expect(Self.flowsFiles.filter { $0.hasSuffix(".flow") }.count >= 14)
        #expect(Self.flowsFiles.contains("flows/lib/photo_library_access.flow"))
        #expect(Self.flowsFiles.contains { $0.hasSuffix(".scenario") })
    }

    @Test(arguments: LosslessTreeTests.flowsFiles)
    func everyFileInFlowsPrintsBack(_ path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.repository.appendingPathComponent(path)))
        Lossless.check(bytes, name: path)
    }

    @Test func malformedInputCorpusPrintsBack() {
        for testCase in MalformedInputTests.cases {
            Lossless.check(Array(testCase.source.utf8), name: testCase.name, limits: testCase.limits)
        }
    }

    @Test func fuzzDictionaryAndHostileInputsPrintBack() throws {
        for input in FuzzRegressionTests.hostile + FuzzRegressionTests.crashes {
            Lossless.check(input.bytes, name: input.name)
        }
        // The dictionary's entries, one per line and all on one line, as the fuzzer splices them.
        let dictionary = try String(
            contentsOf: Self.repository.appendingPathComponent("Scripts/fuzz/flow.dict"), encoding: .utf8)
        let entries = dictionary.split(separator: "\n").filter { $0.hasPrefix("\"") }.map {
            String($0.dropFirst().dropLast())
        }
        #expect(entries.count > 20)
        Lossless.check(Array(entries.joined(separator: "\n").utf8), name: "dictionary, one per line")
        Lossless.check(Array(entries.joined().utf8), name: "dictionary, run together")
    }

    /// The shapes a byte-exact round trip gets wrong first.
    @Test(
        arguments: [
            ("invalid UTF-8", [0x66, 0x6C, 0x6F, 0x77, 0x20, 0xFF, 0xC0, 0x80, 0xED, 0xA0, 0x80, 0x20, 0x61]),
            (
                "invalid UTF-8 inside a comment and a string",
                Array("// caf".utf8) + [0xE9] + Array("\napp \"x".utf8) + [0xFF] + Array("\"".utf8)
            ),
            ("NUL byte", Array("flow a {".utf8) + [0] + Array(" }".utf8)),
            ("NUL only", [0]),
            ("CRLF", Array("flow a {\r\n  start -> s\r\n  state s { -> done granted }\r\n}\r\n".utf8)),
            ("lone CR", Array("flow a {\r start -> s\r state s { -> done granted }\r}\r".utf8)),
            ("mixed line ends and trailing spaces", Array("app \"x\"  \r\n\n\r  \t\r\n".utf8)),
            ("tabs", Array("flow\ta\t{\n\tstart\t->\ts\n\tstate s {\t-> done granted\t}\n}\t".utf8)),
            ("unterminated string", Array("app \"Receipts\nflow a { }".utf8)),
            ("unterminated string at the end", Array("app \"Receipts".utf8)),
            ("unterminated block comment", Array("flow a { /* never closed\n state".utf8)),
            ("block comment across lines after a token", Array("flow a /* one\ntwo */ { }\n".utf8)),
            ("byte-order mark", [0xEF, 0xBB, 0xBF] + Array("app \"x\"\n".utf8)),
            ("byte-order mark only", [0xEF, 0xBB, 0xBF]),
            ("byte-order mark twice", [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("app \"x\"".utf8)),
            ("truncated byte-order mark", [0xEF, 0xBB]),
            ("shell comment", Array("# a shell comment // with a slash\napp \"x\" # and another".utf8)),
            ("stray characters", Array("flow a { § ;; > start -> s state s { -> done granted } } /".utf8)),
            ("smart quotes and non-breaking space", Array("app \u{201C}Receipts\u{201D}\u{00A0}".utf8)),
            (
                "handoff and handling with comments",
                Array(
                    "flow a {\n  state s handoff/*x*/denied // y\n { call b handling denied,/**/cancelled { else -> done denied } }\n}\n"
                        .utf8)
            ),
            (
                "handoff and handling without outcomes",
                Array("flow a { state s handoff { call b handling , { } } }".utf8)
            ),
            ("only trivia", Array("  // one\n/* two */\n\t\n".utf8)),
            ("empty", []),
        ] as [(String, [UInt8])])
    func edgeCasesPrintBack(_ name: String, _ bytes: [UInt8]) {
        Lossless.check(bytes, name: name)
    }

    @Test func fileOverTheLimitPrintsBack() {
        let bytes = Array("flow a { state s { -> done granted } }\n".utf8)
        Lossless.check(bytes, name: "over the limit", limits: ParseLimits(maxFileBytes: 10))
        let result = Parser.parse(
            SourceFile(id: FileID(0), path: "big.flow", bytes: bytes), limits: ParseLimits(maxFileBytes: 10))
        #expect(result.syntax.tokens.count == 1 && result.syntax.tokens[0].leadingTrivia == 0..<bytes.count)
    }

    @Test func triviaIsSplitAtTheEndOfTheLine() {
        let text = "flow a { // opens\n  /* lead */ start -> s\n}\n"
        let file = SourceFile(id: FileID(0), path: "t.flow", text: text)
        let syntax = Parser.parse(file).syntax
        func pieces(_ trivia: Trivia) -> [String] {
            trivia.map { "\($0.kind.dumpName) '\(String(decoding: syntax.source[$0.bytes], as: UTF8.self))'" }
        }
        let brace = syntax.tokens[2]
        #expect(brace.kind == .leftBrace)
        #expect(pieces(syntax.trailingTrivia(of: brace)) == ["whitespace ' '", "lineComment '// opens'"])
        let start = syntax.tokens[3]
        #expect(start.kind == .keyword(.start))
        #expect(
            pieces(syntax.leadingTrivia(of: start)) == [
                "newline '\n'", "whitespace '  '", "blockComment '/* lead */'", "whitespace ' '",
            ])
        #expect(pieces(syntax.leadingTrivia(of: syntax.tokens.last!)) == ["newline '\n'"])
    }

    /// Broken input (a missing target and brace, skipped words) parsed without tokens: nothing
    /// recorded, not even the missing and unexpected ones, and the same tree and reports.
    @Test func parsingWithoutTokensRecordsNone() {
        let text = "flow a {\n  bogus words\n  start -> s\n  state s { status camera { denied -> } }\n"
        let file = SourceFile(id: FileID(0), path: "t.flow", text: text)
        let lossless = Parser.parse(file)
        #expect(lossless.syntax.tokens.contains { $0.presence == .missing })
        #expect(lossless.syntax.tokens.contains { $0.presence == .unexpected })
        let bare = Parser.parse(file, recordsTokens: false)
        #expect(bare.syntax.tokens.isEmpty)
        #expect(bare.syntax.printedBytes.isEmpty)
        #expect(bare.syntax.declarations == lossless.syntax.declarations)
        #expect(
            diagnosticLines(bare.diagnostics) == [
                "2:3-2:8 FL0025 error: expected 'state', 'start', 'uses', 'outcomes', 'title' or 'let' in flow 'a', found 'bogus'",
                "4:38 FL0021 error: expected a target state or 'done outcome' after '->'",
            ])
        #expect(bare.diagnostics == lossless.diagnostics)
        Lossless.checkWithoutTokens(file, lossless, name: "broken")
    }

    @Test func missingTokensAreRecordedWhereTheDiagnosticPoints() {
        let text = "flow a {\n  state s { status camera { denied -> } }\n"
        let file = SourceFile(id: FileID(0), path: "t.flow", text: text)
        let result = Parser.parse(file)
        let missing = result.syntax.tokens.filter { $0.presence == .missing }
        #expect(missing.map(\.kind) == [.identifier, .rightBrace])
        // `-> }`: the target is missing right after the arrow, as the diagnostic says.
        #expect(missing[0].range.start.line == 2 && missing[0].range.start.column == 38)
        #expect(result.diagnostics.first?.range?.start == missing[0].range.start)
        #expect(result.diagnostics.first?.message == "expected a target state or 'done outcome' after '->'")
        Lossless.check(file, result, name: "missing")
    }

    @Test func tokensSkippedByRecoveryAreUnexpected() {
        let text = "flow a {\n  bogus words here\n  start -> s\n  state s { -> done granted }\n}\n"
        let file = SourceFile(id: FileID(0), path: "t.flow", text: text)
        let result = Parser.parse(file)
        let unexpected = result.syntax.tokens.filter { $0.presence == .unexpected }
        #expect(
            unexpected.map { String(decoding: result.syntax.text(of: $0), as: UTF8.self) } == [
                "bogus", "words", "here",
            ])
        #expect(
            diagnosticLines(result.diagnostics) == [
                "2:3-2:8 FL0025 error: expected 'state', 'start', 'uses', 'outcomes', 'title' or 'let' in flow 'a', found 'bogus'"
            ])
        Lossless.check(file, result, name: "unexpected")
    }

    @Test func aNodePrintsItsOwnTokens() {
        let text = "flow a {\n  start -> s\n  // the only state\n  state s { -> done granted } // done\n}\n"
        let file = SourceFile(id: FileID(0), path: "t.flow", text: text)
        let syntax = Parser.parse(file).syntax
        guard case .flow(let flow)? = syntax.declarations.first, case .state(let state)? = flow.items.last else {
            Issue.record("expected a flow with a state")
            return
        }
        #expect(
            String(decoding: syntax.printedBytes(of: state.range, trivia: false), as: UTF8.self)
                == "state s { -> done granted }")
        #expect(
            String(decoding: syntax.printedBytes(of: state.range), as: UTF8.self)
                == "\n  // the only state\n  state s { -> done granted } // done")
        #expect(
            syntax.tokens(in: state.range).map(\.kind) == [
                .keyword(.state), .identifier, .leftBrace, .arrow, .keyword(.done),
                .identifier, .rightBrace,
            ])
    }
}
