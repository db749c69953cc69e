import FlowSyntax

/// Plans the token edits of an import, file by file: replacements in place, new entries in the
/// style of the block they join (indentation, `=` alignment, one-line blocks), new blocks in
/// the style of the file's first block, removals that keep the lines around them.
struct FlowEditor {
    let project: CopyProject
    private var edits: [Int: TokenEdits] = [:]
    /// New entries by file and block index (`nil` block: a new block for the locale).
    private var additions: [Int: [Int: [NewEntry]]] = [:]
    private var newBlocks: [Int: [(locale: String, entries: [NewEntry])]] = [:]
    private var removed = Set<[Int]>()  // [file, block, entry]
    /// Where each key's base entry is in `project.keys`, and the keys of each home file.
    private let rank: [CopyProject.HomeKey: Int]
    private let keysOf: [Int: [CopyProject.HomeKey]]
    /// The block a home file's keys in a locale join when the file has none: computed once.
    private var joins: [String: CopyProject.Place?] = [:]

    init(project: CopyProject) {
        self.project = project
        var rank: [CopyProject.HomeKey: Int] = [:]
        var keysOf: [Int: [CopyProject.HomeKey]] = [:]
        for (i, key) in project.keys.enumerated() {
            rank[key] = i
            keysOf[key.file, default: []].append(key)
        }
        self.rank = rank
        self.keysOf = keysOf
    }

    mutating func replace(_ place: CopyProject.Place, with literal: String) {
        edits[place.file, default: TokenEdits()].replacements[project.entry(place).value] = Array(literal.utf8)
    }

    mutating func remove(_ place: CopyProject.Place) {
        let entry = project.entry(place)
        let syntax = project.files[place.file].syntax
        let leading = syntax.tokens[entry.first].leadingTrivia
        var keep = leading.count
        if let nl = syntax.source[leading].lastIndex(of: 0x0A) {
            keep = nl - leading.lowerBound
            if keep > 0, syntax.source[leading.lowerBound + keep - 1] == 0x0D { keep -= 1 }
        }
        edits[place.file, default: TokenEdits()].removals[entry.first] = keep
        for i in (entry.first + 1)...entry.value { edits[place.file, default: TokenEdits()].removals[i] = 0 }
        removed.insert([place.file, place.block, place.entry])
    }

    /// Adds `key` in `locale` where its locale's copy lives; returns the file written.
    mutating func add(_ key: CopyProject.HomeKey, locale: String, literal: String) -> Int {
        let entry = NewEntry(key: key.key, literal: literal, rank: rank[key] ?? .max)
        let home = project.files[key.file]
        if let b = home.blocks.firstIndex(where: { $0.locale == locale && $0.open != nil }) {
            additions[key.file, default: [:]][b, default: []].append(entry)
            return key.file
        }
        // A library's key translated by the files that import it: join their block.
        let join = "\(key.file)\u{0}\(locale)"
        if joins[join] == nil {
            var found: CopyProject.Place?
            for other in keysOf[key.file] ?? [] {
                if let place = project.places[other]?[locale], project.files[place.file].blocks[place.block].open != nil
                {
                    found = place
                    break
                }
            }
            joins[join] = .some(found)
        }
        if let place = joins[join] ?? nil {
            additions[place.file, default: [:]][place.block, default: []].append(entry)
            return place.file
        }
        if let i = newBlocks[key.file]?.firstIndex(where: { $0.locale == locale }) {
            newBlocks[key.file]![i].entries.append(entry)
        } else {
            newBlocks[key.file, default: []].append((locale, [entry]))
        }
        return key.file
    }

