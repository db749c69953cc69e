import FlowTestSupport
import Testing

@testable import FlowSyntax

/// Hostile input: nothing may crash or hang, and every position reported must be a real place
/// in the file whose line and column agree with its byte offset.
@Suite struct RobustnessTests {
    /// SplitMix64: a tiny deterministic generator so failures reproduce.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Line and column of `offset` computed independently of the lexer, from `lineStarts`.
    static func position(of offset: Int, in file: SourceFile) -> (line: Int, column: Int) {
        var line = 1
        while line < file.lineStarts.count && file.lineStarts[line] <= offset { line += 1 }
        var i = file.lineStarts[line - 1]
        if line == 1 && UTF8Scalar.hasBOM(file.bytes) { i = 3 }
        var column = 1
        while i < offset {
            i += UTF8Scalar.decode(file.bytes, at: i, end: file.bytes.count)?.length ?? 1
            column += 1
        }
        return (line, column)
    }

    static func expectValid(
        _ range: SourceRange, in file: SourceFile, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(range.file == file.id, sourceLocation: sourceLocation)
        #expect(
            range.start.offset >= 0 && range.start.offset <= range.end.offset && range.end.offset <= file.bytes.count,
            sourceLocation: sourceLocation)
        for location in [range.start, range.end] {
            let (line, column) = position(of: location.offset, in: file)
            #expect(
                location.line == line && location.column == column,
                "\(location.line):\(location.column) at offset \(location.offset) should be \(line):\(column)",
                sourceLocation: sourceLocation)
        }
    }

    /// Parses, renders, and checks every position in the result.
    @discardableResult
    static func parseChecked(_ bytes: [UInt8], limits: ParseLimits = .default) -> ParseResult {
        let file = SourceFile(id: FileID(3), path: "fuzz.flow", bytes: bytes)
        let result = Parser.parse(file, limits: limits)
        for diagnostic in result.diagnostics {
            guard let range = diagnostic.range else {
                Issue.record("diagnostic without a position: \(diagnostic.message)")
                continue
            }
            expectValid(range, in: file)
            for note in diagnostic.notes { if let r = note.range { expectValid(r, in: file) } }
            for fixIt in diagnostic.fixIts { expectValid(fixIt.range, in: file) }
        }
        for comment in result.comments { expectValid(comment.range, in: file) }
        // Each check walks its line from the start: only on small inputs, or this is quadratic.
        if bytes.count < 20_000 { for token in result.syntax.tokens { expectValid(token.range, in: file) } }
        Lossless.check(file, result, name: "hostile input of \(bytes.count) bytes")
        _ = DiagnosticRenderer(files: [file]).render(result.diagnostics)
        return result
    }

    static var sample: [UInt8] { Array((GoldenText.allConstructsSource + "\n").utf8) }

    @Test func emptyFile() {
        let result = Self.parseChecked([])
        #expect(result.diagnostics.isEmpty)
        #expect(result.syntax.declarations.isEmpty)
    }

    @Test func onlyByteOrderMarkAndWhitespace() {
        let result = Self.parseChecked([0xEF, 0xBB, 0xBF, 0x20, 0x0D, 0x0A, 0x09])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func randomBinary() {
        var generator = SeededGenerator(state: 42)
        for _ in 0..<20 {
            // No NUL bytes: a NUL makes the whole file "not text" (FL0009) before the lexer runs,
            // and this test is about the lexer and parser surviving everything else.
            let bytes = (0..<2048).map { _ in UInt8.random(in: 1...255, using: &generator) }
            let result = Self.parseChecked(bytes)
            #expect(!result.diagnostics.isEmpty)
        }
    }

    @Test func invalidUTF8KeepsColumnsRight() {
        // "let x = 'a<FF>b' <C3>( flow" : the lone C3 lead byte is invalid, then '(' is a token.
        let bytes: [UInt8] = Array("let x = \"a".utf8) + [0xFF] + Array("b\" ".utf8) + [0xC3, 0x28]
        let result = Self.parseChecked(bytes)
        let rendered = DiagnosticRenderer(files: [SourceFile(id: FileID(3), path: "fuzz.flow", bytes: bytes)])
            .render(result.diagnostics)
        #expect(
            rendered == """
                fuzz.flow:1:11: error: invalid UTF-8 byte in source; save the file as UTF-8 [FL0001]
                    1 | let x = "a\u{FFFD}b" \u{FFFD}(
                      |           ^
                fuzz.flow:1:15: error: invalid UTF-8 byte in source; save the file as UTF-8 [FL0001]
                    1 | let x = "a\u{FFFD}b" \u{FFFD}(
                      |               ^
                fuzz.flow:1:16: error: expected a declaration ('flow', 'strings', 'let', 'app' or 'import'), found '(' [FL0024]
                    1 | let x = "a\u{FFFD}b" \u{FFFD}(
                      |                ^

                """)
    }

    @Test func millionOpeningBraces() {
        let result = Self.parseChecked(Array(repeating: UInt8(ascii: "{"), count: 1_000_000))
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.id == "FL0024")
    }

    @Test func millionOpeningBracesInsideAState() {
        let bytes =
            Array("flow a { state s { track \"e\" ".utf8) + Array(repeating: UInt8(ascii: "{"), count: 1_000_000)
            + Array(repeating: UInt8(ascii: "("), count: 1_000)
        let result = Self.parseChecked(bytes)
        #expect(!result.diagnostics.isEmpty && result.diagnostics.count < 10)
    }

    @Test func nestingLimitIsEnforced() {
        let result = Self.parseChecked(
            Array("flow a { state s { status (a, b) { (x, _) -> t } } }".utf8),
            limits: ParseLimits(maxNestingDepth: 3))
        #expect(
            diagnosticLines(result.diagnostics) == [
                "file 3 1:36-1:37 FL0011 error: nesting is deeper than 3 levels; flatten it into separate states"
            ])
        #expect(result.diagnostics.first?.range?.start.column == 36)
    }

    @Test func twoMegabyteLines() {
        let long = String(repeating: "a", count: 2 << 20)
        for text in [
            "let x = \"\(long)\"", "let \(long) = \"x\" §", "app \"\(long)", String(repeating: "§", count: 1 << 20),
        ] {
            let bytes = Array(text.utf8)
            let result = Self.parseChecked(bytes)
            let file = SourceFile(id: FileID(3), path: "fuzz.flow", bytes: bytes)
            let rendered = DiagnosticRenderer(files: [file]).render(result.diagnostics)
            #expect(rendered.utf8.count < 2000, "snippets of long lines are windowed")
        }
    }

    @Test func everyTruncatedPrefixOfTheSample() {
        let sample = Self.sample
        for length in 0...sample.count {
            Self.parseChecked(Array(sample[0..<length]))
        }
    }

    @Test func byteScrambledSamples() {
        var generator = SeededGenerator(state: 2024)
        let sample = Self.sample
        for _ in 0..<400 {
            var bytes = sample
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let i = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[i] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: i)
                case 2: bytes.insert(bytes[i], at: i)
                default: bytes.swapAt(i, Int.random(in: 0..<bytes.count, using: &generator))
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            Self.parseChecked(bytes)
        }
    }

    @Test func fileOverTheSizeLimitIsNotParsed() {
        let result = Self.parseChecked(Self.sample, limits: ParseLimits(maxFileBytes: 100))
        #expect(
            diagnosticLines(result.diagnostics) == [
                "file 3 1:1 FL0010 error: file is 2189 bytes, more than the limit of 100; split it into imported files"
            ])
        #expect(result.diagnostics[0].range?.start == SourceLocation(offset: 0, line: 1, column: 1))
        #expect(result.syntax.declarations.isEmpty)
    }

    @Test func manyStatesAreReportedOnce() {
        let states = (0..<50).map { "state s\($0) { -> done granted }" }.joined(separator: "\n")
        let result = Self.parseChecked(Array("flow a {\n\(states)\n}".utf8), limits: ParseLimits(maxStatesPerFlow: 10))
        #expect(
            diagnosticLines(result.diagnostics) == [
                "file 3 1:6-1:7 FL0012 error: flow 'a' has more than 10 states; split it into subflows"
            ])
    }
}
