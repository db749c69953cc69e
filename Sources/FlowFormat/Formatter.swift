import FlowSyntax

/// What the canonical layout may be tuned by. The defaults are the layout Grammar.md documents
/// ("Canonical layout"); a project that wants another indentation sets it here.
public struct FormatOptions: Hashable, Sendable {
    /// Spaces per nesting level of `{ }`.
    public var indentWidth: Int
    /// Most blank lines kept where the author left several.
    public var maxBlankLines: Int

    public init(indentWidth: Int = 2, maxBlankLines: Int = 1) {
        self.indentWidth = max(1, min(indentWidth, 8))
        self.maxBlankLines = max(0, min(maxBlankLines, 4))
    }

    public static let `default` = FormatOptions()
}

/// Why a file was not formatted.
public enum FormatError: Error, Hashable, Sendable {
    /// The file does not parse: its error diagnostics (with file, line and column). A formatter
    /// that guessed at a broken file could move tokens the author meant elsewhere, so it refuses.
    case syntaxErrors([Diagnostic])
    /// A bug in the formatter, not in the file: a construct the layout does not know, or output
    /// that would not parse back to the same tokens and comments. The file is left as it is.
    case internalError(message: String, at: SourceRange?)

    /// The syntax diagnostics, for `.syntaxErrors`; empty otherwise.
    public var diagnostics: [Diagnostic] {
        if case .syntaxErrors(let d) = self { return d }
        return []
    }
}

/// The formatter: the canonical layout of a `.flow` file, computed over its lossless syntax tree.
///
/// It only ever changes trivia between tokens (whitespace and line breaks; comments move with the
/// token they belong to and keep their line), so the tokens, and with them the meaning, are the
/// same; each result is parsed again and compared token by token and comment by comment before it
/// is returned.
public enum Formatter {
    /// The canonical bytes of a parsed file. Throws `.syntaxErrors` when the tree holds missing or
    /// unexpected tokens (the file did not parse cleanly) and `.internalError` for a formatter bug.
    public static func format(_ file: FileSyntax, options: FormatOptions = .default) throws(FormatError) -> [UInt8] {
        try Layout(file: file, options: options).run()
    }

    /// Parses `source` and formats it: the canonical bytes, or `.syntaxErrors` with every error
    /// diagnostic of the parse (the parser's limits are `limits`, as flowlint's).
    public static func format(
        _ source: SourceFile, options: FormatOptions = .default,
        limits: ParseLimits = .default
    ) throws(FormatError) -> [UInt8] {
        let parsed = Parser.parse(source, limits: limits)
        let errors = parsed.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { throw .syntaxErrors(errors) }
        return try format(parsed.syntax, options: options)
    }

    /// Whether `source` is already in the canonical layout (what `flowfmt --check` asks).
    public static func isFormatted(
        _ source: SourceFile, options: FormatOptions = .default,
        limits: ParseLimits = .default
    ) throws(FormatError) -> Bool {
        try format(source, options: options, limits: limits) == source.bytes
    }
}
