import FlowSyntax

/// Turns the syntax of all loaded files into a checked `Program`, resolving every name once.
///
/// Passes: (1) top-level declarations (app, lets, flow names, string tables), (2) each flow's
/// interface (parameters, `uses`, `outcomes`), so calls can be checked in any order, (3) flow
/// bodies, (4) whole-program graphs (recursive calls, values that refer to themselves).
/// Every lookup goes through a dictionary built once, so checking is linear in the input.
struct Checker {
    let files: [SourceFile]
    let syntax: [FileSyntax]
    var diagnostics: [Diagnostic] = []
    /// At most `ParseLimits.maxErrors` diagnostics kept per file; the rest only counted, so a
    /// file of 400,000 bad patterns costs the cap in memory, not 400,000 diagnostics.
    var cap = DiagnosticCap(limit: ParseLimits.default.maxErrors)
    /// Whether an error was reported (kept or not): no program then.
    var hasError = false
    /// Set when the tree has holes the parser already reported: no program, no second report.
    var incomplete = false
    /// Imports the loader refused (outside the root, unreadable, too large...), as written and
    /// where: a name the checker cannot resolve may be declared there, and its error says so
    /// instead of leaving the reader to guess (issue 11: knock-on errors name their cause).
    var refusedImports: [(path: String, range: SourceRange)] = []

    var appDecl: AppDecl? {
        didSet { appDeclared = appDecl != nil }
    }
    /// `appDecl != nil`, kept as a flag: placeholders ask for every `{app}`, and reading the
    /// optional declaration copies it.
    var appDeclared = false
    var topLets: [LetDecl] = []
    var topLetIndex: [String: Int] = [:]
    /// The names of `topLetIndex`, as a set: every flow's scope starts from it.
    var topLetNames: Set<String> = []
    var signatures: [FlowSignature] = []
    var flowIndex: [String: Int] = [:]

    var table = StringTable()
    var keyIndex: [String: Int] = [:]
    var localeIndex: [String: Int] = [:]
    /// The literal of each table entry, parallel to `table.entries`, for placeholder checks.
    var entrySyntax: [[StringLiteral?]] = []
    /// Keys present in the base locale (suggestions for unknown `@key`s).
    var baseKeys: [String] = []
    /// (flow index or -1 for top level) × key index already checked for entry placeholders.
    var checkedKeyUses = Set<KeyUse>()

    /// Each distinct list of one-subject arm patterns, once.
    var patternLists = PatternLists()

    var callEdges: [CallEdge] = []
    /// `{status}`, `{button}` and `{outcome}` in the tracks of the state being checked, waiting
    /// for the flow's graph (Checker+RunValues.swift).
    var pendingRunUses: [(value: RunValue, range: SourceRange, inButton: Bool)] = []
    /// Set while a button's `track` is checked.
    var inButtonTrack = false

    struct KeyUse: Hashable {
        var flow: Int
        var key: Int
    }

    struct CallEdge {
        var from: Int
        var to: Int
        var range: SourceRange
    }

    init(files: [SourceFile], syntax: [FileSyntax]) {
        self.files = files
        self.syntax = syntax
    }

    /// Checks everything; returns a program when nothing is wrong (diagnostics are in `diagnostics`).
    mutating func check() -> Program? {
        var flowDecls: [FlowDecl] = []
        var stringBlocks: [StringsDecl] = []
        for file in syntax {
            for declaration in file.declarations {
                switch declaration {
                case .import: break
                case .app(let app):
                    if let first = appDecl {
                        error(
                            ModelDiagnosticID.duplicateItem, "duplicate 'app' declaration", at: app.range,
                            notes: [DiagnosticNote("the app is first named here", at: first.range)])
                    } else {
                        appDecl = app
                    }
                case .let(let decl):
                    if let first = topLetIndex[decl.name.name] {
                        error(
                            ModelDiagnosticID.duplicateName, "duplicate value '\(decl.name.name)'", at: decl.name.range,
                            notes: [DiagnosticNote("first defined here", at: topLets[first].name.range)])
                    } else if checkReserved(decl.name) {
                        topLetIndex[decl.name.name] = topLets.count
                        topLets.append(decl)
                    }
                case .flow(let decl):
                    if let first = flowIndex[decl.name.name] {
                        error(
                            ModelDiagnosticID.duplicateFlow, "duplicate flow '\(decl.name.name)'", at: decl.name.range,
                            notes: [DiagnosticNote("first defined here", at: flowDecls[first].name.range)])
                    } else {
                        flowIndex[decl.name.name] = flowDecls.count
                        flowDecls.append(decl)
                    }
                case .strings(let block):
                    stringBlocks.append(block)
                }
            }
        }

        buildStrings(stringBlocks)

        topLetNames = Set(topLetIndex.keys)
        let global = Scope.global(values: topLetNames)
        let appName = appDecl.map { text($0.name, in: global) }
        var values: [NamedValue] = []
        for decl in topLets {
            guard let value = decl.value else {
                incomplete = true
                continue
            }
            values.append(NamedValue(name: decl.name.name, value: text(value, in: global), range: decl.range))
        }

        signatures = flowDecls.map { signature(of: $0) }
        var flows: [Flow] = []
        for index in signatures.indices {
            if let flow = checkFlow(index) { flows.append(flow) }
        }

        checkRecursion()
        checkValueCycles(appName: appName, values: values, flows: flows)

        diagnostics += cap.summaries(what: "check diagnostics")
        guard !incomplete, flows.count == flowDecls.count, !hasError else { return nil }
        return Program(files: files, flows: flows, appName: appName, values: values, strings: table)
    }

