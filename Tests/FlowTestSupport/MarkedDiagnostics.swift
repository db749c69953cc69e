import FlowSyntax

/// Diagnostics written against marked `.flow` text, as swift-syntax's `assertParse` and
/// swift-format's `assertLint` do: the source carries keycap markers (`1️⃣`, `2️⃣`, ...) where
/// diagnostics start and end, and each diagnostic is one line naming its range by markers:
///
///     1️⃣-2️⃣ FL1201 warning: branch 'notDetermined' is never taken: ...
///     3️⃣ FL0102 error: unknown state 'prme'          (an empty range at 3️⃣)
///
/// A position without a marker is written `line:column`, so a wrong range shows up in the
/// comparison as a readable difference instead of a count. A range in another file (an
/// import) is prefixed with its path, and that file's own markers are used. With
/// `notes: true` each note follows as `  note 4️⃣-5️⃣: message` (or `  note: message`).
public struct MarkedSources: Sendable {
    /// Path → marked text; `paths[0]` is the entry file.
    public let files: [String: MarkedText]
    public let paths: [String]

    /// `entry` is the marked text of `main.flow`; `imports` are other files by path.
    public init(_ entry: String, path: String = "main.flow", imports: [String: String] = [:]) {
        var files = [path: MarkedText(entry)]
        for (p, t) in imports { files[p] = MarkedText(t) }
        self.files = files
        self.paths = [path] + imports.keys.sorted()
    }

    /// The text of a file, markers removed.
    public func text(_ path: String) -> String { files[path]?.text ?? "" }
    public var entryText: String { text(paths[0]) }
    /// Every file but the entry, markers removed (for a reader).
    public var importTexts: [String: String] { files.filter { $0.key != paths[0] }.mapValues(\.text) }

    /// `diagnostics` rendered one per line, in the order given. `fileNames` maps each `FileID`
    /// to its path (the loaded files, in load order).
    public func render(_ diagnostics: [Diagnostic], fileNames: [String], notes: Bool = false) -> [String] {
        var byOffset: [String: [Int: String]] = [:]
        for (path, marked) in files {
            byOffset[path] = Dictionary(marked.markers.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })
        }
        func place(_ l: SourceLocation, in path: String) -> String {
            byOffset[path]?[l.offset] ?? "\(l.line):\(l.column)"
        }
        func range(_ r: SourceRange) -> String {
            let path = r.file.index < fileNames.count ? fileNames[r.file.index] : "?"
            let prefix = path == paths[0] ? "" : path + " "
            let start = place(r.start, in: path)
            let end = place(r.end, in: path)
            return prefix + (r.start.offset == r.end.offset ? start : "\(start)-\(end)")
        }
        return Self.lines(diagnostics, notes: notes) { range($0) }
    }

    /// One line a diagnostic (and with `notes`, one a note), ranges written by `range`.
    static func lines(_ diagnostics: [Diagnostic], notes: Bool, range: (SourceRange) -> String) -> [String] {
        var out: [String] = []
        for d in diagnostics {
            out.append("\(d.range.map(range) ?? "-") \(d.id) \(d.severity): \(d.message)")
            guard notes else { continue }
            for n in d.notes { out.append("  note" + (n.range.map { " " + range($0) } ?? "") + ": " + n.message) }
        }
        return out
    }
}

/// Diagnostics of text without markers, one line each as `MarkedSources` renders them:
/// `line:column-line:column ID severity: message` (`line:column` for an empty range, `-` for
/// none; a range in another loaded file starts with `file N `), in the order given. With the
/// marked form, the one way tests assert a diagnostic: range, ID, severity and message in one
/// comparison.
public func diagnosticLines(_ diagnostics: [Diagnostic], notes: Bool = false) -> [String] {
    func place(_ l: SourceLocation) -> String { "\(l.line):\(l.column)" }
    return MarkedSources.lines(diagnostics, notes: notes) { r in
        let file = r.file.index == 0 ? "" : "file \(r.file.index) "
        return file + (r.start.offset == r.end.offset ? place(r.start) : "\(place(r.start))-\(place(r.end))")
    }
}
