import FlowLint
import FlowModel
import FlowProject
import FlowSyntax
import Foundation

/// What the server knows about one open document after checking it: the load (with syntax
/// trees, so the tools can walk them), the lint report, and the symbol index over every file
/// it loaded.
public struct Analysis: Sendable {
    public var uri: String
    public var version: Int
    public var load: LoadResult
    public var report: LintReport
    public var root: ProjectRoot
    /// Built at the first request that needs it, not on every keystroke (about a tenth of the
    /// time of a check and lint; `flowbench --only lsp` measures the keystroke).
    private let lazyIndex = LazyIndex()

    public var index: SymbolIndex { lazyIndex.value { SymbolIndex(files: load.files, syntax: load.syntax) } }

    public init(uri: String, version: Int, load: LoadResult, report: LintReport, root: ProjectRoot) {
        self.uri = uri
        self.version = version
        self.load = load
        self.report = report
        self.root = root
    }

    /// The absolute paths of the loaded files, by `FileID.index`.
    public var paths: [String] { load.files.map(\.path) }

    public func file(_ path: String) -> SourceFile? { load.files.first { $0.path == path } }
}

/// A value computed once, on first use, shared by the copies of the analysis that holds it.
final class LazyIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var built: SymbolIndex?

    func value(_ make: () -> SymbolIndex) -> SymbolIndex {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let index = make()
        built = index
        return index
    }
}

/// Serves the client's unsaved buffers in place of the files on disk (for the entry file and
/// for every import), and everything else from the file system through the bounded reader.
/// The loader's root rule still applies to every path it asks for.
struct OverlayReader: SourceReader {
    /// Buffers by absolute path, also under their real path.
    var buffers: [String: [UInt8]]

    func read(_ path: String) -> Result<[UInt8], SourceReadError> {
        if let bytes = buffers[ProjectPaths.normalize(path)] { return .success(bytes) }
        return FileSystemReader().read(path)
    }

    func read(_ path: String, maxBytes: Int) -> Result<[UInt8], SourceReadError> {
        if let bytes = buffers[ProjectPaths.normalize(path)] {
            return bytes.count > maxBytes ? .failure(.tooLarge(size: bytes.count, limit: maxBytes)) : .success(bytes)
        }
        return FileSystemReader().read(path, maxBytes: maxBytes)
    }

    func realPath(_ path: String) -> String? {
        if let real = FileSystemReader().realPath(path) { return real }
        // A buffer not yet saved has no real path: its lexical one stands in.
        let normalized = ProjectPaths.normalize(path)
        return buffers[normalized] != nil ? normalized : nil
    }
}

/// Why a configuration file was not used.
struct ConfigurationProblem: Error, Hashable {
    var message: String
}

/// The open documents and their analyses.
struct Workspace {
    var documents: [String: OpenDocument] = [:]
    var analyses: [String: Analysis] = [:]
    /// The client's workspace folder, when it named one: where the project root search starts.
    var folder: String?
    /// The projects read (configuration and apps) by root; dropped when a configuration file is
    /// saved or changes.
    var configurations: [String: Result<Project, ConfigurationProblem>] = [:]
    var limits = ParseLimits.default

    /// The open buffers keyed by path and real path.
    func buffers() -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for document in documents.values {
            guard let path = document.path else { continue }
            out[ProjectPaths.normalize(path)] = document.bytes
            if let real = FileSystemReader().realPath(path) { out[real] = document.bytes }
        }
        return out
    }

    /// The project under `root`, read as flowlint reads it (`Project.open`: the configuration and
    /// the apps its keys name); a configuration or app file that cannot be read gives its error,
    /// which the server reports once, and the default rules without apps.
    mutating func project(for root: ProjectRoot) -> Result<Project, ConfigurationProblem> {
        if let cached = configurations[root.path] { return cached }
        let result: Result<Project, ConfigurationProblem>
        do throws(ProjectError) {
            result = .success(try Project.open(root: root, maxBytes: limits.maxFileBytes))
        } catch {
            result = .failure(ConfigurationProblem(message: error.message))
        }
        configurations[root.path] = result
        return result
    }

    /// Loads and lints one open document with the other open buffers in place of their files.
    mutating func analyze(_ document: OpenDocument) -> Analysis? {
        guard let path = document.path else { return nil }
        let root = ProjectRoot.discover(inputs: [path], currentDirectory: folder ?? ProjectPaths.directory(of: path))
        let loader = Loader(
            reader: OverlayReader(buffers: buffers()), limits: limits, keepsSyntax: true, root: root.path)
        let load = loader.load(text: String(decoding: document.bytes, as: UTF8.self), path: path)
        let project = try? self.project(for: root).get()
        // A file the configuration excludes is not linted by flowlint, so it shows nothing here
        // either.
        let excluded = project?.excludes(path) ?? false
        let linter = project?.linter ?? Linter(configuration: LintConfiguration())
        var report = excluded ? LintReport(findings: [], files: load.files) : linter.lint(load)
        // A usage key no flow requests (FL1507) is about every flow of the project, which one open
        // file cannot tell: flowlint and flowgen decide it over the whole run.
        report.findings.removeAll { $0.ruleID == Rule.unrequestedUsageDescription.id }
        let analysis = Analysis(uri: document.uri, version: document.version, load: load, report: report, root: root)
        analyses[document.uri] = analysis
        return analysis
    }

    /// The open documents (other than `uri`) whose last analysis loaded `path`: they import it.
    func dependents(of path: String, except uri: String) -> [String] {
        analyses.values.filter { $0.uri != uri && $0.paths.dropFirst().contains(path) }.map(\.uri).sorted()
    }
}
