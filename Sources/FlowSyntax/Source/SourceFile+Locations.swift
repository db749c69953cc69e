extension SourceFile {
    /// A range at `offset` whose line and column are not computed yet: for readers that report
    /// many problems as they go and locate them all at the end with `located(_:)`.
    public func unlocatedRange(at offset: Int) -> SourceRange {
        let point = SourceLocation(offset: min(max(0, offset), bytes.count), line: 0, column: 0)
        return SourceRange(file: id, start: point, end: point)
    }

    /// `diagnostics` with every range into this file (notes' included) located, the way
    /// `location(at:)` locates one offset, in one pass over the offsets in order: a minified
    /// catalog is one line, and locating each of 100,000 problems on it from the line's start
    /// was quadratic.
    public func located(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var offsets: [Int] = []
        for d in diagnostics {
            for r in [d.range] + d.notes.map(\.range) {
                guard let r, r.file == id else { continue }
                offsets.append(r.start.offset)
                offsets.append(r.end.offset)
            }
        }
        let found = locations(at: offsets)
        func locate(_ r: SourceRange?) -> SourceRange? {
            guard let r, r.file == id, let start = found[r.start.offset], let end = found[r.end.offset] else {
                return r
            }
            return SourceRange(file: id, start: start, end: end)
        }
        return diagnostics.map { d in
            var d = d
            d.range = locate(d.range)
            d.notes = d.notes.map { n in
                var n = n
                n.range = locate(n.range)
                return n
            }
            return d
        }
    }

    /// `location(at:)` of each offset, by offset: sorted, so a scan along a line goes on from
    /// the previous offset instead of starting over.
    func locations(at offsets: [Int]) -> [Int: SourceLocation] {
        var out: [Int: SourceLocation] = [:]
        let hasBOM = UTF8Scalar.hasBOM(bytes)
        var line = -1
        var scan = 0
        var column = 1
        for offset in Set(offsets).sorted() {
            let o = min(max(0, offset), bytes.count)
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if lineStarts[mid] <= o { low = mid } else { high = mid - 1 }
            }
            if low != line || scan > o {
                (line, scan, column) = (low, lineStarts[low], 1)
            }
            // As `location(at:)`: a BOM is no column.
            if line == 0, hasBOM, scan < 3 { (scan, column) = (min(3, o), 1) }
            while scan < o {
                scan += UTF8Scalar.decode(bytes, at: scan, end: bytes.count)?.length ?? 1
                column += 1
            }
            out[offset] = SourceLocation(offset: o, line: line + 1, column: column)
        }
        return out
    }
}
