import FlowLint
import FlowModel
import FlowSyntax
import Foundation

/// The configuration's `exclude` patterns, applied the one way every tool applies them: to a path
/// as the user typed it (or as found in a directory), made relative to the configuration file's
/// directory, as SwiftLint's are (to the root when there is no configuration file).
public struct ExcludeRule: Sendable {
    public var root: ProjectRoot
    public var configuration: LintConfiguration
    /// The directory patterns are relative to.
    public var base: String

    public init(root: ProjectRoot, configuration: LintConfiguration, configurationPath: String?) {
        self.root = root
        self.configuration = configuration
        self.base = configurationPath.flatMap(ProjectRoot.parent(of:)) ?? root.path
    }

    public func excludes(_ path: String) -> Bool {
        guard !configuration.excluded.isEmpty else { return false }
        let absolute = root.absolute(path)
        return configuration.excludes(ProjectRoot.relative(absolute, to: base) ?? absolute)
    }
}

/// The `.flow` files a command was given, found the way every tool finds them: the project root
/// from the inputs (`ProjectRoot`), the nearest `.flowlint`/`flowlint.json` (or `--config`) for
/// its `exclude` patterns, directories searched recursively in a stable order, a file named twice
/// taken once.
public struct ProjectFiles {
    public var root: ProjectRoot
    public var configuration: LintConfiguration
    public var configurationPath: String?
    /// Paths as the user typed them (normalized), in order; `-` stands for stdin.
    public var files: [String]

    public struct Failure: Error { public var message: String }

    /// What to do with a file that resolves, through a link, to a place outside the root.
    public enum Links: Sendable {
        /// Fail before anything is read (`flowfmt`, `flowstrings`: they would write there).
        case refuse
        /// Keep it: the linter reports it at the file (FL0100), so the rest of the run goes on.
        case keep
    }

    /// Reads the configuration for `paths` and collects their files (`collect`).
    public static func find(
        _ paths: [String], currentDirectory: String, rootOverride: String?, configOverride: String?,
        limits: ParseLimits
    ) throws(Failure) -> ProjectFiles {
        let root = ProjectRoot.discover(inputs: paths, currentDirectory: currentDirectory, override: rootOverride)
        let configuration: LintConfiguration
        let configPath: String?
        do throws(ProjectError) {
            (configuration, configPath) = try ProjectConfiguration.read(
                for: root, override: configOverride,
                maxBytes: limits.maxFileBytes)
        } catch {
            throw Failure(message: error.message)
        }
        let rule = ExcludeRule(root: root, configuration: configuration, configurationPath: configPath)
        let files = try collect(paths, excluding: rule)
        return ProjectFiles(root: root, configuration: configuration, configurationPath: configPath, files: files)
    }

    /// The `.flow` files under `paths` (as the user typed them), normalized, in order: a directory's
    /// files sorted, each file once, excluded ones left out. `-` (stdin) stays `-`, or, with
    /// `standardInputName`, becomes that name and is excluded and deduplicated like a file.
    public static func collect(
        _ paths: [String], excluding rule: ExcludeRule, standardInputName: String? = nil, links: Links = .refuse
    ) throws(Failure) -> [String] {
        var files: [String] = []
        var seen = Set<String>()
        var escapes: [String] = []
        let escape = rule.root.escapeCheck()
        func add(_ path: String) {
            guard !rule.excludes(path), seen.insert(rule.root.absolute(path)).inserted else { return }
            // Nothing is read through a link that leads out of the root.
            if links == .refuse, let found = escape(ProjectRoot.normalize(path)) {
                escapes.append(found)
                return
            }
            files.append(ProjectRoot.normalize(path))
        }
        for path in paths {
            if path == "-" {
                if let standardInputName { add(standardInputName) } else { files.append("-") }
                continue
            }
            let absolute = rule.root.absolute(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                throw Failure(message: "no such file or directory '\(OutputEscaping.visible(path))'")
            }
            if isDirectory.boolValue {
                guard let entries = try? FileManager.default.subpathsOfDirectory(atPath: absolute) else {
                    throw Failure(message: "cannot read directory '\(OutputEscaping.visible(path))'")
                }
                let base = path.hasSuffix("/") ? path : path + "/"
                for entry in entries.filter({ $0.hasSuffix(".flow") }).sorted() { add(base + entry) }
            } else {
                add(path)
            }
        }
        if let first = escapes.first {
            throw Failure(
                message: first
                    + (escapes.count > 1 ? " (and \(escapes.count - 1) more); nothing was read" : "; nothing was read"))
        }
        return files
    }
}
