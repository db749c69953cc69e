import FlowSyntax

/// Reads source files. The real one reads the file system; tests use an in-memory one.
public protocol SourceReader: Sendable {
    /// The bytes at `path`, or an error message ("no such file", "is a directory", ...).
    func read(_ path: String) -> Result<[UInt8], SourceReadError>
    /// The bytes at `path` unless there are more than `maxBytes` of them: then
    /// `SourceReadError.tooLarge`, without reading the file (the loader passes
    /// `ParseLimits.maxFileBytes`, so a huge file is refused before it fills memory).
    func read(_ path: String, maxBytes: Int) -> Result<[UInt8], SourceReadError>
}

extension SourceReader {
    /// Reads the whole file, then applies the limit (readers that can see a file's size first
    /// implement this themselves).
    public func read(_ path: String, maxBytes: Int) -> Result<[UInt8], SourceReadError> {
        read(path).flatMap { bytes in
            bytes.count > maxBytes ? .failure(.tooLarge(size: bytes.count, limit: maxBytes)) : .success(bytes)
        }
    }
}

/// Why a file could not be read, in words fit for a diagnostic.
public struct SourceReadError: Error, Hashable, Sendable {
    public var message: String
    /// The file's size, when it was refused for being larger than the limit.
    public var tooLargeSize: Int?

    public init(_ message: String) { self.message = message }

    /// A file of `size` bytes where at most `limit` are read.
    public static func tooLarge(size: Int, limit: Int) -> SourceReadError {
        var error = SourceReadError("file is \(size) bytes, more than the limit of \(limit); split it into imported files")
        error.tooLargeSize = size
        return error
    }
}

/// Everything known after loading an entry file with its imports.
public struct LoadResult: Sendable {
    /// Every file read, indexed by `FileID.index` (entry first), so diagnostics can be rendered.
    public var files: [SourceFile]
    /// Syntax trees per file, indexed like `files`; empty unless `Loader.keepsSyntax` (the checked
    /// program and the comments are what the linter, the runtime and the tools use).
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
    /// Whether `LoadResult.syntax` keeps the syntax trees after checking. Off by default: the
    /// trees weigh about twice the checked program, and a tool holding many results (an editor,
    /// a linter over a repository) would carry them for nothing.
    public var keepsSyntax: Bool

    public init(reader: any SourceReader, limits: ParseLimits = .default, keepsSyntax: Bool = false) {
        self.reader = reader
        self.limits = limits
        self.keepsSyntax = keepsSyntax
    }

    /// Loads `path` (as the user wrote it) and its imports.
    public func load(_ path: String) -> LoadResult {
        switch reader.read(path, maxBytes: limits.maxFileBytes) {
        case .success(let bytes):
            return load(entry: SourceFile(id: FileID(0), path: path, bytes: bytes))
        case .failure(let error) where error.tooLargeSize != nil:
            // Reported like a file the parser refuses (FL0010 at 1:1), without reading it.
            let file = SourceFile(id: FileID(0), path: path, bytes: [])
            return LoadResult(files: [file], syntax: keepsSyntax ? [FileSyntax(file: file.id, declarations: [])] : [],
                              comments: [[]], diagnostics: [Self.tooLarge(error, in: file)], program: nil)
        case .failure(let error):
            let diagnostic = Diagnostic.error(ModelDiagnosticID.unreadableEntry,
                                              "cannot read '\(path)': \(error.message)", at: nil)
            return LoadResult(files: [], syntax: [], comments: [], diagnostics: [diagnostic], program: nil)
        }
    }

    /// Loads a flow from text held in memory (tests, editors); imports resolve through `reader`.
    public func load(text: String, path: String) -> LoadResult {
        load(entry: SourceFile(id: FileID(0), path: path, text: text))
    }