    /// The new bytes of every file that changes.
    mutating func output() -> [Int: [UInt8]] {
        // In the order of the base locale's entries.
        func sorted(_ list: [NewEntry]) -> [NewEntry] { list.sorted { ($0.rank, $0.key) < ($1.rank, $1.key) } }
        for (file, blocks) in additions {
            for (b, list) in blocks { insert(sorted(list), file: file, block: b) }
        }
        for (file, list) in newBlocks { appendBlocks(list.map { ($0.locale, sorted($0.entries)) }, file: file) }
        var out: [Int: [UInt8]] = [:]
        for (file, e) in edits where !e.isEmpty {
            let bytes = e.apply(to: project.files[file].syntax)
            if bytes != project.files[file].syntax.source { out[file] = bytes }
        }
        return out
    }

    private func newline(_ file: Int) -> String {
        project.files[file].syntax.source.firstIndex(of: 0x0A).map {
            $0 > 0 && project.files[file].syntax.source[$0 - 1] == 0x0D
        } == true ? "\r\n" : "\n"
    }

    /// How a block writes its entries: indentation, the gap before and after `=`, and the column
    /// `=` is aligned at (nil when the entries do not align).
    private func style(file: Int, block: CopyProject.Block) -> EntryStyle {
        let syntax = project.files[file].syntax
        func text(_ r: Range<Int>) -> String { String(decoding: syntax.source[r], as: UTF8.self) }
        guard let last = block.entries.last else { return EntryStyle() }
        // Bytes, not Characters: in a CRLF file "\r\n" is one Character.
        let lead = syntax.tokens[last.first].leadingTrivia
        let indent = syntax.source[lead].lastIndex(of: 0x0A).map { text(($0 + 1)..<lead.upperBound) } ?? "  "
        let equals = block.entries.map { e in (e.first...e.value).first { syntax.tokens[$0].kind == .equals } }
        guard let eq = equals.last ?? nil else { return EntryStyle(indent: indent) }
        let before = text(syntax.tokens[eq - 1].trailingTrivia)
        let after = text(syntax.tokens[eq].trailingTrivia)
        let columns = equals.compactMap {
            $0.map { syntax.tokens[$0].range.start.column - syntax.tokens[block.entries[0].first].range.start.column }
        }
        let aligned = block.entries.count >= 2 && Set(columns).count == 1
        return EntryStyle(
            indent: indent, before: before.isEmpty ? " " : before, after: after.isEmpty ? " " : after,
            align: aligned ? columns[0] : nil)
    }

    private func line(_ key: String, _ literal: String, _ s: EntryStyle) -> String {
        let gap = s.align.map { String(repeating: " ", count: max(1, $0 - key.unicodeScalars.count)) } ?? s.before
        return key + gap + "=" + s.after + literal
    }

