/// Strict UTF-8 decoding of one scalar, shared by the lexer (column counting) and the renderer
/// (caret placement), so both count an invalid byte as exactly one column.
enum UTF8Scalar {
    /// The scalar starting at `i` and its length in bytes, or nil when the bytes at `i` are not
    /// valid UTF-8 (the caller then treats the single byte at `i` as one bad column).
    static func decode(_ bytes: [UInt8], at i: Int, end: Int) -> (value: UInt32, length: Int)? {
        let b0 = bytes[i]
        if b0 < 0x80 { return (UInt32(b0), 1) }
        func cont(_ j: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> UInt32? {
            guard j < end else { return nil }
            let b = bytes[j]
            return b >= low && b <= high ? UInt32(b & 0x3F) : nil
        }
        switch b0 {
        case 0xC2...0xDF:
            guard let c1 = cont(i + 1) else { return nil }
            return ((UInt32(b0 & 0x1F) << 6) | c1, 2)
        case 0xE0...0xEF:
            let low: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
            let high: UInt8 = b0 == 0xED ? 0x9F : 0xBF
            guard let c1 = cont(i + 1, low, high), let c2 = cont(i + 2) else { return nil }
            return ((UInt32(b0 & 0x0F) << 12) | (c1 << 6) | c2, 3)
        case 0xF0...0xF4:
            let low: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
            guard let c1 = cont(i + 1, low, high), let c2 = cont(i + 2), let c3 = cont(i + 3) else { return nil }
            return ((UInt32(b0 & 0x07) << 18) | (c1 << 12) | (c2 << 6) | c3, 4)
        default:
            return nil
        }
    }

    /// Whether the file starts with a UTF-8 byte-order mark (skipped by the lexer and the renderer).
    static func hasBOM(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }
}
