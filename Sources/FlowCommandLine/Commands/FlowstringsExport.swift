import FlowArguments
import FlowLint
import FlowModel
import FlowProject
import FlowStrings
import FlowSyntax
import Foundation

/// `flowstrings export` and `export --check`.
extension FlowstringsCommand {
    /// The files an export writes (path as given, bytes), in order.
    func exportFiles(_ catalog: Catalog, project: CopyProject, _ setup: Setup) -> Result<
        [(path: String?, bytes: [UInt8])], ArgumentError
    > {
        let others = Set(catalog.units.flatMap { $0.translations.map(\.locale) }).subtracting([catalog.sourceLanguage])
            .sorted(by: XcodeOrder.less)
        switch setup.format {
        case "xliff":
            guard setup.locales.count <= 1 else {
                return .failure(
                    ArgumentError("an XLIFF file has one target locale: give one --locale (or export --format xcloc)"))
            }
            guard let locale = setup.locales.first ?? (others.count == 1 ? others[0] : nil) else {
                return .failure(
                    ArgumentError(
                        "which locale? give --locale TAG (the flows have \(others.isEmpty ? "none but the base" : others.joined(separator: ", ")))"
                    ))
            }
            return .success([
                (setup.catalog, Array(XLIFF.write(catalog, locale: locale, toolVersion: ToolVersion.current).utf8))
            ])
        case "xcloc":
            let path = setup.catalog!.hasSuffix("/") ? String(setup.catalog!.dropLast()) : setup.catalog!
            let single = path.hasSuffix(".xcloc")
            let stem = String((path as NSString).lastPathComponent.dropLast(".xcloc".count))
            let locales = setup.locales.isEmpty ? (single ? [stem] : others) : setup.locales
            guard !single || locales.count == 1 else {
                return .failure(
                    ArgumentError(
                        "'\(path)' is one .xcloc: give one --locale, or a directory to hold one .xcloc per locale"))
            }
            guard !locales.isEmpty else {
                return .failure(
                    ArgumentError(
                        "the flows have no locale but the base '\(catalog.sourceLanguage)': give --locale TAG for a new one"
                    ))
            }
            var out: [(path: String?, bytes: [UInt8])] = []
            for locale in locales {
                let dir = single ? path : path + "/\(locale).xcloc"
                out.append(
                    (
                        dir + "/contents.json",
                        Array(
                            XCLoc.contents(
                                developmentRegion: catalog.sourceLanguage,
                                project: (setup.root.path as NSString).lastPathComponent,
                                targetLocale: locale, toolVersion: ToolVersion.current
                            ).utf8)
                    ))
                out.append(
                    (
                        dir + "/Localized Contents/\(locale).xliff",
                        Array(XLIFF.write(catalog, locale: locale, toolVersion: ToolVersion.current).utf8)
                    ))
                // For context, as Xcode does: the source files the strings come from.
                for file in Set(catalog.units.map(\.file)).sorted() {
                    if let f = project.files.first(where: { $0.path == file }) {
                        out.append((dir + "/Source Contents/" + file, f.source.bytes))
                    }
                }
            }
            return .success(out)
        default:
            return .success([(setup.catalog, Array(XCStringsWriter.write(catalog).utf8))])
        }
    }