    /// Reads imports breadth first, so file IDs follow the order files are first reached.
    private func load(entry: SourceFile) -> LoadResult {
        var files: [SourceFile] = []
        var syntax: [FileSyntax] = []
        var comments: [[Comment]] = []
        var diagnostics: [Diagnostic] = []
        let root = ImportPath.directory(of: entry.path)
        // Normalized path -> loaded file, or the reader's error message.
        var seen: [String: Result<FileID, SourceReadError>] = [ImportPath.normalize(entry.path): .success(FileID(0))]
        var queue = [entry]
        var next = 0
        // Imports refused for their size, by file index: listed as files (so the diagnostic has
        // a path and position) but not parsed.
        var tooLarge: [Int: SourceReadError] = [:]
        while next < queue.count {
            let file = queue[next]
            next += 1
            files.append(file)
            if let error = tooLarge[file.id.index] {
                syntax.append(FileSyntax(file: file.id, declarations: []))
                comments.append([])
                diagnostics.append(Self.tooLarge(error, in: file))
                continue
            }
            let parsed = Parser.parse(file, limits: limits)
            syntax.append(parsed.syntax)
            comments.append(parsed.comments)
            diagnostics += parsed.diagnostics
            let directory = ImportPath.directory(of: file.path)
            for case .import(let decl) in parsed.syntax.declarations {
                let written = decl.path.text
                if written.isEmpty { continue }  // the parser reported the missing path
                let resolved = ImportPath.resolve(written, from: directory)
                guard ImportPath.isInside(resolved, root: root) else {
                    diagnostics.append(.error(
                        ModelDiagnosticID.importEscapesRoot,
                        "import '\(written)' leaves the directory of the entry file",
                        at: decl.path.range,
                        notes: [DiagnosticNote("imports must stay inside '\(ImportPath.join(root))'")]))
                    continue
                }
                let key = ImportPath.join(resolved)
                if seen[key] == nil {
                    switch reader.read(key, maxBytes: limits.maxFileBytes) {
                    case .success(let bytes):
                        let id = FileID(queue.count)
                        seen[key] = .success(id)
                        queue.append(SourceFile(id: id, path: key, bytes: bytes))
                    case .failure(let error) where error.tooLargeSize != nil:
                        let id = FileID(queue.count)
                        seen[key] = .success(id)
                        tooLarge[id.index] = error
                        queue.append(SourceFile(id: id, path: key, bytes: []))
                    case .failure(let error):
                        seen[key] = .failure(error)
                    }
                }
                if case .failure(let error)? = seen[key] {
                    diagnostics.append(.error(ModelDiagnosticID.unreadableImport,
                                              "cannot import '\(written)': \(error.message)", at: decl.path.range))
                }
            }
        }
        var checker = Checker(files: files, syntax: syntax)
        if !keepsSyntax { syntax = [] }  // the checker holds the only other reference
        let program = checker.check()
        diagnostics += checker.diagnostics
        let sorted = Self.sortedAndUnique(diagnostics)
        let hasError = sorted.contains { $0.severity == .error }
        return LoadResult(files: files, syntax: syntax, comments: comments, diagnostics: sorted,
                          program: hasError ? nil : program)
    }

    /// FL0010 at the start of a file the reader refused for its size.
    static func tooLarge(_ error: SourceReadError, in file: SourceFile) -> Diagnostic {
        let origin = SourceLocation(offset: 0, line: 1, column: 1)
        return .error(.fileTooLarge, error.message,
                      at: SourceRange(file: file.id, start: origin, end: origin))
    }

    /// Orders diagnostics by file, then syntax before the rest (an error the parser's recovery
    /// caused, such as "unknown state" for a state it skipped, follows its cause), then offset
    /// (stable for ties), and drops exact repeats.
    static func sortedAndUnique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let phases = diagnostics.map { $0.id.phase == .syntax ? 0 : 1 }
        let ordered = diagnostics.enumerated().sorted { a, b in
            let fa = a.element.range?.file.index ?? -1, fb = b.element.range?.file.index ?? -1
            if fa != fb { return fa < fb }
            let pa = phases[a.offset], pb = phases[b.offset]
            if pa != pb { return pa < pb }
            let oa = a.element.range?.start.offset ?? -1, ob = b.element.range?.start.offset ?? -1
            if oa != ob { return oa < ob }
            return a.offset < b.offset
        }
        var seen = Set<Diagnostic>()
        return ordered.map(\.element).filter { seen.insert($0).inserted }
    }
}