    // MARK: Diagnostics

    mutating func error(
        _ id: DiagnosticID, _ message: String, at range: SourceRange?,
        notes: [DiagnosticNote] = [], suggestion: String? = nil
    ) {
        // The parser leaves a name it could not read empty and has reported it: every message
        // quotes the name it is about, so one quoting an empty name would only repeat that report.
        if message.contains("''") || message.contains("'{}'") {
            incomplete = true
            return
        }
        hasError = true
        let diagnostic = Diagnostic.error(id, message, at: range, notes: notes, fixIts: fixIts(range, suggestion))
        if cap.admit(diagnostic) { diagnostics.append(diagnostic) }
    }

    /// Records a diagnostic built elsewhere, under the same cap.
    mutating func report(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { hasError = true }
        if cap.admit(diagnostic) { diagnostics.append(diagnostic) }
    }

    mutating func warning(
        _ id: DiagnosticID, _ message: String, at range: SourceRange?,
        notes: [DiagnosticNote] = [], suggestion: String? = nil
    ) {
        let diagnostic = Diagnostic.warning(id, message, at: range, notes: notes, fixIts: fixIts(range, suggestion))
        if cap.admit(diagnostic) { diagnostics.append(diagnostic) }
    }

    private func fixIts(_ range: SourceRange?, _ suggestion: String?) -> [FixIt] {
        guard let range, let suggestion else { return [] }
        return [FixIt(range: range, replacement: suggestion, message: "did you mean '\(suggestion)'?")]
    }

    /// `app` and `permission` are placeholders of their own; a value with that name could never be used.
    mutating func checkReserved(_ name: Identifier) -> Bool {
        switch name.name {
        case "app":
            error(
                ModelDiagnosticID.duplicateName, "'app' is reserved for the app's name; choose another name",
                at: name.range)
            return false
        case "permission":
            error(
                ModelDiagnosticID.duplicateName,
                "'permission' is reserved for the permission's name; choose another name", at: name.range)
            return false
        default:
            return true
        }
    }

    // MARK: Strings

    /// Merges every `strings` block into one table: locales and keys in order of first appearance.
    mutating func buildStrings(_ blocks: [StringsDecl]) {
        var fallbackSyntax: [LocaleSyntax?] = []
        for block in blocks {
            let locale: Int
            if let known = localeIndex[block.locale.tag] {
                locale = known
            } else {
                locale = table.locales.count
                localeIndex[block.locale.tag] = locale
                table.locales.append(LocaleInfo(tag: block.locale.tag, fallback: nil, range: block.locale.range))
                table.entries.append(Array(repeating: nil, count: table.keys.count))
                entrySyntax.append(Array(repeating: nil, count: table.keys.count))
                fallbackSyntax.append(nil)
            }
            if let fallback = block.fallback {
                if let earlier = fallbackSyntax[locale] {
                    if earlier.tag != fallback.tag {
                        error(
                            ModelDiagnosticID.badFallback,
                            "conflicting fallback '\(fallback.tag)' for locale '\(block.locale.tag)'",
                            at: fallback.range,
                            notes: [DiagnosticNote("it falls back to '\(earlier.tag)' here", at: earlier.range)])
                    }
                } else {
                    fallbackSyntax[locale] = fallback
                }
            }
            for entry in block.entries {
                let name = entry.key.name
                let key: Int
                if let known = keyIndex.existingValue(orInsert: table.keys.count, forKey: name) {
                    key = known
                } else {
                    key = table.keys.count
                    table.keys.append(name)
                    for l in table.entries.indices {
                        table.entries[l].append(nil)
                        entrySyntax[l].append(nil)
                    }
                }
                if let first = table.entries[locale][key] {
                    error(
                        ModelDiagnosticID.duplicateStringKey,
                        "duplicate string '\(name)' in locale '\(block.locale.tag)'", at: entry.key.range,
                        notes: [DiagnosticNote("first defined here", at: first.range)])
                    continue
                }
                guard let value = entry.value else {
                    incomplete = true
                    continue
                }
                table.entries[locale][key] = StringTable.Entry(template: entryTemplate(value), range: entry.range)
                entrySyntax[locale][key] = value
            }
        }
        resolveFallbacks(fallbackSyntax)
        // Each locale's row grew a key at a time, by doubling, and the program keeps it.
        table.keys = table.keys.withoutSpareRoom()
        for l in table.entries.indices { table.entries[l] = table.entries[l].withoutSpareRoom() }
        if let base = table.entries.first {
            baseKeys = table.keys.indices.filter { base[$0] != nil }.map { table.keys[$0] }
        }
    }