    private mutating func insert(_ list: [NewEntry], file: Int, block b: Int) {
        let block = project.files[file].blocks[b]
        let syntax = project.files[file].syntax
        let nl = newline(file)
        let kept = block.entries.enumerated().filter { !removed.contains([file, b, $0.offset]) }.map(\.element)
        var shape = block
        shape.entries = kept
        let s = style(file: file, block: shape)
        guard let open = block.open else { return }
        let closeLine = block.close.map { syntax.tokens[$0].range.start.line }
        if let last = kept.last {
            if closeLine != syntax.tokens[last.value].range.end.line {
                var s = s
                realign(kept, adding: list, file: file, style: &s)
                let style = s
                let text = list.map { nl + style.indent + line($0.key, $0.literal, style) }.joined()
                edits[file, default: TokenEdits()].afterTrivia[last.value, default: []] += Array(text.utf8)
            } else {
                // A one-line block: the same separator as between its entries (two spaces, as
                // the canonical layout sets items on one line apart).
                var sep = "  "
                if kept.count >= 2 {
                    let t = syntax.source[syntax.tokens[kept[kept.count - 2].value].trailingTrivia]
                    if !t.isEmpty, t.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                        sep = String(decoding: t, as: UTF8.self)
                    }
                }
                let text = list.map { sep + line($0.key, $0.literal, EntryStyle(indent: s.indent)) }.joined()
                edits[file, default: TokenEdits()].afterText[last.value, default: []] += Array(text.utf8)
            }
        } else if closeLine == syntax.tokens[open].range.start.line {
            // `{ }` or `{}`: entries two spaces apart, one space inside the braces.
            let text =
                " " + list.map { line($0.key, $0.literal, EntryStyle()) }.joined(separator: "  ")
                + (syntax.tokens[open].trailingTrivia.isEmpty ? " " : "")
            edits[file, default: TokenEdits()].afterText[open, default: []] += Array(text.utf8)
        } else {
            var s = EntryStyle(indent: s.indent)
            if list.count >= 2 { s.align = list.map { $0.key.unicodeScalars.count + 1 }.max() }
            let style = s
            let text = list.map { nl + style.indent + line($0.key, $0.literal, style) }.joined()
            edits[file, default: TokenEdits()].afterTrivia[open, default: []] += Array(text.utf8)
        }
    }

    /// When a block's `=` line up (or it has one entry, which the new ones join in a run), the
    /// new entries line up with them; a key longer than the column moves the column, and the
    /// block's other entries with it, as the canonical layout (Grammar.md) aligns a run.
    private mutating func realign(
        _ kept: [CopyProject.Entry], adding list: [NewEntry], file: Int, style s: inout EntryStyle
    ) {
        let syntax = project.files[file].syntax
        guard s.align != nil || (kept.count == 1 && s.before == " ") else { return }
        let equals = kept.map { e in (e.first...e.value).first { syntax.tokens[$0].kind == .equals } }
        let widths = zip(kept, equals).map { e, eq in
            eq.map { syntax.tokens[$0 - 1].range.end.column - syntax.tokens[e.first].range.start.column }
        }
        let column = ((widths.compactMap { $0 }) + list.map { $0.key.unicodeScalars.count }).max()! + 1
        defer { s.align = column }
        guard column != s.align ?? ((widths.first ?? nil).map { $0 + 1 } ?? column) else { return }
        for (eq, width) in zip(equals, widths) {
            guard let eq, let width, syntax.source[syntax.tokens[eq - 1].trailingTrivia].allSatisfy({ $0 == 0x20 })
            else { continue }
            edits[file, default: TokenEdits()].trailing[eq - 1] = Array(repeating: 0x20, count: max(1, column - width))
        }
    }

    /// New `strings locale { }` blocks after the file's last block, laid out like its first one.
    private mutating func appendBlocks(_ blocks: [(locale: String, entries: [NewEntry])], file: Int) {
        let f = project.files[file]
        let nl = newline(file)
        guard
            let anchor = f.blocks.last(where: { $0.close != nil })?.close
                ?? f.syntax.tokens.indices.last(where: {
                    f.syntax.tokens[$0].kind != .eof && f.syntax.tokens[$0].presence != .missing
                })
        else { return }
        let model = f.blocks.first { $0.entries.count >= 1 }
        var s = model.map { style(file: file, block: $0) } ?? EntryStyle()
        var text = ""
        for block in blocks {
            if s.align != nil { s.align = block.entries.map { $0.key.unicodeScalars.count + 1 }.max() }
            let style = s
            let lines = block.entries.map { nl + style.indent + line($0.key, $0.literal, style) }
            text += nl + nl + "strings \(block.locale) {" + lines.joined() + nl + "}"
        }
        edits[file, default: TokenEdits()].afterTrivia[anchor, default: []] += Array(text.utf8)
    }
}

/// How a block writes its entries: indentation, the gap before and after `=`, and the column
/// (from the key's start) `=` is aligned at, nil when the entries do not align.
struct EntryStyle {
    var indent = "  "
    var before = " "
    var after = " "
    var align: Int?
}

/// An entry an import adds; `rank` orders new entries as the keys' base entries are ordered.
struct NewEntry {
    var key: String
    var literal: String
    var rank: Int
}
