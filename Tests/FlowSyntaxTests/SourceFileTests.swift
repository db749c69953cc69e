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
        // A swap of neighbours is one edit (Levenshtein counts two, over the limit for 5 letters).
        ("prmie", ["prime", "explain"], "prime"),
        ("sttaus", ["status", "state"], "status"),
        // Case is folded on both sides, ASCII or not; the candidate is returned as spelled.
        ("PRIME", ["Prime", "explain"], "Prime"),
        ("Äpfel", ["äpfeln", "apfel"], "äpfeln"),
        // A candidate much longer than the name is never close, whatever its prefix.
        ("pri", ["primerprimer", "pro"], "pro"),
    ] as [(String, [String], String?)])
    func suggestionFindsCloseNamesOnly(name: String, candidates: [String], expected: String?) {
        #expect(Suggestion.closest(to: name, in: candidates) == expected)
    }

    @Test func distanceCountsATranspositionAsOneEdit() {
        func d(_ a: String, _ b: String, limit: Int = 10) -> Int {
            Suggestion.distance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
        }
        #expect(d("prmie", "prime") == 1)
        #expect(d("ab", "ba") == 1)
        #expect(d("kitten", "sitting") == 3)
        #expect(d("abcdef", "badcfe") == 3)
        // Optimal string alignment: a swapped pair is not edited again.
        #expect(d("ca", "abc") == 3)
        #expect(d("abcdef", "uvwxyz", limit: 2) == 3)
    }
}
