import FlowSyntax
import Testing

/// What input may and may not put on a terminal or into a CI log (issue 10, item 7).
@Suite struct OutputEscapingTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("Zugriff auf die Kamera 📷", "Zugriff auf die Kamera 📷"),
        ("\u{1B}]0;pwned\u{7}", "\\u{1B}]0;pwned\\u{7}"),
        ("a\nb\r\tc", "a\\u{A}b\\u{D}\\u{9}c"),
        ("\u{7F}\u{85}\u{9B}", "\\u{7F}\\u{85}\\u{9B}"),
        ("abc\u{202E}fed\u{2066}", "abc\\u{202E}fed\\u{2066}"),
        ("zero\u{200B}width\u{FEFF}", "zero\\u{200B}width\\u{FEFF}"),
        ("line\u{2028}sep", "line\\u{2028}sep"),
        ("x ##[error]forged", "x #\\u{23}[error]forged"),
        ("# [not] ## a", "# [not] ## a"),
    ])
    func visible(_ input: String, _ expected: String) {
        #expect(OutputEscaping.visible(input) == expected)
    }

    @Test func lineStartsCannotBeWorkflowCommands() {
        #expect(OutputEscaping.lineStart("::error::x.flow") == "\\u{3A}:error::x.flow")
        #expect(OutputEscaping.lineStart("  ::warning::y") == "  \\u{3A}:warning::y")
        #expect(OutputEscaping.lineStart("a::b") == "a::b")
        #expect(OutputEscaping.lineStart("x.flow") == "x.flow")
    }

    @Test func githubDataAndProperties() {
        // Percent-encoding per the runner's rules; control characters stay visible escapes.
        #expect(OutputEscaping.githubData("50% off\nnext\u{1B}") == "50%25 off\\u{A}next\\u{1B}")
        #expect(OutputEscaping.githubProperty("a:b,c%") == "a%3Ab%2Cc%25")
        #expect(OutputEscaping.githubLines(["first", "2. second"]) == "first%0A2. second")
    }

    @Test func theRendererEscapesPathsMessagesAndNotes() {
        let file = SourceFile(id: FileID(0), path: "::error::evil\n.flow", text: "flow f {}\n")
        let range = SourceRange(
            file: file.id, start: SourceLocation(offset: 0, line: 1, column: 1),
            end: SourceLocation(offset: 4, line: 1, column: 5))
        let diagnostic = Diagnostic.error(
            "FL0000", "title '\u{1B}[31mred'", at: range,
            notes: [DiagnosticNote("note \u{1B}[0m")])
        let text = DiagnosticRenderer(files: [file]).render(diagnostic)
        #expect(!text.contains("\u{1B}"))
        #expect(
            text.hasPrefix("\\u{3A}:error::evil\\u{A}.flow:1:1: error: title '\\u{1B}[31mred' [FL0000]\n"), "\(text)")
        #expect(text.contains("note: note \\u{1B}[0m\n"))
    }
}
