import Testing

@testable import FlowSyntax

/// Token and tree dumps of inputs that cover every construct, compared with golden text.
@Suite struct GoldenDumpTests {
    static func file(_ text: String, path: String = "golden.flow") -> SourceFile {
        SourceFile(id: FileID(0), path: path, text: text + "\n")
    }

    /// The lines that differ, numbered: `-` expected, `+` actual. Empty when equal.
    static func diff(_ expected: String, _ actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for i in 0..<max(e.count, a.count) where (i < e.count ? e[i] : nil) != (i < a.count ? a[i] : nil) {
            if i < e.count { out.append("\(i + 1)- \(e[i])") }
            if i < a.count { out.append("\(i + 1)+ \(a[i])") }
            if out.count > 40 { break }
        }
        return out.joined(separator: "\n")
    }

    static func expectSame(
        _ actual: String, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let difference = diff(expected + "\n", actual)
        #expect(difference.isEmpty, "dump differs from golden text:\n\(difference)", sourceLocation: sourceLocation)
    }

    @Test func syntaxTreeOfEveryConstruct() {
        let file = Self.file(GoldenText.allConstructsSource)
        let result = Parser.parse(file)
        #expect(result.diagnostics.isEmpty, "\(DiagnosticRenderer(files: [file]).render(result.diagnostics))")
        Self.expectSame(SyntaxDump.dump(result.syntax), GoldenText.allConstructsTree)
    }

    @Test func tokensOfEveryConstruct() {
        Self.expectSame(TokenDump.dump(Self.file(GoldenText.allConstructsSource)), GoldenText.allConstructsTokens)
    }

    @Test func tokensOfEveryLexicalForm() {
        let file = Self.file(GoldenText.lexicalSource)
        Self.expectSame(TokenDump.dump(file), GoldenText.lexicalTokens)
        #expect(Lexer.tokenize(file).diagnostics.isEmpty)
    }

    @Test func tokensAcrossCRLFAndLoneCR() {
        Self.expectSame(
            TokenDump.dump(SourceFile(id: FileID(0), path: "golden.flow", text: GoldenText.lineBreaksSource)),
            GoldenText.lineBreaksTokens)
    }

    @Test func commentsAreCollected() {
        let result = Parser.parse(Self.file(GoldenText.allConstructsSource))
        #expect(
            result.comments.map(\.text) == [
                " Every construct of the grammar once, for the syntax-tree golden test.",
                " A generic helper, called below. ",
            ])
        #expect(result.comments.map(\.isBlock) == [false, true])
        #expect(result.comments[1].range.start.line == 6 && result.comments[1].range.start.column == 1)
        #expect(result.comments[1].range.end.column == 38)
    }
}
