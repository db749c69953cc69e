import Testing
import FlowSyntax

@Suite struct StringKeyTests {
    static let range = SourceRange(file: FileID(0), start: SourceLocation(offset: 0, line: 1, column: 1),
                                   end: SourceLocation(offset: 0, line: 1, column: 1))

    /// The name is the parts joined with dots, whatever their lengths and scripts.
    @Test(arguments: [
        [String](), [""], ["title"], ["prime", "title"], ["f12_34", "alert", "message"],
        ["a", "", "b"], ["caf\u{E9}", "\u{1F4F7}", "zh-Hant"], [String(repeating: "x", count: 40), "y"],
    ])
    func nameJoinsThePartsWithDots(parts: [String]) {
        #expect(StringKey(parts: parts, range: Self.range).name == parts.joined(separator: "."))
    }
}
