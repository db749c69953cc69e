import FlowModel
import FlowSyntax

/// The `strings` tables of a set of loaded flows, indexed for export and import: every file once
/// (by real path), each table entry with its value token, the file that owns each key (where
/// the base locale defines it), and where each key is used.
///
/// Keys are one namespace per program (an entry file and its imports); a project holds many
/// programs whose keys collide, and a library's keys may be translated by the files that import
/// it. So an entry belongs to the key of its *home*: the file whose base-locale entry its
/// program resolves the key to.
public struct CopyProject: Sendable {
    /// One `.flow` file of the set.
    public struct File: Sendable {
        /// As the catalog names it: relative to the project root.
        public var path: String
        public var realPath: String
        public var source: SourceFile
        public var syntax: FileSyntax
        public var blocks: [Block]
        /// `locale + "\u{0}" + key` → block and entry index, so a lookup does not scan the file.
        var entries: [String: (block: Int, entry: Int)] = [:]

        init(path: String, realPath: String, source: SourceFile, syntax: FileSyntax, blocks: [Block]) {
            self.path = path
            self.realPath = realPath
            self.source = source
            self.syntax = syntax
            self.blocks = blocks
            for (b, block) in blocks.enumerated() {
                for (e, entry) in block.entries.enumerated() where entries[block.locale + "\u{0}" + entry.key] == nil {
                    entries[block.locale + "\u{0}" + entry.key] = (b, e)
                }
            }
        }
    }

    /// A `strings locale { ... }` block.
    public struct Block: Sendable {
        public var locale: String
        public var entries: [Entry]
        /// Token indices of its `{` and `}` (nil when missing).
        public var open: Int?
        public var close: Int?
    }

    /// One `key = "text"` of a block.
    public struct Entry: Sendable {
        public var key: String
        public var literal: StringLiteral
        /// Token indices: the entry's first token (its key) and its string.
        public var first: Int
        public var value: Int
        public var range: SourceRange
    }

    /// A key of a home file.
    public struct HomeKey: Hashable, Sendable {
        public var file: Int
        public var key: String
    }

    /// Where one locale's text of a key is written.
    public struct Place: Hashable, Sendable {
        public var file: Int
        public var block: Int
        public var entry: Int
    }

    public var files: [File]
    /// The base locale every program shares (nil when no file has a `strings` block).
    public var baseLocale: String?
    /// Every key with its locales' entries, in the order the base entries are written.
    public var keys: [HomeKey]
    public var places: [HomeKey: [String: Place]]
    /// The locales of the programs a home file is part of (a key lacking one is `new` there).
    public var locales: [Int: [String]]
    /// For the translator: where each key is used, in words.
    public var uses: [HomeKey: [String]]

    public func entry(_ place: Place) -> Entry { files[place.file].blocks[place.block].entries[place.entry] }

    /// The catalog unit ID of a key (`flows/camera.flow:prime.title`).
    public func id(_ key: HomeKey) -> String { "\(files[key.file].path):\(key.key)" }

