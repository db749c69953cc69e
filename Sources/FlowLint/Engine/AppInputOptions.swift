/// The files that name the app a project's flows run in (its Info.plist or Xcode project, the
/// targets and configurations to check, extra xcconfig files, the deployment target and the
/// privacy manifest), as paths: from `flowlint`'s options, or from the configuration's app keys
/// so that every tool (the build plugin, the language server) checks the same app. The project
/// library (`FlowProject`'s `AppInputs`) reads the files.
public struct AppInputOptions: Hashable, Sendable {
    public var infoPlist: String?
    public var xcodeProject: String?
    public var targets: [String] = []
    public var configurations: [String] = []
    public var xcconfigs: [String] = []
    public var deploymentTarget: String?
    public var privacyManifest: String?
    /// The PermissionFlow products the app links (`link = PermissionFlowCamera`, `--link`), for an
    /// app not read from an Xcode project (FL1509).
    public var links: [String] = []
    /// The directory relative paths are relative to: the configuration's directory for the
    /// configuration's keys; nil for the working directory (command-line options).
    public var base: String?

    public init() {}

    /// Whether nothing names an app.
    public var isEmpty: Bool {
        infoPlist == nil && xcodeProject == nil && targets.isEmpty && configurations.isEmpty && xcconfigs.isEmpty
            && deploymentTarget == nil && privacyManifest == nil && links.isEmpty
    }

    /// The configuration keys, in both spellings (`.flowlint`, then flowlint.json's `app` object).
    static let keys: [(lines: String, json: String)] = [
        ("info-plist", "infoPlist"), ("xcode-project", "xcodeProject"), ("target", "targets"),
        ("configuration", "configurations"), ("xcconfig", "xcconfigs"), ("deployment-target", "deploymentTarget"),
        ("privacy-manifest", "privacyManifest"), ("link", "links"),
    ]

    /// Sets the key (either spelling); false for a key that is not an app key. A single-valued
    /// key given twice is an error, as a repeated command-line option would be ambiguous.
    mutating func set(_ key: String, _ value: String, where location: String) throws(LintConfiguration.ParseError)
        -> Bool
    {
        guard let name = Self.keys.first(where: { $0.lines == key || $0.json == key })?.lines else { return false }
        func single(_ slot: inout String?) throws(LintConfiguration.ParseError) {
            guard slot == nil else { throw .init(message: "\(location): '\(name)' is given twice") }
            guard !value.isEmpty else { throw .init(message: "\(location): '\(name)' needs a value") }
            slot = value
        }
        switch name {
        case "info-plist": try single(&infoPlist)
        case "xcode-project": try single(&xcodeProject)
        case "deployment-target": try single(&deploymentTarget)
        case "privacy-manifest": try single(&privacyManifest)
        case "target": targets.append(value)
        case "configuration": configurations.append(value)
        case "link": links.append(value)
        default: xcconfigs.append(value)
        }
        return true
    }
}
