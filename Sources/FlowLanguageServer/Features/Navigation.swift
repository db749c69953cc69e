import FlowModel
import FlowProject
import FlowSyntax
import Foundation

extension LanguageServer {
    /// `textDocument/definition`: a state, flow or key goes to where it is declared (a key to
    /// its entry in every locale); an import path to the file it names.
    func definition(_ params: JSON) -> Result<JSON, ResponseError> {
        guard let (analysis, offset) = target(params), let entry = analysis.load.files.first,
            let occurrence = analysis.index.occurrence(at: offset, in: entry.path)
        else { return .success(.null) }
        if case .file(let path) = occurrence.symbol {
            guard analysis.load.files.contains(where: { $0.path == path }) else { return .success(.null) }
            return .success([
                "uri": .string(uri(for: path)),
                "range": ["start": Position(line: 0, character: 0).json, "end": Position(line: 0, character: 0).json],
            ])
        }
        let corpus = symbolCorpus(for: analysis, includeProject: false)
        let definitions = corpus.occurrences.filter { $0.symbol == occurrence.symbol && $0.isDefinition }
        return .success(.array(definitions.compactMap { json(for: $0, in: corpus) }))
    }

    /// `textDocument/references`: every place the symbol is written, in every open file, the
    /// files they load and the project's other `.flow` files; declarations only when
    /// `context.includeDeclaration`.
    func references(_ params: JSON) -> Result<JSON, ResponseError> {
        guard let (analysis, offset) = target(params), let entry = analysis.load.files.first,
            let occurrence = analysis.index.occurrence(at: offset, in: entry.path)
        else { return .success(.null) }
        let includeDeclaration = params["context"]?["includeDeclaration"]?.bool ?? true
        let corpus = symbolCorpus(for: analysis, includeProject: true)
        let found = corpus.occurrences.filter {
            $0.symbol == occurrence.symbol && (includeDeclaration || !$0.isDefinition)
        }
        return .success(.array(found.compactMap { json(for: $0, in: corpus) }))
    }

    /// `textDocument/prepareRename`: the name under the cursor when it is a state, flow or key.
    func prepareRename(_ params: JSON) -> Result<JSON, ResponseError> {
        guard let (analysis, offset) = target(params), let entry = analysis.load.files.first,
            let occurrence = analysis.index.occurrence(at: offset, in: entry.path)
        else {
            return .failure(
                ResponseError(
                    code: ResponseError.requestFailed, message: "there is no state, flow or string key here to rename"))
        }
        if case .file = occurrence.symbol {
            return .failure(
                ResponseError(
                    code: ResponseError.requestFailed,
                    message: "an import path cannot be renamed; rename the file instead"))
        }
        return .success([
            "range": converter.range(from: occurrence.start, to: occurrence.end, in: entry),
            "placeholder": .string(occurrence.symbol.name),
        ])
    }

