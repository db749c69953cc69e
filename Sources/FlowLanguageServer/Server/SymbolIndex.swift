import FlowSyntax

/// What a name in a flow file refers to: the unit of go-to-definition, references and rename.
/// States are scoped to their flow (and a flow to its file); flows and string keys are global
/// to a program; an import names a file.
public enum Symbol: Hashable, Sendable {
    case state(flowFile: String, flow: String, name: String)
    case flow(String)
    case key(String)
    case file(String)

    /// The name a rename replaces.
    public var name: String {
        switch self {
        case .state(_, _, let name), .flow(let name), .key(let name): name
        case .file(let path): path
        }
    }
}

/// One place a symbol is written: the bytes of its name (without `@` for a key, inside the
/// quotes for an import path) in one file.
public struct Occurrence: Hashable, Sendable {
    public var symbol: Symbol
    /// The absolute path of the file it is written in.
    public var path: String
    public var start: Int
    public var end: Int
    public var isDefinition: Bool
}

/// Every symbol occurrence in the loaded files of one analysis, found by walking the syntax
/// trees once (linear in the files' size).
public struct SymbolIndex: Sendable {
    public private(set) var occurrences: [Occurrence] = []

    public init(files: [SourceFile], syntax: [FileSyntax]) {
        for (i, tree) in syntax.enumerated() where i < files.count {
            var walker = Walker(path: files[i].path, tree: tree)
            walker.walk()
            occurrences += walker.found
        }
    }

    /// The occurrence whose name contains byte `offset` of `path` (its end included, so a cursor
    /// just after a name finds it).
    public func occurrence(at offset: Int, in path: String) -> Occurrence? {
        occurrences.first { $0.path == path && $0.start <= offset && offset <= $0.end && $0.start < $0.end }
    }

    public func occurrences(of symbol: Symbol) -> [Occurrence] {
        occurrences.filter { $0.symbol == symbol }
    }

    /// Walks one file's declarations.
    struct Walker {
        let path: String
        let tree: FileSyntax
        var found: [Occurrence] = []
        var flow = ""

        init(path: String, tree: FileSyntax) {
            self.path = path
            self.tree = tree
        }

        mutating func add(_ symbol: Symbol, _ range: SourceRange, definition: Bool = false) {
            guard range.start.offset < range.end.offset else { return }  // missing in the source
            found.append(
                Occurrence(
                    symbol: symbol, path: path, start: range.start.offset, end: range.end.offset,
                    isDefinition: definition))
        }

        mutating func walk() {
            for declaration in tree.declarations {
                switch declaration {
                case .import(let decl):
                    let directory = ProjectPaths.directory(of: path)
                    let target = ProjectPaths.normalize(
                        decl.path.text.hasPrefix("/") ? decl.path.text : directory + "/" + decl.path.text)
                    // Inside the quotes: the literal's range holds them.
                    var inner = decl.path.range
                    if inner.end.offset - inner.start.offset >= 2 {
                        inner.start.offset += 1
                        inner.end.offset -= 1
                    }
                    add(.file(target), inner)
                case .app(let decl): text(decl.name)
                case .let(let decl): decl.value.map { text($0) }
                case .strings(let decl):
                    for entry in decl.entries { add(.key(entry.key.name), entry.key.range, definition: true) }
                case .flow(let decl):
                    flow = decl.name.name
                    add(.flow(decl.name.name), decl.name.range, definition: true)
                    for item in decl.items { walk(item) }
                }
            }
        }

        mutating func walk(_ item: FlowItem) {
            switch item {
            case .title(let t): text(t.text)
            case .uses, .outcomes, .experiment: break
            case .start(let s): s.target.map { state($0) }
            case .let(let decl): decl.value.map { text($0) }
            case .state(let decl):
                add(.state(flowFile: path, flow: flow, name: decl.name.name), decl.name.range, definition: true)
                for limit in decl.limits { transition(limit.otherwise) }
                if let terminator = decl.terminator { walk(terminator) }
            }
        }

        mutating func state(_ name: Identifier) {
            add(.state(flowFile: path, flow: flow, name: name.name), name.range)
        }

        mutating func transition(_ t: TransitionSyntax?) {
            if case .state(let name)? = t?.target { state(name) }
        }

        mutating func text(_ t: TextSyntax?) {
            guard case .key(let key)? = t else { return }
            // The key's name starts at the first token after `@`.
            let tokens = tree.tokens(in: key.range)
            var range = key.range
            if let first = tokens.dropFirst().first { range.start = first.range.start }
            add(.key(key.name), range)
        }

        mutating func walk(_ terminator: TerminatorSyntax) {
            for arm in terminator.arms { transition(arm.transition) }
            switch terminator {
            case .goto(let t): transition(t)
            case .request(let r): transition(r.then)
            case .openSettings(let o): transition(o.onReturn)
            case .alert(let a):
                text(a.title)
                text(a.message)
                for bullet in a.screen?.bullets ?? [] { text(bullet.text) }
                for button in a.buttons {
                    text(button.label)
                    transition(button.transition)
                }
            case .call(let c):
                add(.flow(c.flow.name), c.flow.range)
                for argument in c.arguments {
                    if case .text(let t)? = argument.value { text(t) }
                }
            case .capability, .status, .variant: break
            }
        }
    }
}

/// Lexical path arithmetic on absolute paths (the loader's own is internal to FlowModel).
enum ProjectPaths {
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
