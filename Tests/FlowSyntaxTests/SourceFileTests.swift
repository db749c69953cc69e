import Testing

@testable import FlowSyntax

@Suite struct SourceFileTests {
    /// The line scan reads eight bytes at a time: line breaks at every position of a word, next
    /// to tabs, other control bytes and bytes above 0x7F, and CR LF split across two words, give
    /// the starts a byte-by-byte scan gives.
    @Test func lineStartsMatchAByteByByteScan() {
        func reference(_ bytes: [UInt8]) -> [Int] {
            var starts = [0]
            var i = 0
            while i < bytes.count {
                if bytes[i] == 0x0A {
                    starts.append(i + 1)
                } else if bytes[i] == 0x0D {
                    if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                }
                i += 1
            }
            return starts
        }
        let pieces: [[UInt8]] = [
            [0x0A], [0x0D], [0x0D, 0x0A], [0x09], [0x0B], [0x0E], [0x0C], [0x00], [0xFF], [0x80, 0x8E],
            Array("abc".utf8), Array("state s {".utf8), [0xC3, 0xA9],
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // xorshift, so a failure is the same every run
        func nextPiece() -> [UInt8] {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return pieces[Int(state % UInt64(pieces.count))]
        }
        for length in 0..<40 {
            for _ in 0..<50 {
                var bytes: [UInt8] = []
                while bytes.count < length { bytes += nextPiece() }
                let file = SourceFile(id: FileID(0), path: "a.flow", bytes: bytes)
                #expect(Array(file.lineStarts) == reference(bytes), "\(bytes)")
                #expect(file.firstNUL == bytes.firstIndex(of: 0), "\(bytes)")
                // Past the 32-bit table's limit (here 5 bytes, not 4 GiB) the starts are the same.
                let wide = SourceFile(id: FileID(0), path: "a.flow", bytes: bytes, narrowLimit: 5)
                #expect(Array(wide.lineStarts) == reference(bytes), "\(bytes)")
                #expect(wide.lineStarts == file.lineStarts)
            }
        }
        for offset in 0..<17 {
            let bytes =
                Array(repeating: UInt8(ascii: "x"), count: offset) + [0x0D, 0x0A] + Array(repeating: 0x79, count: 9)
            #expect(SourceFile(id: FileID(0), path: "a.flow", bytes: bytes).lineStarts.elementsEqual([0, offset + 2]))
        }
    }

    /// The parser reads the first NUL from the line scan: at every position of a word, after a
    /// line break or a CR, the second of two, and none, it is what `firstIndex(of: 0)` finds.
    @Test func firstNULMatchesFirstIndex() {
        for offset in 0..<20 {
            for before: [UInt8] in [[], [0x0A], [0x0D], [0x0D, 0x0A], [0x09], [0x00]] {
                let bytes =
                    Array(repeating: UInt8(ascii: "x"), count: offset) + before + [0x00]
                    + Array(repeating: 0x79, count: 9) + [0x00]
                let file = SourceFile(id: FileID(0), path: "a.flow", bytes: bytes)
                #expect(file.firstNUL == bytes.firstIndex(of: 0), "\(bytes)")
                #expect(file.firstNUL == offset + (before == [0x00] ? 0 : before.count))
            }
            let clean = SourceFile(id: FileID(0), path: "a.flow", bytes: Array(repeating: 0x0A, count: offset))
            #expect(clean.firstNUL == nil)
        }
        #expect(SourceFile(id: FileID(0), path: "a.flow", text: "").firstNUL == nil)
    }

    /// The table keeps no spare room when its first guess (a line every 24 bytes) was too big,
    /// and the same starts either way.
    @Test func lineStartsAreStoredAtTheirCount() {
        let long = Array(repeating: UInt8(ascii: "x"), count: 2400) + [0x0A]
        #expect(SourceFile(id: FileID(0), path: "a.flow", bytes: long).lineStarts.storedCapacity <= 4)
        let short = Array(repeating: Array("ab\n".utf8), count: 100).flatMap { $0 }
        let file = SourceFile(id: FileID(0), path: "a.flow", bytes: short)
        #expect(file.lineStarts.count == 101 && file.lineStarts.storedCapacity < 101 + 101 / 8)
        #expect(Array(file.lineStarts) == [0] + (1...100).map { $0 * 3 })
    }

    @Test func lineStartsHandleLFCRLFAndLoneCR() {
        let file = SourceFile(id: FileID(0), path: "a.flow", text: "a\nbc\r\nd\re")
        #expect(Array(file.lineStarts) == [0, 2, 6, 8])
        #expect(file.lineText(2) == "bc")
        #expect(file.lineText(3) == "d")
        #expect(file.lineText(4) == "e")
        #expect(file.lineText(5) == "")
    }

    @Test(
        arguments: [
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
