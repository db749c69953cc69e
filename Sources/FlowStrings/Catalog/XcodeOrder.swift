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
        let symbols = "\t\n\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$"
        for (i, b) in symbols.utf8.enumerated() { w[Int(b)] = UInt16(i + 1) }
        for (i, b) in "0123456789".utf8.enumerated() { w[Int(b)] = UInt16(200 + i) }
        for (i, b) in "abcdefghijklmnopqrstuvwxyz".utf8.enumerated() {
            w[Int(b)] = UInt16(300 + i)
            w[Int(b) - 32] = UInt16(300 + i)
        }
        return w
    }()

    /// Non-ASCII punctuation and symbols (`•`, `–`, `©`) sort after ASCII symbols and before
    /// digits, as in the root collation; other scalars (letters of any script) after ASCII letters.
    private static func primary(_ s: Unicode.Scalar) -> UInt32 {
        if s.value < 128 { return UInt32(weights[Int(s.value)]) }
        if !s.properties.isAlphabetic, s.properties.numericType == nil { return 100 }
        return 1000 + s.value
    }

    /// True when Xcode writes `a` before `b`. Case decides only between keys equal otherwise
    /// (lowercase first, as the root collation's tertiary level does), then code points.
    public static func less(_ a: String, _ b: String) -> Bool {
        var x = a.unicodeScalars.makeIterator()
        var y = b.unicodeScalars.makeIterator()
        var tertiary = 0
        while true {
            switch (x.next(), y.next()) {
            case (nil, nil): return tertiary != 0 ? tertiary < 0 : false
            case (nil, _): return true
            case (_, nil): return false
            case (let p?, let q?):
                let wp = primary(p)
                let wq = primary(q)
                if wp != wq { return wp < wq }
                if tertiary == 0, p != q {
                    tertiary =
                        isUpper(p) && !isUpper(q) ? 1 : (!isUpper(p) && isUpper(q) ? -1 : (p.value < q.value ? -1 : 1))
                }
            }
        }
    }

    private static func isUpper(_ s: Unicode.Scalar) -> Bool { s.value >= 65 && s.value <= 90 }
}
