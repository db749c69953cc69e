import FlowModel
import FlowSyntax
import Foundation
import Testing

/// The repository root, found from this file's path so the tests run from any working directory.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // FlowCommandLineTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

/// Every `.flow` file under `flows/`, recursively, as absolute paths in a stable order.
private let corpusFiles: [String] = {
    let flows = repositoryRoot.appendingPathComponent("flows")
    guard let walker = FileManager.default.enumerator(at: flows, includingPropertiesForKeys: nil) else { return [] }
    return walker.compactMap { ($0 as? URL)?.standardizedFileURL.path }
        .filter { $0.hasSuffix(".flow") }
        .sorted()
}()

/// `flows/x.flow` for messages.
private func shortPath(_ path: String) -> String {
    path.hasPrefix(repositoryRoot.path + "/") ? String(path.dropFirst(repositoryRoot.path.count + 1)) : path
}

/// One line per diagnostic, enough to find it without the renderer.
private func describe(_ diagnostics: [Diagnostic], files: [SourceFile]) -> String {
    diagnostics.map { d in
        let place =
            d.range.map { r in
                let file = r.file.index < files.count ? shortPath(files[r.file.index].path) : "?"
                return "\(file):\(r.start.line):\(r.start.column)"
            } ?? "?"
        return "\(place): \(d.severity): \(d.message) [\(d.id)]"
    }.joined(separator: "\n")
}

/// The example flows are the first thing a new user reads: every one must load and check clean.
/// Lint findings that the seed ports carry on purpose are the linter's tests; here only errors of
/// the parser and checker count.
@Suite("flows/ corpus")
struct FlowsCorpusTests {
    @Test("the corpus is where the tests look for it")
    func corpusIsFound() {
        // Five seed ports, nine idiomatic flows and the imported library: a broken path (or an
        // emptied directory) must not turn the parametrized test below into zero passing cases.
        #expect(corpusFiles.count >= 14, "found \(corpusFiles.map(shortPath))")
        #expect(corpusFiles.contains { $0.hasSuffix("/flows/lib/photo_library_access.flow") })
    }

    @Test("every flow parses and checks without errors", arguments: corpusFiles)
    func flowChecksClean(path: String) {
        let result = Loader(reader: FileSystemReader()).load(path)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(shortPath(path)):\n\(describe(errors, files: result.files))")
        #expect(result.program != nil, "\(shortPath(path)) produced no program")
        #expect(result.program?.flows.isEmpty == false, "\(shortPath(path)) declares no flow")
    }

    @Test("every flow opens with a comment that says what it shows", arguments: corpusFiles)
    func flowOpensWithComment(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let start = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        #expect(start.hasPrefix("//") || start.hasPrefix("/*"), "\(shortPath(path)) does not open with a comment")
    }

    @Test("an imported library flow is loaded with its importer and called with arguments")
    func importedSubflowIsLoaded() throws {
        let path = repositoryRoot.appendingPathComponent("flows/photos_subflow_import.flow").path
        let result = Loader(reader: FileSystemReader()).load(path)
        let program = try #require(result.program, "\(describe(result.diagnostics, files: result.files))")
        #expect(result.files.count == 2)
        let callee = try #require(program.flow(named: "photo_library_access"))
        #expect(program[callee].parameters.map(\.kind) == [.permission, .text])
        // Both callers reach the library flow through a `call` with a permission argument.
        for caller in ["pick_photo", "save_postcard"] {
            let flow = program[try #require(program.flow(named: caller))]
            let calls = flow.states.compactMap { state -> (FlowID, [Argument])? in
                if case .call(let call) = state.terminator { return (call.callee, call.arguments) }
                return nil
            }
            #expect(calls.count == 1 && calls[0].0 == callee, "\(caller) does not call photo_library_access")
            let kinds = calls.first?.1.compactMap { argument -> PermissionKind? in
                if case .permission(.kind(let kind)) = argument { return kind }
                return nil
            }
            #expect(kinds == [caller == "pick_photo" ? .photos : .photosAddOnly])
        }
    }

    @Test("the example in README.md checks clean")
    func readmeExampleChecksClean() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let example = try #require(blocks.first { $0.contains("flow ") }, "README.md has no flow example")
        let result = Loader(reader: FileSystemReader()).load(text: example, path: "README.md.flow")
        #expect(
            result.diagnostics.filter { $0.severity == .error }.isEmpty,
            "\(describe(result.diagnostics, files: result.files))")
        #expect(result.program?.flows.count == 1)
    }
}

