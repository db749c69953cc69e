import Testing

@testable import FlowLint

/// The byte-level prefilter of FL1402 must never hide a marker the full search finds.
@Suite struct PlaceholderTextTests {
    static let texts = [
        "", "Continue", "Scan receipts with {app}", "So that you can {benefit}.",
        "<Your App> would like to access the camera", "a < b > c", "<>", "< 3 >", "<Назва>",
        "100% sure", "Hello %@", "Step %d of %s", "%1$@ wants access", "{{name}}", "{ {x} }",
        "TODO", "ToDo: write copy", "todos", "Photodog", "tbd", "TBD.", "fix me", "FIXME later",
        "xxx", "XXX-large", "boxxxes", "Lorem Ipsum dolor", "lorem  ipsum", "lorem_ipsum",
        "FİXME", "Fİxme now", "tödo", "ЗАВДАННЯ todo", "允许 TODO", "Zezwól", "Kelvin \u{212A} todo",
        "to\u{0308}do", "todo\u{0301}", "\u{0130}", "lorem ipsum\u{0301}", "ta\r\ntodo",
        "the total is tbd", "ends with to", "xx", "lo", "Tb", "fiXme", "tOdO!", "lorem ipsu",
    ]

    @Test(arguments: texts)
    func prefilterAgreesWithTheFullSearch(_ text: String) {
        #expect(PlaceholderText.marker(in: text) == PlaceholderText.searchMarker(in: text))
        if !PlaceholderText.mayHoldMarker(text) { #expect(PlaceholderText.searchMarker(in: text) == nil) }
    }

    @Test func prefilterRulesOutPlainCopy() {
        #expect(!PlaceholderText.mayHoldMarker("Continue"))
        #expect(!PlaceholderText.mayHoldMarker("{app} uses this so that you can {benefit}."))
        #expect(PlaceholderText.mayHoldMarker("ToDo"))
        #expect(PlaceholderText.marker(in: "Write it, TODO") == "TODO")
        #expect(PlaceholderText.marker(in: "<Your App> wants it") == "<Your App>")
    }
}
