/// Recursive-descent parser for `.flow` files (Grammar.md).
public struct Parser {
    /// Parses one file. Never throws and never traps: errors become diagnostics.
    public static func parse(_ file: SourceFile, limits: ParseLimits = .default) -> ParseResult {
        // SCAFFOLD: replaced by the real parser (issue 2).
        ParseResult(syntax: FileSyntax(file: file.id, declarations: []), diagnostics: [], comments: [])
    }
}
