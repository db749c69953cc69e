import Testing
@testable import FlowSyntax

@Suite struct SourceFileTests {
    @Test func lineStartsHandleLFCRLFAndLoneCR() {
        let file = SourceFile(id: FileID(0), path: "a.flow", text: "a\nbc\r\nd\re")
        #expect(file.lineStarts == [0, 2, 6, 8])
        #expect(file.lineText(2) == "bc")
        #expect(file.lineText(3) == "d")
        #expect(file.lineText(4) == "e")
        #expect(file.lineText(5) == "")
    }

    @Test(arguments: [
        ("prme", ["prime", "explain", "ask"], "prime"),
        ("authorised", ["authorized", "denied"], "authorized"),
        ("zzz", ["prime", "explain"], nil),
    ] as [(String, [String], String?)])
    func suggestionFindsCloseNamesOnly(name: String, candidates: [String], expected: String?) {
        #expect(Suggestion.closest(to: name, in: candidates) == expected)
    }
}
