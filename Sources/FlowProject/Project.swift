import FlowLint
import FlowModel
import FlowSyntax

/// What every tool needs to check a project's flows the same way: the root, the configuration, and
/// the apps the configuration (or the command line) names. `flowlint`, `flowgen` (the build
/// plugin) and the language server all lint through `linter`, so the same file gets the same
/// findings, Info.plist and privacy-manifest rules included, in CI, in Xcode and in the editor.
public struct Project: Sendable {
    public var root: ProjectRoot
    public var configuration: LintConfiguration
    /// The configuration file read (absolute), if any.
    public var configurationPath: String?
    /// The apps the Info.plist, privacy-manifest and entitlement rules check.
    public var apps: [AppTarget]
    /// What the tools do not support in the app's files, for stderr or the editor's log.
    public var warnings: [String]

    /// Reads the configuration (`configOverride`, as the user typed it, or the one found with the
    /// root) and the apps: `appOptions` when any is given (the command line), else the
    /// configuration's app keys.
    public static func open(
        root: ProjectRoot, configOverride: String? = nil, appOptions: AppInputOptions = AppInputOptions(),
        maxBytes: Int
    ) throws(ProjectError) -> Project {
        let (configuration, path) = try ProjectConfiguration.read(
            for: root, override: configOverride, maxBytes: maxBytes)
        let read = try AppInputs.read(
            appOptions.isEmpty ? configuration.app : appOptions, root: root, maxBytes: maxBytes)
        var seen = Set<String>()
        return Project(
            root: root, configuration: configuration, configurationPath: path, apps: read.apps,
            warnings: read.warnings.filter { seen.insert($0).inserted })
    }

    /// The linter with the project's configuration and apps.
    public var linter: Linter {
        var linter = Linter(configuration: configuration)
        linter.apps = apps
        return linter
    }

    /// The configuration's `exclude` patterns (`ExcludeRule`).
    public var excludeRule: ExcludeRule {
        ExcludeRule(root: root, configuration: configuration, configurationPath: configurationPath)
    }

    /// Whether the configuration excludes `path` (as the user typed it).
    public func excludes(_ path: String) -> Bool { excludeRule.excludes(path) }

    /// The `.flow` files under `paths` (as the user typed them), as every tool finds them
    /// (`ProjectFiles.collect`).
    public func flowFiles(
        _ paths: [String], standardInputName: String? = nil, links: ProjectFiles.Links = .refuse
    ) throws(ProjectFiles.Failure) -> [String] {
        try ProjectFiles.collect(paths, excluding: excludeRule, standardInputName: standardInputName, links: links)
    }
}
