import FlowFormat
import FlowSyntax
import Testing

@Suite struct EditApplicationTests {
    func edit(_ start: Int, _ end: Int, _ text: String) -> SourceEdit {
        let file = FileID(0)
        return SourceEdit(
            range: SourceRange(
                file: file, start: SourceLocation(offset: start, line: 1, column: start + 1),
                end: SourceLocation(offset: end, line: 1, column: end + 1)),
            replacement: text)
    }

    @Test func appliesEditsInAnyOrderAndSkipsOverlaps() {
        let source = Array("abcdefgh".utf8)
        let result = EditApplication.apply(
            [edit(6, 8, "GH"), edit(0, 1, "A"), edit(5, 7, "x"), edit(3, 3, "-")], to: source)
        #expect(String(decoding: result.bytes, as: UTF8.self) == "Abc-defGH")
        #expect(result.applied == [0, 1, 3])
        #expect(result.skipped == [2])
    }

    @Test func twoInsertionsAtOnePointOverlapButAnInsertionAtAnEdgeDoesNot() {
        let source = Array("abc".utf8)
        let result = EditApplication.apply(
            [edit(1, 1, "x"), edit(1, 1, "y"), edit(1, 2, "B"), edit(2, 2, "!")], to: source)
        #expect(String(decoding: result.bytes, as: UTF8.self) == "axB!c")
        #expect(result.skipped == [1])
    }

    @Test func anEditOutsideTheFileIsSkipped() {
        let result = EditApplication.apply([edit(2, 9, "x")], to: Array("abc".utf8))
        #expect(result.bytes == Array("abc".utf8))
        #expect(result.skipped == [0])
    }
}
