/// The order Xcode writes String Catalog keys, locales and XLIFF units in: case-insensitive, with
/// punctuation before digits before letters in the order of the Unicode root collation (CLDR),
/// not in code-point order. Observed in catalogs Xcode wrote: `"."` sorts before `"("` and `"["`
/// before `"%"` (CubeLabsNZ/CubeTime `Localizable.xcstrings`), `"•"` before letters
/// (Dimillian/IceCubesApp), which code-point order would not give.
///
/// ASCII follows the root collation exactly; other scalars sort after ASCII letters in
/// code-point order, which matches Xcode for letters of other scripts but may not for
/// non-ASCII punctuation in a key (flow keys and paths are ASCII in practice).
public enum XcodeOrder {
    /// Primary weight of an ASCII byte: whitespace, punctuation and symbols in root collation
    /// order, digits, then letters ignoring case.
    private static let weights: [UInt16] = {
        var w = [UInt16](repeating: 0, count: 128)
        let order = "\t\n\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz"
        for (i, b) in order.utf8.enumerated() { w[Int(b)] = UInt16(i + 1) }
        for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { w[Int(b)] = w[Int(b | 0x20)] }
        return w
    }()

    private static func primary(_ s: Unicode.Scalar) -> UInt32 {
        s.value < 128 ? UInt32(weights[Int(s.value)]) : 1000 + s.value
    }

    /// True when Xcode writes `a` before `b`. Case decides only between keys equal otherwise
    /// (lowercase first, as the root collation's tertiary level does), then code points.
    public static func less(_ a: String, _ b: String) -> Bool {
        var x = a.unicodeScalars.makeIterator(), y = b.unicodeScalars.makeIterator()
        var tertiary = 0
        while true {
            switch (x.next(), y.next()) {
            case (nil, nil): return tertiary != 0 ? tertiary < 0 : false
            case (nil, _): return true
            case (_, nil): return false
            case (let p?, let q?):
                let wp = primary(p), wq = primary(q)
                if wp != wq { return wp < wq }
                if tertiary == 0, p != q { tertiary = isUpper(p) && !isUpper(q) ? 1 : (!isUpper(p) && isUpper(q) ? -1 : (p.value < q.value ? -1 : 1)) }
            }
        }
    }

    private static func isUpper(_ s: Unicode.Scalar) -> Bool { s.value >= 65 && s.value <= 90 }
}
