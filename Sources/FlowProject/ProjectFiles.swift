import FlowLint
import FlowModel
import FlowSyntax
import Foundation

/// The `.flow` files a command was given, found the way `flowlint` finds them: the project root
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
        let excludeBase = configPath.flatMap(ProjectRoot.parent(of:)) ?? root.path
        func excluded(_ path: String) -> Bool {
            guard !configuration.excluded.isEmpty else { return false }
            let abs = root.absolute(path)
            return configuration.excludes(ProjectRoot.relative(abs, to: excludeBase) ?? abs)
        }
        var files: [String] = []
        var seen = Set<String>()
        var escapes: [String] = []
        func add(_ path: String) {
            guard !excluded(path), seen.insert(root.absolute(path)).inserted else { return }
            // Nothing is read through a link that leads out of the root (flowlint refuses the
            // same file with FL0100).
            if let escape = root.escape(ProjectRoot.normalize(path)) {
                escapes.append(escape)
                return
            }
            files.append(ProjectRoot.normalize(path))
        }
        for path in paths {
            if path == "-" {
                files.append("-")
                continue
            }
            let absolute = root.absolute(path)
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
        return ProjectFiles(root: root, configuration: configuration, configurationPath: configPath, files: files)
    }
}