    private mutating func resolveFallbacks(_ fallbackSyntax: [LocaleSyntax?]) {
        for (locale, fallback) in fallbackSyntax.enumerated() {
            guard let fallback else { continue }
            let tag = table.locales[locale].tag
            guard let target = localeIndex[fallback.tag] else {
                error(
                    ModelDiagnosticID.unknownLocale, "unknown fallback locale '\(fallback.tag)'", at: fallback.range,
                    suggestion: Suggestion.closest(to: fallback.tag, in: table.locales.map(\.tag)))
                continue
            }
            if target == locale {
                error(ModelDiagnosticID.badFallback, "locale '\(tag)' falls back to itself", at: fallback.range)
            } else if locale == 0 {
                error(
                    ModelDiagnosticID.badFallback,
                    "the base locale '\(tag)' cannot fall back to '\(fallback.tag)'; every other locale falls back to it",
                    at: fallback.range)
            } else {
                table.locales[locale].fallback = target == 0 ? nil : target
            }
        }
        // A fallback chain that loops would never reach the base locale.
        var state = Array(repeating: 0, count: table.locales.count)  // 0 new, 1 on the current path, 2 done
        for start in table.locales.indices where state[start] == 0 {
            var path: [Int] = []
            var current: Int? = start
            while let l = current, state[l] == 0 {
                state[l] = 1
                path.append(l)
                current = table.locales[l].fallback
            }
            if let l = current, state[l] == 1, let at = path.firstIndex(of: l) {
                let cycle = path[at...].map { table.locales[$0].tag } + [table.locales[l].tag]
                error(
                    ModelDiagnosticID.badFallback, "locale fallbacks loop: \(cycle.joined(separator: " -> "))",
                    at: fallbackSyntax[l]?.range)
                for member in path[at...] { table.locales[member].fallback = nil }
            }
            for l in path { state[l] = 2 }
        }
    }

    /// Table entries are shared by every flow, so their placeholders stay names: `{app}` is the app,
    /// anything else (`{permission}` included) is looked up in the running frame.
    private mutating func entryTemplate(_ literal: StringLiteral) -> Template {
        if let s = literal.plainText { return Template(s) }
        return Template(
            segments: literal.segments.map { segment in
                switch segment {
                case .text(let s): return .text(s)
                case .placeholder(let written):
                    if written.name == "app" {
                        if !appDeclared { reportMissingApp(at: written.range) }
                        return .placeholder(.app)
                    }
                    return .placeholder(.value(written.name))
                }
            })
    }

    mutating func reportMissingApp(at range: SourceRange) {
        error(
            ModelDiagnosticID.appWithoutDeclaration,
            "'{app}' needs an 'app \"Name\"' declaration", at: range)
    }
}

extension Dictionary {
    /// The value under `key`, or nil after storing `value` there: one hash and probe where a
    /// lookup then an insert took two (the checker indexes every state and string key so).
    mutating func existingValue(orInsert value: Value, forKey key: Key) -> Value? {
        let before = count
        // The defaulted subscript's mutating access inserts `value` when `key` is absent.
        let stored = Self.read(&self[key, default: value])
        return count == before ? stored : nil
    }

    private static func read(_ value: inout Value) -> Value { value }
}