/// Grammar.md promises that every construct of the language is used by at least one example flow;
/// this walks the syntax trees of the whole corpus and names any construct nobody uses.
@Suite("flows/ corpus covers the grammar")
struct FlowsCoverageTests {
    private static func features(of syntax: FileSyntax, features: inout Set<String>) {
        func text(_ t: TextSyntax?) {
            guard let t else { return }
            switch t {
            case .key: features.insert("@key")
            case .literal(let l):
                for case .placeholder(let placeholder) in l.segments {
                    let name = placeholder.name
                    features.insert(["app", "permission"].contains(name) ? "{\(name)}" : "{value}")
                }
            }
        }
        func track(_ t: TrackSyntax) {
            if !t.properties.isEmpty { features.insert("track properties") }
            for p in t.properties {
                switch p.value {
                case .string?: features.insert("string property")
                case .number?: features.insert("number property")
                case .bool?: features.insert("bool property")
                case nil: break
                }
            }
        }
        func arms(_ arms: [ArmSyntax]) {
            for arm in arms {
                if arm.isElse { features.insert("else arm") }
                if arm.patterns.count > 1 { features.insert("several patterns per arm") }
                for case .tuple(let tuple) in arm.patterns {
                    features.insert("tuple pattern")
                    for case .wildcard in tuple.elements { features.insert("wildcard") }
                }
                if case .done? = arm.transition.target { features.insert("done") }
            }
        }
        for declaration in syntax.declarations {
            switch declaration {
            case .import: features.insert("import")
            case .app(let app):
                features.insert("app")
                text(app.name)
            case .let(let value):
                features.insert("top-level let")
                text(value.value)
            case .strings(let strings):
                features.insert("strings")
                if strings.fallback != nil { features.insert("fallback") }
                if strings.locale.tag.contains("-") { features.insert("locale with region or script") }
                for entry in strings.entries {
                    for case .placeholder(let placeholder) in entry.value?.segments ?? [] {
                        let name = placeholder.name
                        features.insert(["app", "permission"].contains(name) ? "{\(name)}" : "{value}")
                    }
                    if entry.key.parts.first == "permission" { features.insert("permission.<kind> override") }
                }
            case .flow(let flow):
                for p in flow.parameters { features.insert("\(p.kind?.rawValue ?? "?") parameter") }
                for item in flow.items {
                    switch item {
                    case .title(let title):
                        features.insert("title")
                        text(title.text)
                    case .uses(let uses): features.insert(uses.kinds.count > 1 ? "uses several" : "uses")
                    case .outcomes(let outcomes):
                        features.insert(
                            outcomes.names.contains { !Flow.builtinOutcomes.contains($0.name) }
                                ? "custom outcomes" : "outcomes")
                    case .start: features.insert("start")
                    case .experiment: features.insert("experiment")
                    case .let(let value):
                        features.insert("flow-level let")
                        text(value.value)
                    case .state(let state):
                        if !state.effects.isEmpty { features.insert("state track") }
                        state.effects.forEach(track)
                        switch state.terminator {
                        case .variant(let branch)?:
                            features.insert("variant")
                            arms(branch.arms)
                        case .goto?: features.insert("goto")
                        case .capability(let check)?:
                            features.insert("capability \(check.name.name)")
                            arms(check.arms)
                        case .status(let check)?:
                            features.insert(check.isTuple ? "tuple status" : "status")
                            let onParameter = check.subjects.contains { s in
                                flow.parameters.contains { $0.name.name == s.name }
                            }
                            if onParameter {
                                features.insert("status on a permission parameter")
                            }
                            arms(check.arms)
                        case .request(let request)?:
                            features.insert(request.then == nil ? "request arms" : "request goto")
                            for o in request.options {
                                features.insert(o.value == nil ? "request option" : "request purpose")
                            }
                            arms(request.arms)
                        case .alert(let alert)?:
                            features.insert("alert")
                            text(alert.title)
                            text(alert.message)
                            for button in alert.buttons {
                                features.insert("\(button.role.rawValue) button")
                                text(button.label)
                                if let t = button.track {
                                    features.insert("button track")
                                    track(t)
                                }
                            }
                        case .openSettings(let open)?: features.insert("open \(open.page.name)")
                        case .call(let call)?:
                            features.insert(call.arguments.isEmpty ? "call without arguments" : "call with arguments")
                            for argument in call.arguments {
                                switch argument.value {
                                case .name?: features.insert("permission argument")
                                case .text?: features.insert("text argument")
                                case nil: break
                                }
                            }
                            arms(call.arms)
                        case nil: break
                        }
                    }
                }
            }
        }
    }

    @Test("every construct is used by at least one example flow")
    func everyConstructIsUsed() {
        var found = Set<String>()
        var comments = Set<String>()
        for path in corpusFiles {
            let result = Loader(reader: FileSystemReader(), keepsSyntax: true).load(path)
            for syntax in result.syntax { Self.features(of: syntax, features: &found) }
            for fileComments in result.comments {
                for comment in fileComments { comments.insert(comment.isBlock ? "block comment" : "line comment") }
            }
        }
        let expected: Set<String> = [
            "import", "app", "top-level let", "flow-level let", "strings", "fallback", "locale with region or script",
            "permission parameter", "text parameter", "title", "uses", "uses several", "outcomes", "custom outcomes",
            "start", "state track", "button track", "track properties", "string property", "number property",
            "bool property", "goto", "done", "capability camera", "capability microphone",
            "capability locationServices",
            "status", "tuple status", "status on a permission parameter", "tuple pattern", "wildcard", "else arm",
            "several patterns per arm", "request arms", "request goto", "request option", "request purpose", "alert",
            "default button", "cancel button", "destructive button", "open settings", "open notificationSettings",
            "call with arguments", "call without arguments", "permission argument", "text argument", "@key",
            "{app}", "{permission}", "{value}", "permission.<kind> override", "experiment", "variant",
        ]
        #expect(expected.subtracting(found).sorted() == [], "constructs no example flow uses")
        #expect(comments == ["line comment", "block comment"])
    }
}

