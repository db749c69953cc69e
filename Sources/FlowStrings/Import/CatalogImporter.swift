import FlowSyntax

/// What an import changes: each file's new bytes, and each entry touched, for the report.
public struct ImportPlan: Sendable {
    public struct Change: Hashable, Sendable {
        public enum Kind: String, Sendable, CaseIterable { case updated, added, removed }
        public var kind: Kind
        public var file: Int
        public var locale: String
        public var key: String
        /// The entry's line before the import (0 for an added one).
        public var line: Int = 0
    }
    /// New bytes by `CopyProject.files` index, only for files that change.
    public var files: [Int: [UInt8]] = [:]
    public var changes: [Change] = []
    /// Problems in the catalog (errors mean nothing is written), in the order of the file.
    public var diagnostics: [Diagnostic] = []

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Turns a catalog into edits of the flows' `strings` tables: a changed text replaces its
/// string token, a new one is added to its locale's block in the style of its neighbours (or
/// a new block), and with `delete` an entry the catalog lacks is removed. Unchanged text is
/// never rewritten, so importing what was exported changes no byte.
public enum CatalogImporter {
    public static func plan(_ catalog: Catalog, file catalogFile: SourceFile, into project: CopyProject, delete: Bool)
        -> ImportPlan
    {
        var plan = ImportPlan()
        let base = project.baseLocale ?? catalog.sourceLanguage
        if project.baseLocale != nil, catalog.sourceLanguage != base {
            plan.diagnostics.append(
                .error(
                    .malformedCatalog,
                    "the catalog's source language is '\(catalog.sourceLanguage)', the flows' base locale is '\(base)'",
                    at: catalogFile.unlocatedRange(at: catalog.sourceLanguageOffset)))
            plan.diagnostics = catalogFile.located(plan.diagnostics)
            return plan
        }
        let request = self.request(
            of: catalog, file: catalogFile, project: project, base: base, into: &plan.diagnostics)
        plan.diagnostics = catalogFile.located(plan.diagnostics)
        plan.diagnostics.sort { ($0.range?.start.offset ?? 0) < ($1.range?.start.offset ?? 0) }
        guard !plan.hasErrors else { return plan }
        edit(project, as: request, catalog: catalog, delete: delete, into: &plan)
        return plan
    }

    /// What a catalog asks for: the texts to import, and what it has (for `delete`).
    private struct Request {
        var wanted: [(key: CopyProject.HomeKey, locale: String, segments: [CatalogText.Segment])] = []
        /// "id\u{0}locale" the catalog has, whatever its state.
        var present = Set<String>()
        var presentUnits = Set<String>()
        /// Marked not to translate: kept as the flows have it, never imported nor removed.
        var kept = Set<String>()
    }

    /// Reads the catalog's units against the flows' keys, reporting unknown keys and texts that
    /// cannot be imported (their diagnostics unlocated: `located` places them in one pass).
    private static func request(
        of catalog: Catalog, file catalogFile: SourceFile, project: CopyProject, base: String,
        into diagnostics: inout [Diagnostic]
    ) -> Request {
        func at(_ offset: Int) -> SourceRange { catalogFile.unlocatedRange(at: offset) }
        var ids: [String: CopyProject.HomeKey] = [:]
        for key in project.keys { ids[project.id(key)] = key }
        var request = Request()
        var unknown = 0
        for unit in catalog.units {
            let id = unit.file.isEmpty ? unit.key : unit.id
            guard let key = ids[id] else {
                // A suggestion costs a pass over the keys: only for the ones that will be shown.
                unknown += 1
                let hint =
                    unknown > ParseLimits.default.maxErrors
                    ? ""
                    : suggestion(for: unit, id: id, among: project).map { "; did you mean '\($0)'?" } ?? ""
                diagnostics.append(
                    .error(
                        .unknownCatalogKey,
                        "unknown key '\(id)': no flow defines '\(unit.key)'\(unit.file.isEmpty ? "" : " in '\(unit.file)'")\(hint)",
                        at: at(unit.offset)))
                continue
            }
            request.presentUnits.insert(id)
            for t in unit.translations { request.present.insert(id + "\u{0}" + t.locale) }
            // Marked not to translate: kept as the flows have it, never imported nor removed.
            guard unit.translate else {
                request.kept.insert(id)
                continue
            }
            // The placeholders every translation must keep: the base text's, as imported.
            let baseText =
                unit.translation(base).flatMap { $0.state == .new ? nil : $0.value }
                ?? project.places[key]?[base].map { CatalogText.text(of: project.entry($0).literal) }
            let basePlaceholders =
                baseText.flatMap { try? CatalogText.segments(of: $0) }.map(CatalogText.placeholders) ?? []
            // XLIFF says what the translator translated: a base text changed since is worth a look.
            if let source = unit.source, let baseText, source != baseText,
                unit.translations.contains(where: { $0.state == .translated })
            {
                diagnostics.append(
                    .warning(
                        .catalogEntryNeedsReview,
                        "'\(id)' was translated from an older base text (\"\(source)\", now \"\(baseText)\"); imported, check it",
                        at: at(unit.offset)))
            }
            for t in unit.translations {
                guard
                    let segments = translationSegments(
                        t, of: id, base: base, basePlaceholders: basePlaceholders, catalog: catalog,
                        file: catalogFile, into: &diagnostics)
                else { continue }
                request.wanted.append((key, t.locale, segments))
            }
        }
        return request
    }

