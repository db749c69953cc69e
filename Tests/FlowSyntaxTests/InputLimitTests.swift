import Testing

@testable import FlowSyntax

/// Hostile input is summarised, not echoed back as thousands of diagnostics.
@Suite struct InputLimitTests {
    @Test func aFileWithANulByteIsReportedOnceAsNotText() {
        var bytes = Array("flow a {\n  start -> s\n".utf8)
        bytes += [0x41, 0x00, 0x42]
        let result = Parser.parse(SourceFile(id: FileID(0), path: "x.flow", bytes: bytes))
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.id == "FL0009")
        #expect(result.diagnostics.first?.range?.start.line == 3)
        #expect(result.diagnostics.first?.range?.start.column == 2)
    }

    @Test func errorsPastTheLimitAreCountedInOneDiagnostic() {
        // Each '§' is an unexpected character: 30 of them, limit 10.
        let text = String(repeating: "§ ", count: 30)
        let result = Parser.parse(
            SourceFile(id: FileID(0), path: "x.flow", text: text),
            limits: ParseLimits(maxErrors: 10))
        #expect(result.diagnostics.count == 11)
        #expect(result.diagnostics.last?.id == "FL0013")
        let total = Parser.parse(SourceFile(id: FileID(0), path: "x.flow", text: text)).diagnostics.count
        #expect(
            result.diagnostics.last?.message
                == "too many errors: \(total - 10) more not shown; fix the ones above first")
    }

    @Test func locationOfAnOffsetCountsScalarsNotBytes() {
        let file = SourceFile(id: FileID(0), path: "x.flow", text: "ab\nżółw x")
        let x = file.location(at: Array("ab\nżółw ".utf8).count)
        #expect(x.line == 2)
        #expect(x.column == 6)
    }
}
