import FlowSyntax
import Testing

@Suite struct StringKeyTests {
    static let range = SourceRange(
        file: FileID(0), start: SourceLocation(offset: 0, line: 1, column: 1),
        end: SourceLocation(offset: 0, line: 1, column: 1))

    /// The name is the parts joined with dots, whatever their lengths and scripts.
    @Test(arguments: [
        [String](), [""], ["title"], ["prime", "title"], ["f12_34", "alert", "message"],
        ["a", "", "b"], ["caf\u{E9}", "\u{1F4F7}", "zh-Hant"], [String(repeating: "x", count: 40), "y"],
    ])
    func nameJoinsThePartsWithDots(parts: [String]) {
        #expect(StringKey(parts: parts, range: Self.range).name == parts.joined(separator: "."))
    }

    /// Each `strings` block is sized for the one before it: blocks longer, shorter and empty
    /// after it still hold exactly their own entries, in order.
    @Test func stringsBlocksOfDifferentSizesKeepTheirEntries() {
        let source = """
            strings en { a = "1"  b.c = "2"  d = "3" }
            strings pl { a = "4" }
            strings de { }
            strings fr { a = "5"  b.c = "6"  d = "7"  e = "8" }
            """
        let result = Parser.parse(SourceFile(id: FileID(0), path: "s.flow", text: source))
        #expect(result.diagnostics.isEmpty)
        let blocks = result.syntax.declarations.compactMap { declaration -> StringsDecl? in
            if case .strings(let block) = declaration { return block }
            return nil
        }
        #expect(blocks.map(\.locale.tag) == ["en", "pl", "de", "fr"])
        #expect(blocks.map { $0.entries.map(\.key.name) } == [["a", "b.c", "d"], ["a"], [], ["a", "b.c", "d", "e"]])
        #expect(
            blocks.map { $0.entries.compactMap(\.value?.plainText) } == [
                ["1", "2", "3"], ["4"], [], ["5", "6", "7", "8"],
            ])
    }
}
