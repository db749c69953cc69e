/// Byte classes tested eight bytes at a time, for the two runs the lexer reads most: names and
/// the plain text of strings. Each function takes eight bytes loaded little-endian into a word
/// and returns a word with the high bit (0x80) of each byte that is *not* in the class, so
/// `trailingZeroBitCount >> 3` of a non-zero result is the length of the run in that word.
///
/// Every test works on the low seven bits of each byte, where adding a constant below 0x81 or
/// comparing by XOR never carries into the next byte; bytes of 0x80 and above (non-ASCII) are
/// outside both classes and are set apart first. So each byte's answer is exact, whatever its
/// neighbours hold, and equal to the one-byte test (`Lexer.isIdentifierContinue`,
/// `Lexer.isPlainStringByte`) for all 256 values (tested).
enum ByteClasses {
    static let highBits: UInt64 = 0x8080_8080_8080_8080
    static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    static let ones: UInt64 = 0x0101_0101_0101_0101

    /// The high bit of each 7-bit byte of `a` that is at least `low`: `a + (0x80 - low)` reaches
    /// 0x80 exactly then, and stays below 0x100.
    @inline(__always)
    static func atLeast(_ a: UInt64, _ low: UInt8) -> UInt64 {
        (a &+ ones &* UInt64(0x80 - low)) & highBits
    }

    /// The high bit of each 7-bit byte of `a` equal to `value`: the XOR is zero only there, and
    /// adding 0x7F to a non-zero 7-bit byte reaches 0x80.
    @inline(__always)
    static func equal(_ a: UInt64, _ value: UInt8) -> UInt64 {
        ~((a ^ (ones &* UInt64(value))) &+ lowBits) & highBits
    }

    /// The bytes that are not `[A-Za-z0-9_]`.
    @inline(__always)
    static func notName(_ word: UInt64) -> UInt64 {
        let a = word & lowBits
        let folded = a | 0x2020_2020_2020_2020  // A-Z onto a-z, as `isIdentifierStart` does
        let letter = atLeast(folded, 0x61) & ~atLeast(folded, 0x7B)
        let digit = atLeast(a, 0x30) & ~atLeast(a, 0x3A)
        let name = (letter | digit | equal(a, 0x5F)) & ~word
        return ~name & highBits
    }

    /// The bytes that end a plain run of a string: anything but printable ASCII and tab, and the
    /// quote, backslash and braces, which the string lexer reads one at a time.
    @inline(__always)
    static func notPlainString(_ word: UInt64) -> UInt64 {
        let a = word & lowBits
        let printable = (atLeast(a, 0x20) & ~equal(a, 0x7F)) | equal(a, 0x09)
        let special = equal(a, 0x22) | equal(a, 0x5C) | equal(a, 0x7B) | equal(a, 0x7D)
        let plain = printable & ~special & ~word
        return ~plain & highBits
    }

    /// The eight bytes at `i` of `base`, little-endian (the caller checks that they are there).
    @inline(__always)
    static func word(_ base: UnsafePointer<UInt8>, at i: Int) -> UInt64 {
        UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self).littleEndian
    }

    /// The end of the run of plain string bytes starting at `i` and stopping before `end`.
    @inline(__always)
    static func plainStringRunEnd(_ buffer: UnsafeBufferPointer<UInt8>, from i: Int, to end: Int) -> Int {
        guard let base = buffer.baseAddress else { return i }
        var j = i
        while j &+ 8 <= end {
            let stop = notPlainString(word(base, at: j))
            if stop != 0 { return j &+ (stop.trailingZeroBitCount &>> 3) }
            j &+= 8
        }
        while j < end, Lexer.isPlainStringByte(buffer[j]) { j &+= 1 }
        return j
    }
}
