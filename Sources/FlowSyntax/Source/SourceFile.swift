/// The text of one `.flow` file as UTF-8 bytes, with the offsets where its lines start.
///
/// The lexer reads `bytes`; the renderer uses `lineText(_:)` to print snippets. The path is kept
/// exactly as the user gave it (relative paths stay relative) so diagnostics point where they typed.
public struct SourceFile: Sendable {
    public let id: FileID
    public let path: String
    public let bytes: [UInt8]
    /// Byte offset of the first byte of each line; `lineStarts[0] == 0`.
    public let lineStarts: LineStarts
    /// The offset of the first NUL byte, if any (the parser refuses such a file): found by the
    /// line scan, which stops at every byte below 0x0E anyway. A scan of its own for the parser
    /// (`firstIndex(of: 0)`) cost 5 instructions a byte, 2% of loading the 300-flow profile file.
    let firstNUL: Int?

    public init(id: FileID, path: String, bytes: [UInt8]) {
        self.init(id: id, path: path, bytes: bytes, narrowLimit: Int(UInt32.max))
    }

    /// `narrowLimit`: the largest line start kept in 32 bits (lower in tests, which cannot make
    /// a 4 GiB file).
    init(id: FileID, path: String, bytes: [UInt8], narrowLimit: Int) {
        self.id = id
        self.path = path
        self.bytes = bytes
        // Every line start is at most the file's size: when that fits in 32 bits (every file
        // the parser accepts; `narrowLimit` is lower only in tests) the table is 32-bit, else
        // whole Ints. One scan either way, specialized for each.
        var firstNUL = -1
        if bytes.count <= narrowLimit {
            var starts: [UInt32] = [0]
            starts.reserveCapacity(bytes.count / 24 + 1)
            firstNUL = Self.scanLines(bytes, into: &starts)
            lineStarts = LineStarts(narrow: starts)
        } else {
            var starts: [Int] = [0]
            starts.reserveCapacity(bytes.count / 24 + 1)
            firstNUL = Self.scanLines(bytes, into: &starts)
            lineStarts = LineStarts(wide: starts)
        }
        self.firstNUL = firstNUL < 0 ? nil : firstNUL
    }

    /// Appends where each line after the first starts, and returns the offset of the first NUL
    /// (-1 if none). Every file is scanned once here before lexing: no bounds checks, one
    /// allocation for the usual line lengths, and eight bytes at a time up to the next byte that
    /// can end a line.
    @inline(__always)
    private static func scanLines<T: FixedWidthInteger>(_ bytes: [UInt8], into starts: inout [T]) -> Int {
        // A sentinel, not an Int?: captured as an optional it made the whole scan cost 0.5 M
        // instructions more for the 300-flow profile file.
        var firstNUL = -1
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var i = 0
            let n = buffer.count
            while i < n {
                if i + 8 <= n {
                    // The high bit of each byte below 0x0E (a line break, a tab or another control
                    // byte), exact for the first such byte: no borrow reaches it from the bytes
                    // before, which are all 0x0E or more.
                    let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self).littleEndian
                    let below = (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080
                    if below == 0 {
                        i += 8
                        continue
                    }
                    i += below.trailingZeroBitCount >> 3
                }
                let b = buffer[i]
                if b > 0x0D {
                    i += 1
                    continue
                }
                if b == 0x0A {
                    starts.append(T(truncatingIfNeeded: i + 1))
                } else if b == 0x0D {
                    // CR LF counts as one line break; a lone CR is a line break too.
                    if i + 1 < n, buffer[i + 1] == 0x0A { i += 1 }
                    starts.append(T(truncatingIfNeeded: i + 1))
                } else if b == 0, firstNUL < 0 {
                    firstNUL = i
                }
                i += 1
            }
        }
        return firstNUL
    }

    public init(id: FileID, path: String, text: String) {
        self.init(id: id, path: path, bytes: Array(text.utf8))
    }

    /// The bytes of 1-based line `line`, without its line terminator.
    public func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
        guard line >= 1, line <= lineStarts.count else { return [] }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[start..<end]
    }

    /// The text of 1-based line `line` (invalid UTF-8 is repaired with U+FFFD for display).
    public func lineText(_ line: Int) -> String {
        String(decoding: lineBytes(line), as: UTF8.self)
    }

    /// The line and column of a byte offset, counted the way the lexer counts them.
    /// Binary search over `lineStarts`.
    public func location(at offset: Int) -> SourceLocation {
        let offset = min(max(0, offset), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        // Same rule as the lexer: a scalar is one column, an invalid byte is one, a BOM is none.
        var i = lineStarts[low]
        if low == 0, UTF8Scalar.hasBOM(bytes) { i = min(3, offset) }
        var column = 1
        while i < offset {
            i += UTF8Scalar.decode(bytes, at: i, end: bytes.count)?.length ?? 1
            column += 1
        }
        return SourceLocation(offset: offset, line: low + 1, column: column)
    }

    /// An empty range at a byte offset, for diagnostics about a single point.
    public func pointRange(at offset: Int) -> SourceRange {
        let point = location(at: offset)
        return SourceRange(file: id, start: point, end: point)
    }
}

/// Where each line of a file starts, as byte offsets: 4 bytes a line instead of 8, and no spare
/// capacity. A loaded file is kept with its program, so the table is part of what every held
/// result weighs. It is built with room for a line every 24 bytes; the random one-flow graphs'
/// lines are shorter, so at 40,000 states it outgrew that and doubled, to about 342,000 slots
/// for 207,549 lines.
public struct LineStarts: RandomAccessCollection, Equatable, Sendable {
    /// The offsets when all fit in 32 bits (every file the parser accepts).
    private let narrow: [UInt32]
    /// Otherwise all of them as `Int`, and `narrow` is empty.
    private let wide: [Int]

    init(narrow starts: [UInt32]) {
        wide = []
        // Copied to an array of exactly its count when the guess left more than an eighth unused
        // (`Array(starts)` would share the buffer, spare room and all).
        guard starts.capacity - starts.count > starts.count / 8 else {
            narrow = starts
            return
        }
        narrow = Array(unsafeUninitializedCapacity: starts.count) { buffer, count in
            _ = buffer.initialize(from: starts)
            count = starts.count
        }
    }

    init(wide starts: [Int]) {
        narrow = []
        wide = starts
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { wide.isEmpty ? narrow.count : wide.count }
    public subscript(line: Int) -> Int { wide.isEmpty ? Int(narrow[line]) : wide[line] }

    /// Room the table holds, for tests of its size.
    var storedCapacity: Int { wide.isEmpty ? narrow.capacity : wide.capacity }

    public static func == (lhs: LineStarts, rhs: LineStarts) -> Bool { lhs.elementsEqual(rhs) }
}
