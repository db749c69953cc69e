import FlowSyntax

/// How the client counts `Position.character`: LSP's default UTF-16 code units, or UTF-8 bytes
/// when the client offers `utf-8` in `general.positionEncodings` (the server then says so in
/// its capabilities and needs no conversion).
public enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
}

/// An LSP position: 0-based line and a column in the negotiated encoding's code units.
public struct Position: Hashable, Sendable {
    public var line: Int
    public var character: Int
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public var json: JSON { ["line": .int(line), "character": .int(character)] }

    public init?(_ json: JSON?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int, line >= 0, character >= 0 else {
            return nil
        }
        self.init(line: line, character: character)
    }
}

/// Converts between the project's byte offsets and LSP positions, once, at the protocol edge.
/// Lines are those of `SourceFile` (LF, CRLF or a lone CR); a UTF-8 byte-order mark at the start
/// is not part of the text a client shows, so it counts for nothing. An invalid UTF-8 byte is
/// one code unit (the client shows it as U+FFFD, one UTF-16 unit).
public struct PositionConverter: Sendable {
    public let encoding: PositionEncoding

    public init(_ encoding: PositionEncoding) { self.encoding = encoding }

    /// The position of byte `offset` in `file`.
    public func position(of offset: Int, in file: SourceFile) -> Position {
        let bytes = file.bytes
        let offset = min(max(0, offset), bytes.count)
        let line = lineIndex(of: offset, in: file)
        var i = lineContentStart(line, in: file)
        if offset <= i { return Position(line: line, character: 0) }
        if encoding == .utf8 { return Position(line: line, character: offset - i) }
        var units = 0
        while i < offset {
            let (length, width) = Self.scalar(bytes, at: i)
            i += length
            units += width
        }
        return Position(line: line, character: units)
    }

    /// The byte offset of `position` in `file`. A line past the end is the end of the file; a
    /// character past the end of its line is the line's end (before its line break), as LSP
    /// says; a character inside a surrogate pair is the start of that scalar.
    public func offset(of position: Position, in file: SourceFile) -> Int {
        let bytes = file.bytes
        guard position.line < file.lineStarts.count else { return bytes.count }
        var i = lineContentStart(position.line, in: file)
        let end = lineContentEnd(position.line, in: file)
        if encoding == .utf8 {
            // Never inside a scalar: back up to its first byte.
            var o = min(i + position.character, end)
            while o > i, o < bytes.count, bytes[o] & 0xC0 == 0x80 { o -= 1 }
            return o
        }
        var units = 0
        while i < end {
            let (length, width) = Self.scalar(bytes, at: i)
            if units + width > position.character { return i }
            units += width
            i += length
        }
        return i
    }

    public func range(_ range: SourceRange, in file: SourceFile) -> JSON {
        [
            "start": position(of: range.start.offset, in: file).json,
            "end": position(of: range.end.offset, in: file).json,
        ]
    }

    public func range(from start: Int, to end: Int, in file: SourceFile) -> JSON {
        ["start": position(of: start, in: file).json, "end": position(of: end, in: file).json]
    }

    /// The byte range an LSP range denotes (start and end ordered).
    public func byteRange(_ json: JSON?, in file: SourceFile) -> Range<Int>? {
        guard let start = Position(json?["start"]), let end = Position(json?["end"]) else { return nil }
        let a = offset(of: start, in: file)
        let b = offset(of: end, in: file)
        return min(a, b)..<max(a, b)
    }

    /// The length in bytes of the scalar at `i` and its width in UTF-16 units; an invalid byte
    /// is a scalar of one byte and one unit (strict UTF-8, as the lexer decodes it).
    static func scalar(_ bytes: [UInt8], at i: Int) -> (length: Int, units: Int) {
        let b0 = bytes[i]
        if b0 < 0x80 { return (1, 1) }
        func cont(_ j: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            j < bytes.count && bytes[j] >= low && bytes[j] <= high
        }
        switch b0 {
        case 0xC2...0xDF: return cont(i + 1) ? (2, 1) : (1, 1)
        case 0xE0...0xEF:
            return cont(i + 1, b0 == 0xE0 ? 0xA0 : 0x80, b0 == 0xED ? 0x9F : 0xBF) && cont(i + 2) ? (3, 1) : (1, 1)
        case 0xF0...0xF4:
            return cont(i + 1, b0 == 0xF0 ? 0x90 : 0x80, b0 == 0xF4 ? 0x8F : 0xBF) && cont(i + 2) && cont(i + 3)
                ? (4, 2) : (1, 1)
        default: return (1, 1)
        }
    }

    func lineIndex(of offset: Int, in file: SourceFile) -> Int {
        let starts = file.lineStarts
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    func lineContentStart(_ line: Int, in file: SourceFile) -> Int {
        let start = file.lineStarts[line]
        return line == 0 && file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, file.bytes.count) : start
    }

    func lineContentEnd(_ line: Int, in file: SourceFile) -> Int {
        let bytes = file.bytes
        var end = line + 1 < file.lineStarts.count ? file.lineStarts[line + 1] : bytes.count
        while end > file.lineStarts[line], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }
}
