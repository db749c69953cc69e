import FlowSyntax

/// One replacement of a byte range of a file: what a fix-it, a rename or a formatter change is,
/// before it is applied (here) or sent to an editor (the language server's `TextEdit`).
public struct SourceEdit: Hashable, Sendable {
    /// The bytes replaced, `[start, end)` offsets into the file (empty for an insertion).
    public var range: SourceRange
    public var replacement: String

    public init(range: SourceRange, replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    public init(_ fixIt: FixIt) {
        self.init(range: fixIt.range, replacement: fixIt.replacement)
    }

    /// Whether the two edits touch the same bytes, so applying both has no single meaning. Two
    /// insertions at the same point overlap too (their order would be a guess); an insertion at
    /// the edge of a replacement does not.
    public func overlaps(_ other: SourceEdit) -> Bool {
        let a = range.start.offset..<range.end.offset
        let b = other.range.start.offset..<other.range.end.offset
        if a.isEmpty && b.isEmpty { return a.lowerBound == b.lowerBound }
        if a.isEmpty { return b.lowerBound < a.lowerBound && a.lowerBound < b.upperBound }
        if b.isEmpty { return a.lowerBound < b.lowerBound && b.lowerBound < a.upperBound }
        return a.overlaps(b)
    }
}

/// Applying a set of edits to one file's bytes: the fix engine behind `flowlint --fix` and the
/// language server's code actions.
public enum EditApplication {
    /// What applying gave: the new bytes, and which of the edits went in and which were left out
    /// because an earlier one (in the order given) already changed their bytes.
    public struct Result: Hashable, Sendable {
        public var bytes: [UInt8]
        /// Indices into the edits given, in the order given.
        public var applied: [Int]
        public var skipped: [Int]
    }

    /// Applies `edits` to `source`. Edits are taken in the order given; one that overlaps an edit
    /// already taken, or whose range lies outside the file, is skipped (never half applied).
    /// Linear in the size of the file plus the edits, after sorting the taken edits.
    public static func apply(_ edits: [SourceEdit], to source: [UInt8]) -> Result {
        var taken: [Int] = []
        var skipped: [Int] = []
        // Taken ranges kept sorted by (start, end), so the overlap test is a binary search; an
        // insertion sorts before a replacement that starts where it is.
        var sortedTaken: [(start: Int, end: Int, index: Int)] = []
        for (i, edit) in edits.enumerated() {
            let start = edit.range.start.offset
            let end = edit.range.end.offset
            guard start >= 0, start <= end, end <= source.count else {
                skipped.append(i)
                continue
            }
            var low = 0
            var high = sortedTaken.count
            while low < high {
                let mid = (low + high) / 2
                if (sortedTaken[mid].start, sortedTaken[mid].end) < (start, end) { low = mid + 1 } else { high = mid }
            }
            // Only the neighbours can overlap a range when the taken ranges do not overlap each other.
            let neighbours = [low - 1, low, low + 1].filter { $0 >= 0 && $0 < sortedTaken.count }
            if neighbours.contains(where: { edits[sortedTaken[$0].index].overlaps(edit) }) {
                skipped.append(i)
                continue
            }
            sortedTaken.insert((start, end, i), at: low)
            taken.append(i)
        }
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var cursor = 0
        for (start, _, index) in sortedTaken {
            let edit = edits[index]
            out.append(contentsOf: source[cursor..<start])
            out.append(contentsOf: edit.replacement.utf8)
            cursor = edit.range.end.offset
        }
        out.append(contentsOf: source[cursor...])
        return Result(bytes: out, applied: taken, skipped: skipped)
    }
}
