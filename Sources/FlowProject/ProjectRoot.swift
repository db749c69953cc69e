import FlowModel
import FlowSyntax
import Foundation

/// The directory a run reports against, found once per run: excludes, SARIF artifact URIs,
/// GitHub annotation paths and baseline entries are written relative to it, so a CI step with a
/// working directory (`cd ios && flowlint flows`) names the same files as a run from the top.
///
/// Found as a mature linter finds it (SwiftLint's nearest `.swiftlint.yml`, Terraform's module
/// directory): `--root DIR` if given; else the directory of the nearest `.flowlint` or
/// `flowlint.json` above the first input (the search stops at the repository's top level); else
/// the git top level (the nearest directory holding `.git`); else the working directory.
public struct ProjectRoot: Hashable, Sendable {
    /// How the root was found, for messages.
    public enum Source: String, Sendable {
        case option = "--root"
        case configuration = "configuration file"
        case repository = "git top level"
        case currentDirectory = "working directory"
    }

    /// Absolute, lexically normalized, without a trailing `/` (except for `/` itself).
    public var path: String
    public var source: Source
    /// The configuration file found on the way up (absolute), if any.
    public var configuration: String?
    /// The git top level containing the root, if any: GitHub resolves annotation paths against it.
    public var repository: String?
    /// The working directory the user's relative paths are relative to (absolute).
    public var currentDirectory: String

    public static let configurationNames = [".flowlint", "flowlint.json"]

    /// Finds the root for `inputs` (paths as the user typed them, relative to `currentDirectory`).
    /// `override` is `--root`; `fileExists` is the file system (a parameter so tests can fake it).
    public static func discover(
        inputs: [String], currentDirectory: String, override: String? = nil,
        fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> ProjectRoot {
        let cwd = normalize(currentDirectory)
        func absolute(_ p: String) -> String { p.hasPrefix("/") ? normalize(p) : normalize(cwd + "/" + p) }
        func repository(from dir: String) -> String? {
            var d = dir
            while true {
                if fileExists(d + (d == "/" ? "" : "/") + ".git") { return d }
                guard let parent = parent(of: d) else { return nil }
                d = parent
            }
        }
        // Search upward from the directory of the first input (a directory input is its own start).
        let start: String = {
            guard let first = inputs.first(where: { $0 != "-" }) else { return cwd }
            let abs = absolute(first)
            return abs.hasSuffix(".flow") ? (parent(of: abs) ?? abs) : abs
        }()
        let repo = repository(from: start) ?? repository(from: cwd)
        if let override {
            let root = absolute(override)
            return ProjectRoot(
                path: root, source: .option, configuration: findConfiguration(from: root, stop: root, fileExists),
                repository: repository(from: root), currentDirectory: cwd)
        }
        if let config = findConfiguration(from: start, stop: repo, fileExists) {
            let root = parent(of: config) ?? "/"
            return ProjectRoot(
                path: root, source: .configuration, configuration: config, repository: repository(from: root),
                currentDirectory: cwd)
        }
        if let repo {
            return ProjectRoot(
                path: repo, source: .repository, configuration: nil, repository: repo, currentDirectory: cwd)
        }
        return ProjectRoot(
            path: cwd, source: .currentDirectory, configuration: nil, repository: nil, currentDirectory: cwd)
    }

    /// The nearest configuration file at or above `dir`, not above `stop` (nil: up to `/`).
    static func findConfiguration(from dir: String, stop: String?, _ fileExists: (String) -> Bool) -> String? {
        var d = dir
        while true {
            for name in configurationNames {
                let candidate = d + (d == "/" ? "" : "/") + name
                if fileExists(candidate) { return candidate }
            }
            if d == stop { return nil }
            guard let parent = parent(of: d) else { return nil }
            d = parent
        }
    }

    /// `path` (as the user typed it, or as the loader named an import) made absolute and normalized.
    public func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? Self.normalize(path) : Self.normalize(currentDirectory + "/" + path)
    }

    /// Why the tools must not read or write `path` (as the user typed it, or as found in a
    /// directory) for this project: it resolves, symbolic links included, to a place outside the
    /// root. Nil when it lies inside; a file that does not exist yet is judged by its directory.
    /// The root check on the text alone let `flows/linkdir/x.flow` reach a directory elsewhere.
    /// A path whose text already lies outside the root is the user's explicit choice (a file
    /// named on the command line) and is left to the checks of the command that reads it.
    public func escape(_ path: String) -> String? {
        escapeCheck()(path)
    }

    /// `escape` for many paths: the root's real path is resolved once, when this is called.
    public func escapeCheck() -> @Sendable (String) -> String? {
        let root = self
        let realRoot = FileSystemReader().realPath(path)
        return { path in root.escape(path, realRoot: realRoot) }
    }

    private func escape(_ path: String, realRoot: String?) -> String? {
        let reader = FileSystemReader()
        let absolute = self.absolute(path)
        guard Self.relative(absolute, to: self.path) != nil, let realRoot else { return nil }
        var real = reader.realPath(absolute)
        if real == nil, let parent = Self.parent(of: absolute), let realParent = reader.realPath(parent) {
            real = realParent + "/" + (absolute.split(separator: "/").last.map(String.init) ?? "")
        }
        guard let real, real != realRoot, !SourceRoot(realPath: realRoot).contains(real) else { return nil }
        return
            "'\(OutputEscaping.visible(path))' resolves to '\(OutputEscaping.visible(real))', which is outside the project root '\(OutputEscaping.visible(self.path))'"
    }

    /// `path` relative to the root when it lies inside, else absolute: what CI formats and
    /// baselines write.
    public func relative(_ path: String) -> String {
        Self.relative(absolute(path), to: self.path) ?? absolute(path)
    }

    /// `path` relative to the repository's top level when there is one (what GitHub Actions
    /// resolves annotation paths against), else relative to the root.
    public func repositoryRelative(_ path: String) -> String {
        if let repository, let r = Self.relative(absolute(path), to: repository) { return r }
        return relative(path)
    }

    /// `absolute` below `base` as a relative path, or nil when it is not inside.
    public static func relative(_ absolute: String, to base: String) -> String? {
        if absolute == base { return "." }
        let prefix = base == "/" ? "/" : base + "/"
        guard absolute.hasPrefix(prefix) else { return nil }
        return String(absolute.dropFirst(prefix.count))
    }

    /// Removes `.`, empty components and applies `..` on the text (no symlinks are followed).
    public static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        let isAbsolute = path.hasPrefix("/")
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", isAbsolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    public static func parent(of path: String) -> String? {
        guard path != "/", let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