    /// One translation's text as segments; nil (after a diagnostic) when it is not to be imported:
    /// not translated yet, malformed, or with placeholders other than the base text's.
    private static func translationSegments(
        _ t: Catalog.Translation, of id: String, base: String, basePlaceholders: [String], catalog: Catalog,
        file catalogFile: SourceFile, into diagnostics: inout [Diagnostic]
    ) -> [CatalogText.Segment]? {
        func at(_ offset: Int) -> SourceRange { catalogFile.unlocatedRange(at: offset) }
        switch t.state {
        case .new:
            diagnostics.append(
                .warning(
                    .untranslatedCatalogEntry,
                    "'\(t.locale)' text of '\(id)' is not translated yet (state new); not imported",
                    at: at(t.stateOffset)))
            return nil
        case .needsReview:
            diagnostics.append(
                .warning(
                    .catalogEntryNeedsReview,
                    "'\(t.locale)' text of '\(id)' needs review; imported, and exported as translated from now on",
                    at: at(t.stateOffset)))
        case .translated: break
        }
        let segments: [CatalogText.Segment]
        do throws(CatalogText.Problem) {
            segments = try CatalogText.segments(of: t.value)
        } catch {
            diagnostics.append(
                .error(
                    .catalogPlaceholderMismatch, "'\(t.locale)' text of '\(id)': \(error.message)",
                    at: at(offset(in: catalogFile.bytes, catalog.encoding, t.valueOffset, error.column))))
            return nil
        }
        if t.locale != base {
            let names = CatalogText.placeholders(segments)
            var bad = false
            for name in names where !basePlaceholders.contains(name) {
                let hint =
                    Suggestion.closest(to: name, in: basePlaceholders).map { "; did you mean '{\($0)}'?" } ?? ""
                diagnostics.append(
                    .error(
                        .catalogPlaceholderMismatch,
                        "'\(t.locale)' text of '\(id)' has the placeholder '{\(name)}', which the base text does not have\(hint)",
                        at: at(
                            offset(
                                in: catalogFile.bytes, catalog.encoding, t.valueOffset,
                                column(of: name, in: t.value)))))
                bad = true
            }
            let dropped = basePlaceholders.filter { !names.contains($0) }
            if !dropped.isEmpty {
                diagnostics.append(
                    .error(
                        .catalogPlaceholderMismatch,
                        "'\(t.locale)' text of '\(id)' drops the placeholder\(dropped.count == 1 ? "" : "s") \(dropped.map { "'{\($0)}'" }.joined(separator: ", ")) of the base text",
                        at: at(offset(in: catalogFile.bytes, catalog.encoding, t.valueOffset, 0))))
                bad = true
            }
            if bad { return nil }
        }
        return segments
    }

    /// The edits of the flows' `strings` tables that give them the request's texts.
    private static func edit(
        _ project: CopyProject, as request: Request, catalog: Catalog, delete: Bool, into plan: inout ImportPlan
    ) {
        var editor = FlowEditor(project: project)
        for w in request.wanted {
            if let place = project.places[w.key]?[w.locale] {
                let entry = project.entry(place)
                let current = (try? CatalogText.segments(of: CatalogText.text(of: entry.literal))) ?? []
                guard current != w.segments else { continue }
                editor.replace(place, with: CatalogText.flowLiteral(w.segments))
                plan.changes.append(
                    .init(
                        kind: .updated, file: place.file, locale: w.locale, key: w.key.key, line: entry.range.start.line
                    ))
            } else {
                let file = editor.add(w.key, locale: w.locale, literal: CatalogText.flowLiteral(w.segments))
                plan.changes.append(.init(kind: .added, file: file, locale: w.locale, key: w.key.key))
            }
        }
        if delete {
            for key in project.keys {
                let id = project.id(key)
                guard !request.kept.contains(id) else { continue }
                for (locale, place) in (project.places[key] ?? [:]).sorted(by: { $0.key < $1.key })
                where catalog.scope?.contains(locale) ?? true
                    && (!request.presentUnits.contains(id) || !request.present.contains(id + "\u{0}" + locale))
                {
                    editor.remove(place)
                    plan.changes.append(
                        .init(
                            kind: .removed, file: place.file, locale: locale, key: key.key,
                            line: project.entry(place).range.start.line))
                }
            }
        }
        plan.files = editor.output()
    }

    /// The key a mistyped catalog key most likely means: the same key in another file (a file
    /// renamed or moved), else the closest key of the same file, else the closest of all.
    static func suggestion(for unit: Catalog.Unit, id: String, among project: CopyProject) -> String? {
        let all = project.keys.map { project.id($0) }.sorted()
        let sameKey = project.keys.filter { $0.key == unit.key }.map { project.id($0) }.sorted()
        if !sameKey.isEmpty { return Suggestion.closest(to: id, in: sameKey) ?? sameKey[0] }
        let sameFile = project.keys.filter { project.files[$0.file].path == unit.file }.map { project.id($0) }.sorted()
        return Suggestion.closest(to: id, in: sameFile.isEmpty ? all : sameFile)
    }

    /// The scalar column of `{name}` in catalog text.
    static func column(of name: String, in text: String) -> Int {
        let scalars = Array(text.unicodeScalars)
        let needle = Array("{\(name)}".unicodeScalars)
        guard needle.count <= scalars.count else { return 0 }
        for i in 0...(scalars.count - needle.count) where Array(scalars[i..<(i + needle.count)]) == needle {
            return i
        }
        return 0
    }

    /// The byte offset of a value's scalar `column`, through the file's escapes.
    static func offset(in bytes: [UInt8], _ encoding: Catalog.Encoding, _ valueOffset: Int, _ column: Int) -> Int {
        switch encoding {
        case .json: XCStringsReader.offset(inString: bytes, quote: valueOffset, column: column)
        case .xml: XMLReader.offset(inText: bytes, start: valueOffset, column: column)
        }
    }
}