    /// Builds the index from loads of the entry files (each with `keepsSyntax`), which must have
    /// checked without errors. `realPath` identifies a file across loads; `display` names it.
    public static func build(_ loads: [LoadResult], realPath: (String) -> String, display: (String) -> String)
        -> (project: CopyProject, diagnostics: [Diagnostic])
    {
        var project = CopyProject(files: [], baseLocale: nil, keys: [], places: [:], locales: [:], uses: [:])
        var diagnostics: [Diagnostic] = []
        var byRealPath: [String: Int] = [:]
        var baseFrom: SourceRange?
        for load in loads {
            guard let program = load.program else { continue }
            // Files of this load, as project indices.
            let index = project.addFiles(of: load, realPath: realPath, display: display, known: &byRealPath)
            func here(_ r: SourceRange) -> SourceRange {
                SourceRange(file: FileID(index[r.file.index]), start: r.start, end: r.end)
            }
            let table = program.strings
            guard let base = table.locales.first else { continue }
            if let known = project.baseLocale, known != base.tag {
                diagnostics.append(
                    .error(
                        .conflictingCopy,
                        "the base locale here is '\(base.tag)', and '\(known)' elsewhere; one catalog has one source language: export these flows separately",
                        at: here(base.range),
                        notes: baseFrom.map { [DiagnosticNote("the base locale '\(known)' comes from here", at: $0)] }
                            ?? []))
                continue
            }
            project.baseLocale = base.tag
            baseFrom = baseFrom ?? here(base.range)
            let tags = table.locales.map(\.tag)
            var homes: [HomeKey?] = []
            for (k, key) in table.keys.enumerated() {
                // The home is where the base locale defines the key (else the first locale that does).
                guard let owner = table.entries.lazy.compactMap({ $0.indices.contains(k) ? $0[k] : nil }).first else {
                    homes.append(nil)
                    continue
                }
                let baseEntry = table.entries[0].indices.contains(k) ? table.entries[0][k] : nil
                let home = HomeKey(file: index[(baseEntry ?? owner).range.file.index], key: key)
                homes.append(home)
                if project.places[home] == nil { project.keys.append(home) }
                var places = project.places[home] ?? [:]
                for (l, tag) in tags.enumerated() {
                    guard table.entries[l].indices.contains(k), let written = table.entries[l][k] else { continue }
                    let file = index[written.range.file.index]
                    guard let place = project.place(file: file, locale: tag, key: key) else { continue }
                    if let first = places[tag], first != place {
                        diagnostics += project.conflict(place, with: first, key: key, locale: tag)
                        continue
                    }
                    places[tag] = place
                }
                project.places[home] = places
                var known = project.locales[home.file] ?? []
                for tag in tags where !known.contains(tag) { known.append(tag) }
                project.locales[home.file] = known
            }
            CopyUsage.collect(program, homes: homes, into: &project.uses)
        }
        // Keys in the order their home files and base entries are written.
        let index = project
        project.keys.sort { a, b in
            if a.file != b.file { return a.file < b.file }
            let pa = index.places[a]?[index.baseLocale ?? ""]
            let pb = index.places[b]?[index.baseLocale ?? ""]
            return (pa.map { index.entry($0).range.start.offset } ?? Int.max)
                < (pb.map { index.entry($0).range.start.offset } ?? Int.max)
        }
        return (project, diagnostics)
    }

    /// Adds the files of a load not yet in the project (`known` by real path); returns the
    /// project index of each of the load's files.
    private mutating func addFiles(
        of load: LoadResult, realPath: (String) -> String, display: (String) -> String, known: inout [String: Int]
    ) -> [Int] {
        var index: [Int] = []
        for (i, source) in load.files.enumerated() {
            let real = realPath(source.path)
            if let known = known[real] {
                index.append(known)
                continue
            }
            known[real] = files.count
            index.append(files.count)
            // Renumbered so the project's diagnostics name their file by its index here.
            files.append(
                File(
                    path: display(source.path), realPath: real,
                    source: SourceFile(id: FileID(files.count), path: display(source.path), bytes: source.bytes),
                    syntax: load.syntax[i], blocks: Self.blocks(of: load.syntax[i])))
        }
        return index
    }

    /// The error for a key and locale written in two places with two texts (none when they agree).
    private func conflict(_ place: Place, with first: Place, key: String, locale tag: String) -> [Diagnostic] {
        guard entry(first).literal.text != entry(place).literal.text else { return [] }
        return [
            .error(
                .conflictingCopy,
                "'\(key)' has another '\(tag)' text here than in \(files[first.file].path); one catalog holds one text per key and locale: make them agree",
                at: valueRange(place),
                notes: [DiagnosticNote("the other text", at: valueRange(first))])
        ]
    }

    /// Where the string of an entry is, in this project's file numbering.
    public func valueRange(_ place: Place) -> SourceRange {
        let r = entry(place).literal.range
        return SourceRange(file: FileID(place.file), start: r.start, end: r.end)
    }

    /// The entry of `key` in a `strings locale` block of `file`.
    public func place(file: Int, locale: String, key: String) -> Place? {
        files[file].entries[locale + "\u{0}" + key].map { Place(file: file, block: $0.block, entry: $0.entry) }
    }

    /// The blocks and entries of a file, with their tokens.
    static func blocks(of syntax: FileSyntax) -> [Block] {
        var blocks: [Block] = []
        for case .strings(let decl) in syntax.declarations {
            let tokens = syntax.tokens(in: decl.range)
            let open = tokens.firstIndex { $0.kind == .leftBrace && $0.presence == .present }
            let close = tokens.lastIndex { $0.kind == .rightBrace && $0.presence == .present }
            var entries: [Entry] = []
            for entry in decl.entries {
                guard let value = entry.value else { continue }
                let entryTokens = syntax.tokens(in: entry.range)
                guard let v = entryTokens.firstIndex(where: { $0.kind == .string && $0.range == value.range }),
                    let first = entryTokens.first.map({ _ in entryTokens.startIndex })
                else { continue }
                entries.append(Entry(key: entry.key.name, literal: value, first: first, value: v, range: entry.range))
            }
            blocks.append(Block(locale: decl.locale.tag, entries: entries, open: open, close: close))
        }
        return blocks
    }
}
