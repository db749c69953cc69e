import Testing

@testable import FlowSyntax

@Suite struct NameCacheTests {
    /// Every name the cache returns is the one a fresh decode gives, whether it is a hit, a miss,
    /// a name that evicted another from its slot, or a name too close to the end of the bytes
    /// for the two-word load.
    @Test func cachedNamesAreTheDecodedNames() {
        // Names of every length up to 20 (past the 16 bytes the cache packs), many of them
        // differing only in their last byte or only in length, and each asked for twice.
        var words: [String] = []
        for length in 1...20 {
            for last in ["a", "b", "Z", "9", "_"] {
                words.append(String(repeating: "x", count: length - 1) + last)
            }
        }
        words += (0..<2_000).map { "s\($0)" }  // more names than slots: evictions
        let text = words.joined(separator: " ")
        let bytes = Array(text.utf8)
        var ranges: [Range<Int>] = []
        var start = 0
        for word in words {
            ranges.append(start..<start + word.utf8.count)
            start += word.utf8.count + 1
        }
        var cache = NameCache()
        for _ in 0..<2 {
            for (word, range) in zip(words, ranges) {
                #expect(cache.name(bytes, range) == word)
            }
        }
        // The last names end at the end of the array: read byte by byte, not by a 16-byte load.
        let tail = Array("state authorizedWhenInUse".utf8)
        #expect(cache.name(tail, 6..<tail.count) == "authorizedWhenInUse")
        #expect(cache.name(tail, 0..<5) == "state")
        #expect(cache.name(tail, 6..<21) == "authorizedWhenI")
        #expect(cache.name(tail, 6..<22) == "authorizedWhenIn")
    }

    /// A name and a longer name sharing its bytes land in different entries: the length is part
    /// of the key, so `s1` never answers for `s10`.
    @Test func aPrefixIsAnotherName() {
        let bytes = Array("s1 s10 s1 s100 s10".utf8)
        var cache = NameCache()
        let names = [0..<2, 3..<6, 7..<9, 10..<14, 15..<18].map { cache.name(bytes, $0) }
        #expect(names == ["s1", "s10", "s1", "s100", "s10"])
    }
}
