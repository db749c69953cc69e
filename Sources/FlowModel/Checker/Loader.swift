import FlowSyntax

/// Reads source files. The real one reads the file system; tests use an in-memory one.
public protocol SourceReader: Sendable {
    /// The bytes at `path`, or an error message ("no such file", "is a directory", ...).
    func read(_ path: String) -> Result<[UInt8], SourceReadError>
}

/// Why a file could not be read, in words fit for a diagnostic.
public struct SourceReadError: Error, Hashable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Everything known after loading an entry file with its imports.
public struct LoadResult: Sendable {
    /// Every file read, indexed by `FileID.index` (entry first), so diagnostics can be rendered.
    public var files: [SourceFile]
    public var syntax: [FileSyntax]
    /// Comments per file, indexed like `files`.
    public var comments: [[Comment]]
    /// Parse, import and check diagnostics, sorted by file and position.
    public var diagnostics: [Diagnostic]
    /// The checked program, present only when there are no errors.
    public var program: Program?

    public init(files: [SourceFile], syntax: [FileSyntax], comments: [[Comment]], diagnostics: [Diagnostic], program: Program?) {
        self.files = files
        self.syntax = syntax
        self.comments = comments
        self.diagnostics = diagnostics
        self.program = program
    }
}

/// Loads a `.flow` file and everything it imports, parses and checks it.
public struct Loader: Sendable {
    public var reader: any SourceReader
    public var limits: ParseLimits

    public init(reader: any SourceReader, limits: ParseLimits = .default) {
        self.reader = reader
        self.limits = limits
    }

    /// Loads `path` (as the user wrote it) and its imports.
    public func load(_ path: String) -> LoadResult {
        // SCAFFOLD: replaced by the real loader and checker (issue 2).
        LoadResult(files: [], syntax: [], comments: [], diagnostics: [], program: nil)
    }

    /// Loads a flow from text held in memory (tests, editors); imports resolve through `reader`.
    public func load(text: String, path: String) -> LoadResult {
        // SCAFFOLD: replaced by the real loader and checker (issue 2).
        LoadResult(files: [], syntax: [], comments: [], diagnostics: [], program: nil)
    }
}
