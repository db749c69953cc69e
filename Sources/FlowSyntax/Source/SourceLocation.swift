/// A point in a source file: byte offset plus the 1-based line and column a person reads.
///
/// Columns count characters (Unicode scalars), not bytes; a tab counts as one column, and the
/// renderer expands it when it draws the caret line.
public struct SourceLocation: Hashable, Comparable, Sendable {
    public var offset: Int
    public var line: Int
    public var column: Int

    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.offset < rhs.offset }
}

/// Identifies a loaded source file inside a `SourceManager` (and so inside a program).
public struct FileID: Hashable, Comparable, Sendable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (lhs: FileID, rhs: FileID) -> Bool { lhs.index < rhs.index }
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