    /// `textDocument/rename`: every occurrence of the state, flow or key in the program it
    /// belongs to (`renameScope`), never in a file outside the workspace root. A new name that
    /// is not a valid name, or that the program already declares, is refused with an error.
    func rename(_ params: JSON) -> Result<JSON, ResponseError> {
        guard let (analysis, offset) = target(params), let entry = analysis.load.files.first,
            let occurrence = analysis.index.occurrence(at: offset, in: entry.path)
        else {
            return .failure(
                ResponseError(
                    code: ResponseError.requestFailed, message: "there is no state, flow or string key here to rename"))
        }
        guard let newName = params["newName"]?.string else { return .failure(.invalidParams("rename needs 'newName'")) }
        let corpus = symbolCorpus(for: analysis, includeProject: true)
        let scope = renameScope(of: occurrence.symbol, in: analysis, corpus: corpus)
        guard scope.contains(entry.path) else {
            return .failure(
                ResponseError(
                    code: ResponseError.requestFailed,
                    message: "this document is outside the workspace root; nothing to rename here"))
        }
        let taken: Symbol
        switch occurrence.symbol {
        case .file:
            return .failure(
                ResponseError(
                    code: ResponseError.requestFailed,
                    message: "an import path cannot be renamed; rename the file instead"))
        case .state(let file, let flow, _):
            guard Self.isName(newName) else { return .failure(invalidName(newName, "a state")) }
            taken = .state(flowFile: file, flow: flow, name: newName)
        case .flow:
            guard Self.isName(newName) else { return .failure(invalidName(newName, "a flow")) }
            taken = .flow(newName)
        case .key:
            guard !newName.isEmpty,
                newName.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ Self.isName(String($0)) })
            else {
                return .failure(invalidName(newName, "a string key (names joined by '.')"))
            }
            taken = .key(newName)
        }
        if newName != occurrence.symbol.name,
            corpus.occurrences.contains(where: { $0.symbol == taken && $0.isDefinition && scope.contains($0.path) })
        {
            return .failure(
                ResponseError(
                    code: ResponseError.requestFailed, message: "'\(newName)' is already declared; choose another name")
            )
        }
        var changes: [String: [JSON]] = [:]
        for o in corpus.occurrences where o.symbol == occurrence.symbol && scope.contains(o.path) {
            guard let file = corpus.files[o.path] else { continue }
            changes[uri(for: o.path), default: []].append([
                "range": converter.range(from: o.start, to: o.end, in: file), "newText": .string(newName),
            ])
        }
        return .success(["changes": .object(changes.mapValues { .array($0) })])
    }

    /// The files a rename may edit. Flows and keys are one namespace per program (an entry file
    /// and what it imports), and a workspace holds many programs that reuse names (`main`,
    /// `title`): the scope is the document's program, and every file that imports, directly or
    /// through other files, one of its files that declares the symbol (those programs see the
    /// same declaration). A state is its file's. Files outside the workspace root (the client's
    /// folder, else the document's project root), real paths compared, are never in it.
    func renameScope(of symbol: Symbol, in analysis: Analysis, corpus: SymbolCorpus) -> Set<String> {
        var scope = Set(analysis.paths)
        if case .state = symbol {
            scope = [analysis.paths[0]]
        } else {
            var importers: [String: [String]] = [:]
            for o in corpus.occurrences {
                if case .file(let target) = o.symbol { importers[target, default: []].append(o.path) }
            }
            var pending = corpus.occurrences.filter {
                $0.symbol == symbol && $0.isDefinition && scope.contains($0.path)
            }.map(\.path)
            var visited = Set(pending)
            while let next = pending.popLast() {
                for importer in importers[next] ?? [] where visited.insert(importer).inserted {
                    scope.insert(importer)
                    pending.append(importer)
                }
            }
        }
        let reader = FileSystemReader()
        let boundary = workspace.folder ?? analysis.root.path
        let root = reader.realPath(boundary) ?? ProjectPaths.normalize(boundary)
        return scope.filter { path in
            let real = reader.realPath(path) ?? ProjectPaths.normalize(path)
            return real == root || real.hasPrefix(root == "/" ? "/" : root + "/")
        }
    }

    func invalidName(_ name: String, _ what: String) -> ResponseError {
        ResponseError(
            code: ResponseError.requestFailed,
            message: "'\(name)' is not a valid name for \(what): use letters, digits and '_', not starting with a digit"
        )
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`, not the lone wildcard `_`.
    static func isName(_ s: String) -> Bool {
        let bytes = Array(s.utf8)
        guard let first = bytes.first, bytes != [UInt8(ascii: "_")] else { return false }
        func letter(_ b: UInt8) -> Bool {
            (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || b == UInt8(ascii: "_")
        }
        return letter(first) && bytes.allSatisfy { letter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
    }

    /// Occurrences from several analyses, each place once, with the text of each file.
    struct SymbolCorpus {
        var occurrences: [Occurrence] = []
        var files: [String: SourceFile] = [:]
    }

    /// What a navigation request searches: this analysis, every other open document's, and
    /// (for references and rename) the other `.flow` files under the project root, parsed
    /// from disk. Places are deduplicated, ordered by path and offset.
    func symbolCorpus(for analysis: Analysis, includeProject: Bool) -> SymbolCorpus {
        var corpus = SymbolCorpus()
        var seen = Set<String>()
        func add(_ occurrences: [Occurrence], files: [SourceFile]) {
            for f in files where corpus.files[f.path] == nil { corpus.files[f.path] = f }
            for o in occurrences where seen.insert("\(o.path)\u{0}\(o.start)").inserted { corpus.occurrences.append(o) }
        }
        add(analysis.index.occurrences, files: analysis.load.files)
        for other in workspace.analyses.values.sorted(by: { $0.uri < $1.uri }) where other.uri != analysis.uri {
            add(other.index.occurrences, files: other.load.files)
        }
        if includeProject {
            for file in projectFiles(root: analysis.root.path) where corpus.files[file.path] == nil {
                let parsed = Parser.parse(file, limits: workspace.limits)
                add(SymbolIndex(files: [file], syntax: [parsed.syntax]).occurrences, files: [file])
            }
        }
        corpus.occurrences.sort { ($0.path, $0.start) < ($1.path, $1.start) }
        return corpus
    }

    /// The most files a project search reads (a root that is a home directory must not hang
    /// a rename): past it the search stops and says so in the log.
    static let maxProjectFiles = 2_000

    /// The `.flow` files under `root` that no analysis holds, read through the bounded reader
    /// (open buffers win). Hidden directories and `.build` are skipped; a file whose real path
    /// leaves the root (a symbolic link) is not read.
    func projectFiles(root: String) -> [SourceFile] {
        let reader = OverlayReader(buffers: workspace.buffers())
        guard let realRoot = reader.realPath(root) else { return [] }
        let sourceRoot = SourceRoot(realPath: realRoot)
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var out: [SourceFile] = []
        var visited = 0
        while let relative = enumerator.nextObject() as? String {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            guard relative.hasSuffix(".flow") else { continue }
            visited += 1
            if visited > Self.maxProjectFiles {
                log(
                    "flow-lsp: more than \(Self.maxProjectFiles) .flow files under \(root); references and renames search the first \(Self.maxProjectFiles)",
                    type: 2)
                break
            }
            let path = ProjectPaths.normalize(root + "/" + relative)
            guard let real = reader.realPath(path), sourceRoot.contains(real),
                case .success(let bytes) = reader.read(real, maxBytes: workspace.limits.maxFileBytes)
            else { continue }
            out.append(SourceFile(id: FileID(0), path: path, bytes: bytes))
        }
        return out
    }

    func json(for occurrence: Occurrence, in corpus: SymbolCorpus) -> JSON? {
        corpus.files[occurrence.path].map {
            location(path: occurrence.path, start: occurrence.start, end: occurrence.end, file: $0)
        }
    }
}
