import Testing

@testable import FlowSyntax

@Suite struct RendererTests {
    static func file(_ text: String, path: String = "r.flow") -> SourceFile {
        SourceFile(id: FileID(1), path: path, text: text)
    }

    /// A range on one line, columns 1-based and end-exclusive; offsets are not used by the renderer.
    static func range(line: Int, _ start: Int, _ end: Int) -> SourceRange {
        SourceRange(
            file: FileID(1), start: SourceLocation(offset: 0, line: line, column: start),
            end: SourceLocation(offset: 0, line: line, column: end))
    }

    @Test func aFixItIsShownUnderTheCaretWithItsMessage() {
        let source = (1...13).map { _ in "" }.joined(separator: "\n") + "\n      notDetermined -> prme\n"
        let f = Self.file(source, path: "flows/camera.flow")
        let diagnostic = Diagnostic.error(
            "FL0102", "unknown state 'prme'", at: Self.range(line: 14, 24, 28),
            fixIts: [
                FixIt(
                    range: Self.range(line: 14, 24, 28), replacement: "prime",
                    message: "did you mean 'prime'?")
            ])
        #expect(
            DiagnosticRenderer(files: [f]).render(diagnostic) == """
                flows/camera.flow:14:24: error: unknown state 'prme' [FL0102]
                   14 |       notDetermined -> prme
                      |                        ^~~~ did you mean 'prime'?

                """)
    }

    @Test func tabsAreExpandedTheSameWayInBothLines() {
        // Columns: tab=1, "flow"=2-5, tab=6, "x"=7. Display: tab to 4, "flow" 4-7, tab to 12, "x" at 12.
        let f = Self.file("\tflow\tx\n")
        let rendered = DiagnosticRenderer(files: [f]).render(.error("FL0000", "m", at: Self.range(line: 1, 7, 8)))
        #expect(rendered == "r.flow:1:7: error: m [FL0000]\n    1 |     flow    x\n      |             ^\n")
    }

    @Test func wideAndInvalidCharactersKeepTheCaretAligned() {
        // app "相機" § : § is column 10, but the two CJK characters take two cells each, so 11 cells precede it.
        let f = Self.file("app \"相機\" §\n")
        let rendered = DiagnosticRenderer(files: [f]).render(.error("FL0002", "m", at: Self.range(line: 1, 10, 11)))
        #expect(rendered == "r.flow:1:10: error: m [FL0002]\n    1 | app \"相機\" §\n      |            ^\n")

        let bytes: [UInt8] = [0x61, 0xFF, 0xFE, 0x62]  // a, two bad bytes (one column each), b
        let bad = SourceFile(id: FileID(1), path: "r.flow", bytes: bytes)
        let text = DiagnosticRenderer(files: [bad]).render(.error("FL0001", "m", at: Self.range(line: 1, 4, 5)))
        #expect(text == "r.flow:1:4: error: m [FL0001]\n    1 | a\u{FFFD}\u{FFFD}b\n      |    ^\n")
    }

    @Test func caretsStopAtTheEndOfTheFirstLineOfAMultiLineRange() {
        let f = Self.file("state s {\n  -> t\n}\n")
        let range = SourceRange(
            file: FileID(1), start: SourceLocation(offset: 0, line: 1, column: 7),
            end: SourceLocation(offset: 0, line: 3, column: 2))
        #expect(
            DiagnosticRenderer(files: [f]).render(.error("FL0000", "m", at: range))
                == "r.flow:1:7: error: m [FL0000]\n    1 | state s {\n      |       ^~~\n")
    }

    @Test func missingRangeUsesTheFallbackPath() {
        let diagnostic = Diagnostic.error(
            "FL0000", "cannot read file", at: nil,
            notes: [DiagnosticNote("check the permissions")])
        let renderer = DiagnosticRenderer(files: [])
        #expect(
            renderer.render(diagnostic, fallbackPath: "a.flow")
                == "a.flow:1:1: error: cannot read file [FL0000]\nnote: check the permissions\n")
        #expect(
            renderer.render(diagnostic)
                == "<unknown>:1:1: error: cannot read file [FL0000]\nnote: check the permissions\n")
    }

    @Test func notesWithRangesGetTheirOwnLocationAndSnippet() {
        let f = Self.file("state a { -> b }\nstate a { -> c }\n")
        let diagnostic = Diagnostic(
            id: "FL0101", severity: .warning, message: "duplicate state 'a'",
            range: Self.range(line: 2, 7, 8),
            notes: [DiagnosticNote("first declared here", at: Self.range(line: 1, 7, 8))])
        #expect(
            DiagnosticRenderer(files: [f]).render(diagnostic) == """
                r.flow:2:7: warning: duplicate state 'a' [FL0101]
                    2 | state a { -> c }
                      |       ^
                r.flow:1:7: note: first declared here
                    1 | state a { -> b }
                      |       ^

                """)
    }

    @Test func colourOnlyWhenAsked() {
        let f = Self.file("x\n")
        let diagnostic = Diagnostic.error("FL0000", "m", at: Self.range(line: 1, 1, 2))
        #expect(!DiagnosticRenderer(files: [f]).render(diagnostic).contains("\u{1B}["))
        let colored = DiagnosticRenderer(files: [f], colored: true).render(diagnostic)
        #expect(colored.contains("\u{1B}[1m\u{1B}[31merror:\u{1B}[0m"))
        #expect(colored.contains("\u{1B}[0m"))
    }

    @Test func byteOrderMarkIsNotDrawn() {
        let f = SourceFile(id: FileID(1), path: "r.flow", bytes: [0xEF, 0xBB, 0xBF] + Array("flw a".utf8))
        let result = Parser.parse(f)
        #expect(
            DiagnosticRenderer(files: [f]).render(result.diagnostics).hasPrefix(
                """
                r.flow:1:1: error: expected a declaration ('flow', 'strings', 'let', 'app' or 'import'), found 'flw' [FL0024]
                    1 | flw a
                      | ^~~ did you mean 'flow'?
                """))
    }

    @Test func longLinesAreWindowedAroundTheCaret() {
        let f = Self.file(String(repeating: "a", count: 1000) + " §\n")
        var renderer = DiagnosticRenderer(files: [f])
        renderer.maxSnippetWidth = 20
        let rendered = renderer.render(.error("FL0002", "m", at: Self.range(line: 1, 1002, 1003)))
        #expect(
            rendered
                == "r.flow:1:1002: error: m [FL0002]\n    1 | ...aaaaaaaaaaaaaaaaaa §\n      |                       ^\n"
        )
    }

    @Test func wideGutterForLargeLineNumbers() {
        let f = Self.file(String(repeating: "\n", count: 123_455) + "x\n")
        #expect(
            DiagnosticRenderer(files: [f]).render(.error("FL0000", "m", at: Self.range(line: 123_456, 1, 2)))
                == "r.flow:123456:1: error: m [FL0000]\n123456 | x\n       | ^\n")
    }

    @Test func lookupClosureFindsFiles() {
        let f = Self.file("x\n")
        let renderer = DiagnosticRenderer { id in id == FileID(1) ? f : nil }
        #expect(renderer.render(.error("FL0000", "m", at: Self.range(line: 1, 1, 2))).contains("    1 | x"))
    }

    /// The display position of every column, found by walking the line cell by cell from its
    /// start: what the layout's marks must reproduce.
    static func positionsByScanning(_ bytes: [UInt8]) -> [Int] {
        var positions: [Int] = []
        var position = 0
        var i = 0
        while i < bytes.count {
            positions.append(position)
            let (length, width, _) = DiagnosticRenderer.cell(bytes, at: i, position: position)
            position += width
            i += length
        }
        positions.append(position)
        return positions
    }

    @Test func lineLayoutAgreesWithACellByCellScanAtEveryColumn() {
        let pieces: [[UInt8]] = [
            Array("abc".utf8), [0x09], Array("漢字".utf8), Array("e\u{0301}".utf8),
            Array("😀".utf8), [0xFF], [0xE6, 0xBC], [0x01], Array(" §".utf8), Array("x\ty".utf8),
        ]
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 31, 32, 33, 95, 300] {
            var bytes: [UInt8] = []
            while bytes.count < length { bytes += pieces.randomElement(using: &generator)! }
            let layout = LineLayout(bytes)
            let expected = Self.positionsByScanning(bytes)
            #expect(layout.columns == expected.count - 1)
            #expect(layout.total == expected.last)
            for column in 1...layout.columns + 1 {
                #expect(layout.position(ofColumn: column) == expected[column - 1], "column \(column) of \(bytes)")
            }
            #expect(layout.position(ofColumn: layout.columns + 4) == layout.total + 3)
            for target in stride(from: 0, through: layout.total + 1, by: 7) {
                let (index, position) = layout.scanStart(before: target)
                #expect(target == 0 ? position == 0 : position < target)
                #expect(expected.contains(position) && index <= bytes.count)
            }
        }
    }

    @Test func everyCaretOnALongLineGetsItsOwnWindow() {
        // 5000 ASCII columns: the window for a caret at display position p starts at
        // max(0, min(p - 40, 5000 - 120)), so the expected snippet can be cut out of the line.
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        let line = String((0..<5000).map { letters[($0 * 7 + $0 / 13) % letters.count] })
        let f = Self.file(line + "\n")
        let renderer = DiagnosticRenderer(files: [f])
        let columns = [1, 2, 41, 42, 500, 2500, 4880, 4881, 4990, 5000, 5001]
        let diagnostics = columns.map { Diagnostic.error("FL0000", "m", at: Self.range(line: 1, $0, $0 + 3)) }
        let batch = renderer.renderEach(diagnostics)
        for (column, (diagnostic, rendered)) in zip(columns, zip(diagnostics, batch)) {
            #expect(rendered == renderer.render(diagnostic))
            let start = column - 1
            let windowStart = max(0, min(start - 40, 5000 - 120))
            let text = String(Array(line)[windowStart..<windowStart + 120])
            let shift = windowStart > 0 ? windowStart - 3 : 0
            let carets = "^" + String(repeating: "~", count: max(0, min(3, windowStart + 120 - start) - 1))
            let expected =
                "r.flow:1:\(column): error: m [FL0000]\n    1 | \(windowStart > 0 ? "..." : "")\(text)"
                + "\(windowStart + 120 < 5000 ? "..." : "")\n      | \(String(repeating: " ", count: start - shift))\(carets)\n"
            #expect(rendered == expected, "column \(column)")
        }
    }
}
