/// "Did you mean" support shared by every phase: the closest candidate by edit distance.
public enum Suggestion {
    /// The candidate closest to `name`, if it is close enough to be a plausible typo
    /// (distance at most a third of the longer name, and at least 1 edit allowed).
    public static func closest<S: Sequence>(to name: String, in candidates: S) -> String? where S.Element == String {
        let target = Array(name.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        var folded: [Unicode.Scalar] = []
        for candidate in candidates where candidate != name {
            // An ASCII candidate is folded byte by byte into one reused buffer; only others pay
            // for `lowercased()` (which may change their length). This runs for every unknown
            // keyword a scenario or config line has, against every candidate.
            folded.removeAll(keepingCapacity: true)
            var ascii = true
            for byte in candidate.utf8 {
                guard byte < 0x80 else {
                    ascii = false
                    break
                }
                folded.append(Unicode.Scalar(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte))
            }
            let count = ascii ? folded.count : candidate.unicodeScalars.count
            let limit = max(1, max(target.count, count) / 3)
            if ascii, abs(target.count - count) > limit { continue }  // the distance is at least this
            if !ascii { folded = Array(candidate.lowercased().unicodeScalars) }
            let d = distance(target, folded, limit: limit)
            if d <= limit, best == nil || d < best!.distance { best = (candidate, d) }
        }
        return best?.name
    }

    /// Optimal string alignment distance (Damerau-Levenshtein where a swap of two neighbours,
    /// `prmie` for `prime`, counts as one edit, as in the Swift compiler's and Elm's typo
    /// suggestions), with an early exit once two consecutive rows exceed `limit` (a swap reaches
    /// back two rows, so one row over the limit is not yet proof).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if abs(a.count - b.count) > limit { return limit + 1 }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        var previousMin = 0
        for i in 1...a.count {
            current[0] = i
            var rowMin = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, beforePrevious[j - 2] + 1) }
                current[j] = d
                rowMin = min(rowMin, d)
            }
            if rowMin > limit, previousMin > limit { return limit + 1 }
            previousMin = rowMin
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
