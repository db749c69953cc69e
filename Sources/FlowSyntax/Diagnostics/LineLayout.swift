/// Where the columns of one source line fall on screen: the display position (in terminal cells)
/// of every `stride`-th column, recorded in one scan of the line.
///
/// A snippet needs the display positions of the caret's ends and the bytes of a window around
/// them. Rescanning the line from its start for every diagnostic made rendering cost
/// diagnostics x line length, which a one-line (minified or generated) file with many errors turns
/// into seconds; with a layout, each diagnostic after the first on a line costs at most `stride`
/// cells plus its window.
struct LineLayout {
    static let stride = 32

    /// The line's bytes without its terminator (and without a BOM on line 1).
    let bytes: [UInt8]
    /// `marks[k]` is the byte index and display position where column `1 + k * stride` starts.
    private let marks: [(index: Int, position: Int)]
    /// Number of columns (one per scalar or invalid byte) in the line.
    let columns: Int
    /// Display width of the whole line.
    let total: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var marks: [(index: Int, position: Int)] = []
        marks.reserveCapacity(bytes.count / Self.stride + 1)
        var position = 0
        var column = 0
        var i = 0
        while i < bytes.count {
            if column % Self.stride == 0 { marks.append((i, position)) }
            let (length, width) = Self.advance(bytes, at: i, position: position)
            position += width
            i += length
            column += 1
        }
        if column % Self.stride == 0 { marks.append((i, position)) }
        self.marks = marks
        self.columns = column
        self.total = position
    }

    /// Bytes consumed and cells taken by the scalar at `bytes[i]`, drawn at display `position`.
    @inline(__always)
    static func advance(_ bytes: [UInt8], at i: Int, position: Int) -> (length: Int, width: Int) {
        let b = bytes[i]
        if b >= 0x20 && b < 0x7F { return (1, 1) }
        let cell = DiagnosticRenderer.cell(bytes, at: i, position: position)
        return (cell.length, cell.width)
    }

    /// Display position where 1-based `column` starts. Columns past the end of the line continue
    /// one cell each after `total`; columns before the first one read as the end of the line
    /// (the renderer's long-standing answer for a malformed range).
    func position(ofColumn column: Int) -> Int {
        guard column >= 1, column <= columns else { return total + max(0, column - columns - 1) }
        let mark = marks[(column - 1) / Self.stride]
        var position = mark.position
        var i = mark.index
        for _ in 0..<((column - 1) % Self.stride) {
            let (length, width) = Self.advance(bytes, at: i, position: position)
            position += width
            i += length
        }
        return position
    }

    /// A byte index and its display position from which a scan reaches every cell at or after
    /// display position `target`: the last mark strictly before it (or the line's start).
    func scanStart(before target: Int) -> (index: Int, position: Int) {
        var low = 0
        var high = marks.count  // find the first mark with position >= target
        while low < high {
            let mid = (low + high) / 2
            if marks[mid].position < target { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? (0, 0) : marks[low - 1]
    }
}