    func export(
        _ project: CopyProject, _ setup: Setup, check: Bool, stdout: any TextOutput, stderr: any TextOutput,
        colored: Bool
    ) -> Int32 {
        if setup.format != "xcstrings" {
            let unwritable = XMLCharacters.problems(in: project)
            if !unwritable.isEmpty {
                stderr.write(
                    DiagnosticRenderer(files: project.files.map(\.source), colored: colored).render(
                        Self.capped(unwritable)))
                stderr.line("flowstrings: \(plural(unwritable.count, "text")) XLIFF cannot hold; nothing was written")
                return 1
            }
        }
        let catalog = project.catalog()
        let files: [(path: String?, bytes: [UInt8])]
        switch exportFiles(catalog, project: project, setup) {
        case .success(let f): files = f
        case .failure(let error): return usageFailure(error.message, stderr)
        }
        let locales = Set(catalog.units.flatMap { $0.translations.map(\.locale) }).count
        if check {
            let stale = staleFiles(files, setup, stderr: stderr, colored: colored)
            if !setup.parsed.flag("quiet") {
                stderr.line(
                    stale == 0
                        ? "flowstrings: the catalog is up to date (\(plural(catalog.units.count, "key")), \(plural(locales, "locale")))"
                        : "flowstrings: the catalog is out of date; run 'flowstrings export' (and 'flowstrings import' first if translations came back)"
                )
            }
            return stale == 0 ? 0 : 1
        }
        for file in files {
            guard let path = file.path else {
                stdout.write(String(decoding: file.bytes, as: UTF8.self))
                continue
            }
            do {
                let url = URL(fileURLWithPath: absolute(path))
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.bytes).write(to: url, options: .atomic)
            } catch {
                stderr.line(
                    "flowstrings: error: cannot write '\(OutputEscaping.visible(path))': \(error.localizedDescription)")
                return 2
            }
        }
        if !setup.parsed.flag("quiet") {
            let target = setup.catalog.map { " to \(OutputEscaping.visible($0))" } ?? ""
            let files = Set(catalog.units.map(\.file)).count
            stderr.line(
                "flowstrings: exported \(plural(catalog.units.count, "key")) of \(plural(files, "file")) in \(plural(locales, "locale"))\(target)"
            )
        }
        return 0
    }

    /// `--check`: reports each catalog file that differs from what the export writes, and
    /// returns how many do.
    func staleFiles(
        _ files: [(path: String?, bytes: [UInt8])], _ setup: Setup, stderr: any TextOutput, colored: Bool
    ) -> Int {
        var stale = 0
        for file in files {
            guard let path = file.path else { continue }
            let current: [UInt8]
            switch FileSystemReader().read(absolute(path), maxBytes: setup.limits.maxFileBytes) {
            case .success(let bytes): current = bytes
            case .failure(let error):
                stderr.line(
                    "\(OutputEscaping.visible(path)):1:1: error: the catalog is out of date with the flows: it cannot be read (\(error.message)); run 'flowstrings export' [\(DiagnosticID.catalogOutOfDate)]"
                )
                stale += 1
                continue
            }
            guard current != file.bytes else { continue }
            stale += 1
            if path.hasSuffix("/contents.json") || path.contains("/Source Contents/") {
                stderr.line(
                    "\(OutputEscaping.visible(path)):1:1: error: the catalog is out of date with the flows: this file differs from what the export writes [\(DiagnosticID.catalogOutOfDate)]"
                )
                continue
            }
            let existing = SourceFile(id: FileID(0), path: path, bytes: current)
            let diagnostic = CatalogDiff.outOfDate(
                existing: existing, expected: file.bytes, xliff: setup.format != "xcstrings")
            stderr.write(DiagnosticRenderer(files: [existing], colored: colored).render([diagnostic]))
        }
        return stale
    }
}

/// What `--check` says about a stale catalog: the first differences, at the first one.
enum CatalogDiff {
    static func outOfDate(existing: SourceFile, expected: [UInt8], xliff: Bool) -> Diagnostic {
        let read: (SourceFile) -> Catalog? = { xliff ? XLIFF.read($0).catalog : XCStringsReader.read($0).catalog }
        guard let have = read(existing), let want = read(SourceFile(id: FileID(1), path: "", bytes: expected)) else {
            return .error(
                .catalogOutOfDate,
                "the catalog is out of date with the flows: it does not read as a catalog; run 'flowstrings export'",
                at: existing.pointRange(at: 0))
        }
        var differences: [(offset: Int, text: String)] = []
        var haveUnits: [String: Catalog.Unit] = [:]
        for u in have.units { haveUnits[u.id] = u }
        for u in want.units {
            guard let h = haveUnits.removeValue(forKey: u.id) else {
                differences.append((0, "'\(u.id)' is missing"))
                continue
            }
            for t in u.translations {
                let old = h.translation(t.locale)
                if old?.value != t.value || old?.state != t.state {
                    differences.append(
                        (
                            h.offset,
                            "'\(t.locale)' text of '\(u.id)' is \"\(t.value)\" (\(t.state.rawValue)) in the flows"
                                + (old.map { ", \"\($0.value)\" (\($0.state.rawValue)) here" } ?? ", missing here")
                        ))
                }
            }
            for t in h.translations where u.translation(t.locale) == nil {
                differences.append((h.offset, "'\(t.locale)' text of '\(u.id)' is not in the flows"))
            }
            if u.comment != h.comment { differences.append((h.offset, "the comment of '\(u.id)' changed")) }
        }
        for u in haveUnits.values.sorted(by: { $0.offset < $1.offset }) {
            differences.append((u.offset, "'\(u.id)' is no longer in the flows"))
        }
        if differences.isEmpty { differences.append((0, "it is written differently than flowstrings writes it")) }
        let shown = differences.prefix(3).map(\.text).joined(separator: "; ")
        let more = differences.count > 3 ? " (and \(differences.count - 3) more)" : ""
        return .error(
            .catalogOutOfDate, "the catalog is out of date with the flows: \(shown)\(more); run 'flowstrings export'",
            at: existing.pointRange(at: differences[0].offset))
    }
}

/// "1 key", "2 keys".
func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
