import FlowLint
import FlowModel
import FlowSyntax
import Foundation

/// The project's configuration file (`.flowlint` or `flowlint.json`), read one way for every tool:
/// within the size limit, with every ID the tools know (`DiagnosticRegistry.all`, so a flowrun or
/// codegen ID gets the same answer from `flowlint`, `flowgen` and the language server), and with
/// the app keys' paths taken relative to the file's directory.
public enum ProjectConfiguration {
    /// Reads the configuration at `path` (absolute); `shown` is how messages name it.
    public static func read(_ path: String, shown: String, maxBytes: Int) throws(ProjectError) -> LintConfiguration {
        let bytes: [UInt8]
        switch FileSystemReader().read(path, maxBytes: maxBytes) {
        case .success(let read): bytes = read
        case .failure(let error): throw ProjectError(message: "cannot read configuration '\(shown)': \(error.message)")
        }
        var configuration: LintConfiguration
        do {
            configuration =
                path.hasSuffix(".json")
                ? try LintConfiguration.parse(json: Data(bytes), path: shown, registry: .all)
                : try LintConfiguration.parse(
                    lines: String(decoding: bytes, as: UTF8.self), path: shown, registry: .all)
        } catch {
            throw ProjectError(message: error.message)
        }
        configuration.app.base = ProjectRoot.parent(of: path)
        return configuration
    }

    /// The configuration that applies under `root`: `override` (a path as the user typed it) or the
    /// one found on the way up; the default configuration when there is none.
    public static func read(
        for root: ProjectRoot, override: String? = nil,
        maxBytes: Int
    ) throws(ProjectError) -> (configuration: LintConfiguration, path: String?) {
        guard let path = override.map(root.absolute) ?? root.configuration else { return (LintConfiguration(), nil) }
        // A configuration found on the way up that links out of the root is not read (one named
        // with --config is the user's own choice).
        if override == nil, let escape = root.escape(path) {
            throw ProjectError(message: "the configuration \(escape); it was not read")
        }
        return (try read(path, shown: override ?? root.relative(path), maxBytes: maxBytes), path)
    }
}
