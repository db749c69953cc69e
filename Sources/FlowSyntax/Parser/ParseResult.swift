/// Explicit limits that keep hostile input from exhausting the stack or memory.
public struct ParseLimits: Hashable, Sendable {
    /// Largest accepted file, in bytes.
    public var maxFileBytes: Int
    /// Deepest nesting of braces and parentheses the parser descends into.
    public var maxNestingDepth: Int
    /// Most states one flow may declare.
    public var maxStatesPerFlow: Int
    /// Most syntax errors reported for one file; past it one FL0013 says how many were left out
    /// (like a compiler's error limit: after that many, the rest are noise).
    public var maxErrors: Int

    public init(
        maxFileBytes: Int = 8 << 20, maxNestingDepth: Int = 64, maxStatesPerFlow: Int = 10_000,
        maxErrors: Int = 100
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxNestingDepth = maxNestingDepth
        self.maxStatesPerFlow = maxStatesPerFlow
        self.maxErrors = maxErrors
    }

    public static let `default` = ParseLimits()
}

/// What parsing one file produces: always a tree (possibly partial), plus diagnostics and comments.
public struct ParseResult: Sendable {
    public var syntax: FileSyntax
    public var diagnostics: [Diagnostic]
    public var comments: [Comment]
    public init(syntax: FileSyntax, diagnostics: [Diagnostic], comments: [Comment]) {
        self.syntax = syntax
        self.diagnostics = diagnostics
        self.comments = comments
    }
}
