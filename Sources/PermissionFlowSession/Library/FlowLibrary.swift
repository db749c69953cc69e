import FlowModel
import FlowSyntax
import Foundation

/// Every `.flow` file an app ships, loaded and checked once (at launch, or in a test that keeps
/// a broken flow from shipping): each file is an entry with its imports, and a flow is looked up
/// by name across all of them.
public struct FlowLibrary: Sendable {
    /// One loaded file: its path relative to the library's directory, and its checked program.
    public struct Entry: Sendable {
        public var path: String
        public var program: Program
    }

    /// The files, sorted by path.
    public let entries: [Entry]
    /// Warnings the checker reported (errors make loading fail), rendered like `flowlint`'s.
    public let warnings: [String]
    /// Flow name -> index into `entries` of the file that declares it.
    private let owners: [String: Int]

    /// Loads every `.flow` file under `directory` (recursively; symbolic links that leave it are
    /// not followed). Throws `FlowLibraryError` naming each file, line and column that does not
    /// check, or when a flow name is declared in two files.
    public init(directory: URL, limits: ParseLimits = .default) throws(FlowLibraryError) {
        let root = directory.standardizedFileURL.resolvingSymlinksInPath().path
        var paths: [String] = []
        try Self.collect(root: root, relative: "", into: &paths)
        guard !paths.isEmpty else {
            throw FlowLibraryError(message: "no .flow files in '\(root)'", diagnostics: [])
        }
        try self.init(root: root, paths: paths.sorted(), reader: FileSystemReader(), limits: limits)
    }

    /// Loads every `.flow` file in `bundle`'s resources, or in its `subdirectory` (a folder
    /// reference added to the app target).
    public init(bundle: Bundle, subdirectory: String? = nil, limits: ParseLimits = .default) throws(FlowLibraryError) {
        guard let resources = bundle.resourceURL else {
            throw FlowLibraryError(message: "bundle '\(bundle.bundlePath)' has no resource directory", diagnostics: [])
        }
        try self.init(
            directory: subdirectory.map { resources.appendingPathComponent($0, isDirectory: true) } ?? resources,
            limits: limits)
    }

    /// Loads `paths` (relative to `root`) through `reader`: the file system, or a `MemoryReader`
    /// in tests.
    public init(root: String, paths: [String], reader: any SourceReader, limits: ParseLimits = .default)
        throws(FlowLibraryError)
    {
        let loader = Loader(reader: reader, limits: limits)
        var entries: [Entry] = []
        var failures: [String] = []
        var failed: [Diagnostic] = []
        var warnings: [String] = []
        var owners: [String: Int] = [:]
        // A broken file imported by others is reported once, not once per importer.
        var reported = Set<String>()
        for relative in paths {
            let full = root.isEmpty ? relative : root + "/" + relative
            let result = loader.load(full)
            // Rendered with the path relative to the library, the way the app's developer sees it.
            let files = result.files.map {
                SourceFile(id: $0.id, path: Self.relative($0.path, to: root), bytes: $0.bytes)
            }
            let renderer = DiagnosticRenderer(files: files)
            guard let program = result.program else {
                let errors = result.diagnostics.filter { $0.severity == .error }
                for (error, text) in zip(errors, renderer.renderEach(errors, fallbackPath: relative))
                where reported.insert(text).inserted {
                    failed.append(error)
                    failures.append(text)
                }
                continue
            }
            let found = result.diagnostics.filter { $0.severity != .error }
            if !found.isEmpty { warnings.append(renderer.render(found, fallbackPath: relative)) }
            for flow in program.flows where flow.range.file.index == 0 {
                if let other = owners[flow.name] {
                    failures.append(
                        "\(relative): error: flow '\(flow.name)' is also declared in \(entries[other].path); flow names must be unique in a library\n"
                    )
                } else {
                    owners[flow.name] = entries.count
                }
            }
            entries.append(Entry(path: relative, program: program))
        }
        guard failures.isEmpty else {
            throw FlowLibraryError(message: failures.joined(), diagnostics: failed)
        }
        self.entries = entries
        self.warnings = warnings
        self.owners = owners
    }

    /// The names of every flow the library's files declare, sorted.
    public var flowNames: [String] { owners.keys.sorted() }

    /// The checked program of the file declaring `flow` (with its imports), ready for a
    /// `FlowSession` or `Interpreter`; nil when no file declares it.
    public func program(containing flow: String) -> Program? {
        owners[flow].map { entries[$0].program }
    }

    /// Like `program(containing:)`, but throws a message with a suggestion for an unknown name.
    public func program(for flow: String) throws(FlowLibraryError) -> Program {
        if let program = program(containing: flow) { return program }
        var message = "no flow named '\(flow)' in the library"
        if let near = Suggestion.closest(to: flow, in: flowNames) { message += "; did you mean '\(near)'?" }
        throw FlowLibraryError(message: message, diagnostics: [])
    }

    private static func relative(_ path: String, to root: String) -> String {
        guard !root.isEmpty, path.hasPrefix(root + "/") else { return path }
        return String(path.dropFirst(root.count + 1))
    }

    /// Depth-first, sorted listing of `.flow` regular files; links are followed only when they
    /// stay inside `root` (and then only to files, so no cycle).
    private static func collect(root: String, relative: String, into paths: inout [String]) throws(FlowLibraryError) {
        let fm = FileManager.default
        let directory = relative.isEmpty ? root : root + "/" + relative
        let names: [String]
        do {
            names = try fm.contentsOfDirectory(atPath: directory)
        } catch {
            throw FlowLibraryError(
                message: "cannot list '\(directory)': it is missing or not a directory", diagnostics: [])
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory + "/" + name
            let child = relative.isEmpty ? name : relative + "/" + name
            guard let type = (try? fm.attributesOfItem(atPath: path))?[.type] as? FileAttributeType else { continue }
            switch type {
            case .typeDirectory:
                try collect(root: root, relative: child, into: &paths)
            case .typeRegular where name.hasSuffix(".flow"):
                paths.append(child)
            case .typeSymbolicLink where name.hasSuffix(".flow"):
                let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                if target.hasPrefix(root + "/") { paths.append(child) }
            default:
                continue
            }
        }
    }
}

/// A library that cannot be used: shipped flows that do not check (each error rendered with its
/// file, line and column and the source line, as `flowlint` prints it), a duplicate flow name, a
/// missing directory, or an unknown flow.
public struct FlowLibraryError: Error, Sendable, CustomStringConvertible {
    /// Every problem, rendered.
    public var message: String
    /// The check errors behind `message` (empty for the other problems).
    public var diagnostics: [Diagnostic]
    public var description: String { message }
}