/// Grammar.md's permission catalog table is generated from the catalog; this keeps the two equal.
@Suite("Grammar.md permission catalog")
struct GrammarCatalogTests {
    /// Rows of the first catalog table (`table` 0) or the second (1), by kind, with the marks of
    /// unverified facts (`†`) unless `marks` is false.
    private static func catalogRows(table: Int = 0, marks: Bool = false) throws -> [String: [String]] {
        let grammar = try String(contentsOf: repositoryRoot.appendingPathComponent("Grammar.md"), encoding: .utf8)
        let section = try #require(grammar.components(separatedBy: "## Permission catalog").last)
        var tables: [[String: [String]]] = []
        for line in section.split(separator: "\n") where line.hasPrefix("| ") {
            if line.hasPrefix("| kind |") {
                tables.append([:])
                continue
            }
            guard line.hasPrefix("| `"), !tables.isEmpty else { continue }
            let cells = line.split(separator: "|").map { cell in
                let trimmed = cell.trimmingCharacters(in: .whitespaces)
                return marks
                    ? trimmed
                    : trimmed.replacingOccurrences(of: "†", with: "").replacingOccurrences(of: "  ", with: " ")
                        .trimmingCharacters(in: .whitespaces)
            }
            tables[tables.count - 1][cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells
        }
        return tables.indices.contains(table) ? tables[table] : [:]
    }

    /// Issue 29: every catalog fact not verified in Apple's documentation carries the mark, and
    /// the section says what the mark means. Apple documents neither the prompts' button labels
    /// nor which privacy switches terminate the app (only location, which does not).
    @Test("facts not verified in Apple's documentation carry the mark")
    func unverifiedFactsAreMarked() throws {
        let grammar = try String(contentsOf: repositoryRoot.appendingPathComponent("Grammar.md"), encoding: .utf8)
        #expect(grammar.contains("A **†** marks a fact not verified in Apple's documentation"))
        let first = try Self.catalogRows(marks: true)
        for kind in PermissionKind.allCases {
            let terminates = first[kind.rawValue]?[4]
            if kind.settingsChangeTerminatesApp {
                #expect(terminates == "yes †", "\(kind)")
            } else {
                #expect(terminates == (kind == .notifications ? "no †" : "no"), "\(kind)")
            }
        }
        for kind in [PermissionKind.faceID, .localNetwork, .homeKit] {
            #expect(first[kind.rawValue]?[1].hasSuffix(" †") == true, "\(kind)")
        }
        let second = try Self.catalogRows(table: 1, marks: true)
        #expect(second.count == PermissionKind.allCases.count)
        for (kind, cells) in second {
            let answers = cells[4]
            let labels = answers.split(separator: "\"", omittingEmptySubsequences: false)
            // Every closing quote of a label is followed by the mark.
            for i in stride(from: 2, to: labels.count, by: 2) {
                #expect(labels[i].hasPrefix("†"), "\(kind): \(answers)")
            }
            #expect(labels.count > 2, "\(kind)")
        }
    }

    @Test("every kind is listed with exactly its statuses and their classes")
    func statusesMatchTheCode() throws {
        let rows = try Self.catalogRows()
        #expect(Set(rows.keys) == Set(PermissionKind.allCases.map(\.rawValue)))
        for kind in PermissionKind.allCases {
            let expected = kind.statuses.map { status in
                status.rawValue == status.statusClass.rawValue
                    ? "`\(status.rawValue)`" : "`\(status.rawValue)` (\(status.statusClass.rawValue))"
            }.joined(separator: ", ")
            #expect(rows[kind.rawValue]?[1] == expected, "\(kind)")
        }
    }

    @Test("every kind is listed with exactly its request options")
    func optionsMatchTheCode() throws {
        let rows = try Self.catalogRows()
        for kind in PermissionKind.allCases {
            let cell = rows[kind.rawValue]?[2] ?? ""
            let listed =
                cell.split(separator: ";").first.map { part in
                    part.split(separator: ",").compactMap { option -> String? in
                        let name = option.trimmingCharacters(in: .whitespaces)
                        return name.hasPrefix("`") ? String(name.dropFirst().prefix { $0 != "`" && $0 != ":" }) : nil
                    }
                } ?? []
            var expected = kind.requestOptions.map(\.name)
            if kind.requiresPurposeKey { expected.append("purpose") }
            #expect(listed == expected, "\(kind)")
        }
    }
}
