import FlowEncoding
import FlowLint
import FlowModel
import FlowStrings
import FlowSyntax
import Foundation

/// `flowstrings import`: reads the catalog, plans the edits, checks and lints the result in
/// memory, and only then writes the files that change.
extension FlowstringsCommand {
    /// The lint rules about copy, reported on the imported text.
    static let copyRules: Set<DiagnosticID> = ["FL1301", "FL1401", "FL1402", "FL1403", "FL1404"]

    /// At most 100 diagnostics about a catalog are shown, then one FL0013 counts the rest (the
    /// summary line and the exit code count them all).
    static func capped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        DiagnosticCap.apply(diagnostics, limit: ParseLimits.default.maxErrors, what: "catalog diagnostics").kept
    }

    /// Reads the catalog the way its format needs; nil after printing why.
    func readCatalog(_ setup: Setup, stderr: any TextOutput, colored: Bool) -> (Catalog, SourceFile)? {
        var path = setup.catalog!
        if setup.format == "xcloc" {
            guard let xliff = xclocXLIFF(setup, stderr: stderr, colored: colored) else { return nil }
            path = xliff
        }
        let bytes: [UInt8]
        switch FileSystemReader().read(absolute(path), maxBytes: setup.limits.maxFileBytes) {
        case .success(let b): bytes = b
        case .failure(let error):
            stderr.line("flowstrings: error: cannot read '\(OutputEscaping.visible(path))': \(error.message)")
            return nil
        }
        let file = SourceFile(id: FileID(0), path: path, bytes: bytes)
        let (catalog, diagnostics) = setup.format == "xcstrings" ? XCStringsReader.read(file) : XLIFF.read(file)
        if !diagnostics.isEmpty {
            stderr.write(DiagnosticRenderer(files: [file], colored: colored).render(Self.capped(diagnostics)))
        }
        return catalog.map { ($0, file) }
    }

    /// The XLIFF file of an `.xcloc`, named by its `contents.json`'s `targetLocale`: a language
    /// tag (else a located error in `contents.json`, so `../` never reaches the path), and a file
    /// that stays inside the bundle once links are resolved. Nil after printing why.
    func xclocXLIFF(_ setup: Setup, stderr: any TextOutput, colored: Bool) -> String? {
        let dir = setup.catalog!.hasSuffix("/") ? String(setup.catalog!.dropLast()) : setup.catalog!
        let contents = dir + "/contents.json"
        guard insideBundle(contents, dir, stderr: stderr) else { return nil }
        guard
            case .success(let bytes) = FileSystemReader().read(absolute(contents), maxBytes: setup.limits.maxFileBytes),
            case .object(let members)? = try? LocatedJSON.parse(bytes),
            let member = members.first(where: { $0.key == "targetLocale" }),
            case .string(let locale) = member.value
        else {
            stderr.line(
                "flowstrings: error: '\(OutputEscaping.visible(contents))' does not name the .xcloc's 'targetLocale'")
            return nil
        }
        if let problem = LocaleTag.problem(locale) {
            let file = SourceFile(id: FileID(0), path: contents, bytes: bytes)
            let diagnostic = Diagnostic.error(
                .malformedCatalog, "'targetLocale' must name the XLIFF file of the .xcloc: \(problem)",
                at: file.pointRange(at: member.offset))
            stderr.write(DiagnosticRenderer(files: [file], colored: colored).render([diagnostic]))
            return nil
        }
        let path = XCLoc.xliffPath(in: dir, locale: locale)
        return insideBundle(path, dir, stderr: stderr) ? path : nil
    }

    /// False, after saying so, when `path` resolves (through links) to a file outside the
    /// `.xcloc` directory `bundle`: a vendor's bundle cannot make flowstrings read elsewhere.
    /// A path that does not exist is left to the read, which reports it.
    func insideBundle(_ path: String, _ bundle: String, stderr: any TextOutput) -> Bool {
        let reader = FileSystemReader()
        guard let real = reader.realPath(absolute(path)), let realBundle = reader.realPath(absolute(bundle)) else {
            return true
        }
        if real.hasPrefix(realBundle.hasSuffix("/") ? realBundle : realBundle + "/") { return true }
        stderr.line(
            "flowstrings: error: '\(OutputEscaping.visible(path))' is a link to a file outside the .xcloc '\(OutputEscaping.visible(bundle))'; refused"
        )
        return false
    }

    /// Writes the plan's files, each checked before the first is written: one read-only file
    /// leaves all of them as they were. False after printing why.
    func write(_ plan: ImportPlan, into project: CopyProject, stderr: any TextOutput) -> Bool {
        let writes = plan.files.sorted(by: { $0.key < $1.key })
        for (index, _) in writes {
            if let problem = FileReplacement.problem(project.files[index].realPath) {
                stderr.line(
                    "flowstrings: error: cannot write '\(OutputEscaping.visible(project.files[index].path))': \(problem.message); nothing was written"
                )
                return false
            }
        }
        for (index, bytes) in writes {
            do throws(FileReplacement.Failure) {
                try FileReplacement.write(bytes, to: project.files[index].realPath)
            } catch {
                stderr.line(
                    "flowstrings: error: cannot write '\(OutputEscaping.visible(project.files[index].path))': \(error.message)"
                )
                return false
            }
        }
        return true
    }

    func importCatalog(
        into project: CopyProject, loads: [LoadResult], _ setup: Setup,
        stdout: any TextOutput, stderr: any TextOutput, colored: Bool
    ) -> Int32 {
        guard let (catalog, file) = readCatalog(setup, stderr: stderr, colored: colored) else { return 1 }
        let plan = CatalogImporter.plan(catalog, file: file, into: project, delete: setup.parsed.flag("delete"))
        if !plan.diagnostics.isEmpty {
            stderr.write(DiagnosticRenderer(files: [file], colored: colored).render(Self.capped(plan.diagnostics)))
        }
        if plan.hasErrors {
            stderr.line(
                "flowstrings: \(plural(plan.diagnostics.filter { $0.severity == .error }.count, "error")) in the catalog; nothing was written"
            )
            return 1
        }
        let warnings = plan.diagnostics.count
        guard !plan.files.isEmpty else {
            if !setup.parsed.flag("quiet") {
                stderr.line(
                    "flowstrings: the flows already have this copy; nothing to write\(warnings > 0 ? " (\(plural(warnings, "warning")))" : "")"
                )
            }
            return 0
        }
        var overrides: [String: [UInt8]] = [:]
        for (index, bytes) in plan.files { overrides[project.files[index].realPath] = bytes }
        // The result must still check: load it from memory before anything is written.
        guard let (after, newLoads) = loadProject(setup, overrides: overrides, stderr: stderr, colored: colored) else {
            stderr.line("flowstrings: the imported copy would not check (above); nothing was written")
            return 1
        }
        let touched = reportChanges(plan, from: project, to: after, stdout: stdout)
        let (lintErrors, lintWarnings) = lintImported(newLoads, touched: touched, stderr: stderr, colored: colored)
        let dryRun = setup.parsed.flag("dry-run")
        if !dryRun, !write(plan, into: project, stderr: stderr) { return 2 }
        if !setup.parsed.flag("quiet") {
            let counts = ImportPlan.Change.Kind.allCases.compactMap { kind -> String? in
                let n = plan.changes.filter { $0.kind == kind }.count
                return n == 0 ? nil : "\(n) \(kind.rawValue)"
            }.joined(separator: ", ")
            stderr.line(
                "flowstrings: \(counts) in \(plan.files.count) file\(plan.files.count == 1 ? "" : "s")\(dryRun ? " (dry run: nothing written)" : ""); "
                    + "\(plural(warnings, "catalog warning")), copy lint: \(plural(lintErrors, "error")), \(plural(lintWarnings, "warning"))"
            )
        }
        return lintErrors > 0 ? 1 : 0
    }

    /// Prints `file:line: what changed`, in file order (removed entries at their line before the
    /// import); returns where the imported entries are now, by real path, to lint them.
    func reportChanges(
        _ plan: ImportPlan, from project: CopyProject, to after: CopyProject, stdout: any TextOutput
    ) -> [String: [Range<Int>]] {
        var touched: [String: [Range<Int>]] = [:]
        var lines: [(file: String, line: Int, offset: Int, text: String)] = []
        for change in plan.changes where change.kind != .removed {
            let real = project.files[change.file].realPath
            guard let f = after.files.firstIndex(where: { $0.realPath == real }),
                let place = after.place(file: f, locale: change.locale, key: change.key)
            else { continue }
            let r = after.entry(place).range
            touched[real, default: []].append(r.start.offset..<max(r.end.offset, r.start.offset + 1))
            lines.append(
                (
                    after.files[f].path, r.start.line, r.start.offset,
                    "\(change.kind.rawValue) '\(change.locale)' \(change.key)"
                ))
        }
        for change in plan.changes where change.kind == .removed {
            lines.append((project.files[change.file].path, change.line, 0, "removed '\(change.locale)' \(change.key)"))
        }
        for l in lines.sorted(by: { ($0.file, $0.line, $0.offset) < ($1.file, $1.line, $1.offset) }) {
            stdout.line("\(OutputEscaping.visible(l.file)):\(l.line): \(l.text)")
        }
        return touched
    }

    /// The copy rules' findings on the imported entries (each printed once): errors, warnings.
    func lintImported(
        _ loads: [LoadResult], touched: [String: [Range<Int>]], stderr: any TextOutput, colored: Bool
    ) -> (errors: Int, warnings: Int) {
        let linter = Linter()
        var seen = Set<String>()
        var counts = (errors: 0, warnings: 0)
        for load in loads {
            let report = linter.lint(load)
            let relevant = report.findings.map(\.diagnostic).filter { d in
                guard Self.copyRules.contains(d.id) else { return false }
                return ([d.range] + d.notes.map(\.range)).contains { r in
                    guard let r, load.files.indices.contains(r.file.index),
                        let real = RelativeReader(base: currentDirectory).realPath(load.files[r.file.index].path)
                    else { return false }
                    return (touched[real] ?? []).contains {
                        $0.overlaps(r.start.offset..<max(r.end.offset, r.start.offset + 1))
                    }
                }
            }
            let renderer = DiagnosticRenderer(files: load.files, colored: colored)
            for d in relevant {
                let text = renderer.render(d)
                guard seen.insert(text).inserted else { continue }
                stderr.write(text)
                if d.severity == .error { counts.errors += 1 } else { counts.warnings += 1 }
            }
        }
        return counts
    }
}
