import FlowSyntax

/// Reads source files. The real one reads the file system; tests use an in-memory one.
public protocol SourceReader: Sendable {
    /// The bytes at `path`, or an error message ("no such file", "is a directory", ...).
    func read(_ path: String) -> Result<[UInt8], SourceReadError>
    /// The bytes at `path` unless there are more than `maxBytes` of them: then
    /// `SourceReadError.tooLarge`, without reading the file (the loader passes
    /// `ParseLimits.maxFileBytes`, so a huge file is refused before it fills memory).
    func read(_ path: String, maxBytes: Int) -> Result<[UInt8], SourceReadError>
    /// `path` as the file system knows it, every symbolic link resolved (absolute for a real
    /// file system), or nil when it does not exist: what `SourceRoot` compares. Readers without
    /// a file system use the lexical path (the default).
    func realPath(_ path: String) -> String?
}

extension SourceReader {
    /// Reads the whole file, then applies the limit (readers that can see a file's size first
    /// implement this themselves).
    public func read(_ path: String, maxBytes: Int) -> Result<[UInt8], SourceReadError> {
        read(path).flatMap { bytes in
            bytes.count > maxBytes ? .failure(.tooLarge(size: bytes.count, limit: maxBytes)) : .success(bytes)
        }
    }

    /// The lexical path (`./a/../b.flow` is `b.flow`): readers without symbolic links.
    public func realPath(_ path: String) -> String? {
        path.utf8.contains(0) ? nil : ImportPath.normalize(path)
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
        var error = SourceReadError(
            "file is \(size) bytes, more than the limit of \(limit); split it into imported files")
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
    /// Check diagnostics left out by the per-file cap (`ParseLimits.maxErrors`), by file index;
    /// one FL0013 in `diagnostics` says so per file.
    public var omitted: [Int: DiagnosticCap.Omitted] = [:]

    public init(
        files: [SourceFile], syntax: [FileSyntax], comments: [[Comment]], diagnostics: [Diagnostic], program: Program?
    ) {
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
    /// The directory every read must stay under (`SourceRoot`); nil: the entry file's directory.
    public var root: String?

    public init(
        reader: any SourceReader, limits: ParseLimits = .default, keepsSyntax: Bool = false, root: String? = nil
    ) {
        self.reader = reader
        self.limits = limits
        self.keepsSyntax = keepsSyntax
        self.root = root
    }

    /// Loads `path` (as the user wrote it) and its imports. The entry file's real path must lie
    /// under the root (a symbolic link to a file elsewhere is refused, FL0100).
    public func load(_ path: String) -> LoadResult {
        func unreadable(_ message: String) -> LoadResult {
            let diagnostic = Diagnostic.error(
                ModelDiagnosticID.unreadableEntry, "cannot read '\(path)': \(message)", at: nil)
            return LoadResult(files: [], syntax: [], comments: [], diagnostics: [diagnostic], program: nil)
        }
        guard !path.utf8.contains(0) else { return unreadable("the path contains a NUL character") }
        let sourceRoot = SourceRoot.forEntry(path, explicit: root, reader: reader)
        var readPath = path
        if let real = reader.realPath(path) {
            guard let sourceRoot else { return unreadable("its directory cannot be resolved") }
            guard sourceRoot.contains(real) else { return unreadable(sourceRoot.refusal(path, resolvedTo: real)) }
            readPath = real  // what was checked is what is read
        }
        switch reader.read(readPath, maxBytes: limits.maxFileBytes) {
        case .success(let bytes):
            return load(entry: SourceFile(id: FileID(0), path: path, bytes: bytes), root: sourceRoot)
        case .failure(let error) where error.tooLargeSize != nil:
            // Reported like a file the parser refuses (FL0010 at 1:1), without reading it.
            let file = SourceFile(id: FileID(0), path: path, bytes: [])
            return LoadResult(
                files: [file], syntax: keepsSyntax ? [FileSyntax(file: file.id, declarations: [])] : [],
                comments: [[]], diagnostics: [Self.tooLarge(error, in: file)], program: nil)
        case .failure(let error):
            return unreadable(error.message)
        }
    }

    /// Loads a flow from text held in memory (tests, editors); imports resolve through `reader`.
    public func load(text: String, path: String) -> LoadResult {
        load(
            entry: SourceFile(id: FileID(0), path: path, text: text),
            root: SourceRoot.forEntry(path, explicit: root, reader: reader))
    }

    /// Reads imports breadth first, so file IDs follow the order files are first reached.
    private func load(entry: SourceFile, root sourceRoot: SourceRoot?) -> LoadResult {
        var files: [SourceFile] = []
        var syntax: [FileSyntax] = []
        var comments: [[Comment]] = []
        var diagnostics: [Diagnostic] = []
        let root = ImportPath.directory(of: entry.path)
        let shownRoot = sourceRoot?.path ?? ImportPath.join(root)
        // Real path -> loaded file, or the reader's error message; the entry under both its
        // spellings, so an import of the entry file is the entry.
        var seen: [String: Result<FileID, SourceReadError>] = [ImportPath.normalize(entry.path): .success(FileID(0))]
        if let real = reader.realPath(entry.path) { seen[real] = .success(FileID(0)) }
        var queue = [entry]
        var next = 0
        // Imports refused for their size, by file index: listed as files (so the diagnostic has
        // a path and position) but not parsed.
        var tooLarge: [Int: SourceReadError] = [:]
        // Imports refused below, for the checker's knock-on errors.
        var refused: [(path: String, range: SourceRange)] = []
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
            // Nothing after parsing reads the token table (the checker reads declarations), so it
            // is only recorded for a caller that keeps the trees.
            let parsed = Parser.parse(file, limits: limits, recordsTokens: keepsSyntax)
            syntax.append(parsed.syntax)
            comments.append(parsed.comments)
            diagnostics += parsed.diagnostics
            let directory = ImportPath.directory(of: file.path)
            for case .import(let decl) in parsed.syntax.declarations {
                let written = decl.path.text
                func refuse(_ id: DiagnosticID, _ message: String, notes: [DiagnosticNote] = []) {
                    diagnostics.append(.error(id, message, at: decl.path.range, notes: notes))
                    refused.append((written, decl.path.range))
                }
                let key: String
                let real: String?
                switch importTarget(decl, from: directory, root: root, shownRoot: shownRoot, sourceRoot: sourceRoot) {
                case .reportedByParser: continue
                case .refused(let id, let message, let notes):
                    refuse(id, message, notes: notes)
                    continue
                case .file(let path, let realPath):
                    (key, real) = (path, realPath)
                }
                let identity = real ?? key
                if seen[identity] == nil {
                    switch reader.read(real ?? key, maxBytes: limits.maxFileBytes) {
                    case .success(let bytes):
                        let id = FileID(queue.count)
                        seen[identity] = .success(id)
                        queue.append(SourceFile(id: id, path: key, bytes: bytes))
                    case .failure(let error) where error.tooLargeSize != nil:
                        let id = FileID(queue.count)
                        seen[identity] = .success(id)
                        tooLarge[id.index] = error
                        refused.append((written, decl.path.range))
                        queue.append(SourceFile(id: id, path: key, bytes: []))
                    case .failure(let error):
                        seen[identity] = .failure(error)
                    }
                }
                if case .failure(let error)? = seen[identity] {
                    refuse(ModelDiagnosticID.unreadableImport, "cannot import '\(written)': \(error.message)")
                }
            }
        }
        // Handed over, not copied: the checker must hold the only other reference to the trees.
        return checked(
            files: files, syntax: consume syntax, comments: comments, diagnostics: diagnostics, refused: refused)
    }

    /// Checks the loaded files together; the program only when nothing reported an error.
    private func checked(
        files: [SourceFile], syntax: consuming [FileSyntax], comments: [[Comment]],
        diagnostics: consuming [Diagnostic], refused: [(path: String, range: SourceRange)]
    ) -> LoadResult {
        var checker = Checker(files: files, syntax: copy syntax)
        checker.cap = DiagnosticCap(limit: limits.maxErrors)
        checker.refusedImports = refused
        if !keepsSyntax { syntax = [] }  // the checker holds the only other reference
        let program = checker.check()
        diagnostics += checker.diagnostics
        let sorted = Self.sortedAndUnique(diagnostics)
        let hasError = sorted.contains { $0.severity == .error }
        var result = LoadResult(
            files: files, syntax: syntax, comments: comments, diagnostics: sorted,
            program: hasError ? nil : program)
        result.omitted = checker.cap.omitted
        return result
    }

    /// Where an import leads, or why it is refused: it must stay inside the root, by its path
    /// and by where its symbolic links lead.
    private func importTarget(
        _ decl: ImportDecl, from directory: [String], root: [String], shownRoot: String, sourceRoot: SourceRoot?
    ) -> ImportTarget {
        // The parser reported the missing path.
        if decl.path.range.start.offset == decl.path.range.end.offset { return .reportedByParser }
        let written = decl.path.text
        if written.isEmpty {
            return .refused(ModelDiagnosticID.unreadableImport, "import path is empty; write the path of a .flow file")
        }
        if written.utf8.contains(0) {
            return .refused(
                ModelDiagnosticID.unreadableImport,
                "cannot import '\(written)': the path contains a NUL character")
        }
        let resolved = ImportPath.resolve(written, from: directory)
        let key = ImportPath.join(resolved)
        // The lexical check first (no file system access for a path that plainly leaves),
        // then the real path: symbolic links are followed to where they lead.
        let real = reader.realPath(key)
        let inside: Bool
        if let sourceRoot, let real {
            inside = sourceRoot.contains(real)
        } else {
            inside = ImportPath.isInside(resolved, root: root)
        }
        guard inside else {
            let target = real.map { $0 == key ? "" : " (it resolves to '\($0)')" } ?? ""
            return .refused(
                ModelDiagnosticID.importEscapesRoot,
                "import '\(written)' leaves the root '\(shownRoot)'\(target)",
                notes: [
                    DiagnosticNote(
                        "imports, and the targets of symbolic links, must stay inside '\(shownRoot)'")
                ])
        }
        if sourceRoot != nil, real == nil {
            // Nothing to resolve: report it without reading a path the rule could not check.
            return .refused(ModelDiagnosticID.unreadableImport, "cannot import '\(written)': no such file")
        }
        return .file(key: key, real: real)
    }

    /// FL0010 at the start of a file the reader refused for its size.
    static func tooLarge(_ error: SourceReadError, in file: SourceFile) -> Diagnostic {
        let origin = SourceLocation(offset: 0, line: 1, column: 1)
        return .error(
            .fileTooLarge, error.message,
            at: SourceRange(file: file.id, start: origin, end: origin))
    }

    /// Orders diagnostics by file, then syntax before the rest (an error the parser's recovery
    /// caused, such as "unknown state" for a state it skipped, follows its cause), then offset
    /// (stable for ties), and drops exact repeats.
    static func sortedAndUnique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let phases = diagnostics.map { $0.id.phase == .syntax ? 0 : 1 }
        let ordered = diagnostics.enumerated().sorted { a, b in
            let fa = a.element.range?.file.index ?? -1
            let fb = b.element.range?.file.index ?? -1
            if fa != fb { return fa < fb }
            let pa = phases[a.offset]
            let pb = phases[b.offset]
            if pa != pb { return pa < pb }
            let oa = a.element.range?.start.offset ?? -1
            let ob = b.element.range?.start.offset ?? -1
            if oa != ob { return oa < ob }
            return a.offset < b.offset
        }
        var seen = Set<Diagnostic>()
        return ordered.map(\.element).filter { seen.insert($0).inserted }
    }
}

/// What an import declaration leads to.
private enum ImportTarget {
    /// The path is missing; the parser said so.
    case reportedByParser
    case refused(DiagnosticID, String, notes: [DiagnosticNote] = [])
    /// The path as written, resolved (`key`), and where its links lead when the reader knows.
    case file(key: String, real: String?)
}
