/// A point in a source file: byte offset plus the 1-based line and column a person reads.
///
/// Columns count characters (Unicode scalars), not bytes; a tab counts as one column, and the
/// renderer expands it when it draws the caret line.
///
/// Every token, syntax node, model element and diagnostic carries two of these, so they are
/// stored as 32-bit numbers (12 bytes instead of 24): a range takes 28 bytes instead of 56,
/// which is a large part of what a loaded program weighs and of the memory traffic of parsing.
/// Values outside `0...UInt32.max` are clamped; `Parser.parse` refuses files of 4 GiB or more
/// (`Token.maxFileBytes`), so real positions always fit.
public struct SourceLocation: Hashable, Comparable, Sendable {
    private var storedOffset: UInt32
    private var storedLine: UInt32
    private var storedColumn: UInt32

    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = narrow(newValue) }
    }
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = narrow(newValue) }
    }
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = narrow(newValue) }
    }

    public init(offset: Int, line: Int, column: Int) {
        storedOffset = narrow(offset)
        storedLine = narrow(line)
        storedColumn = narrow(column)
    }

    /// For the lexer's running position, which is never negative and fits because files of
    /// 4 GiB or more are not lexed: no clamping on the hottest path.
    @inline(__always)
    init(lexerOffset offset: Int, line: Int, column: Int) {
        storedOffset = UInt32(truncatingIfNeeded: offset)
        storedLine = UInt32(truncatingIfNeeded: line)
        storedColumn = UInt32(truncatingIfNeeded: column)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.storedOffset < rhs.storedOffset }
}

/// A position as stored: clamped to what 32 bits hold.
@inline(__always)
func narrow(_ value: Int) -> UInt32 {
    value <= 0 ? 0 : (value >= Int(UInt32.max) ? UInt32.max : UInt32(truncatingIfNeeded: value))
}

/// Identifies a loaded source file inside a `SourceManager` (and so inside a program).
public struct FileID: Hashable, Comparable, Sendable {
    private var storedIndex: UInt32
    public var index: Int {
        get { Int(storedIndex) }
        set { storedIndex = narrow(newValue) }
    }
    public init(_ index: Int) { storedIndex = narrow(index) }
    public static func < (lhs: FileID, rhs: FileID) -> Bool { lhs.storedIndex < rhs.storedIndex }
}

/// A half-open range `[start, end)` in one file. Every syntax node and model element carries one.
public struct SourceRange: Hashable, Sendable {
    public var file: FileID
    public var start: SourceLocation
    public var end: SourceLocation

    public init(file: FileID, start: SourceLocation, end: SourceLocation) {
        self.file = file
        self.start = start
        self.end = end
    }

    /// The smallest range covering both `self` and `other` (same file assumed).
    public func extended(to other: SourceRange) -> SourceRange {
        SourceRange(file: file, start: min(start, other.start), end: max(end, other.end))
    }
}
