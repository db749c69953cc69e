import FlowModel
import Foundation

/// One app the flows run in, as the Info.plist and privacy-manifest rules see it: the Info.plist
/// it ships (a file, or the one Xcode generates from `INFOPLIST_KEY_*` build settings), its
/// deployment target and its privacy manifest. `flowlint --info-plist` gives one; with
/// `--xcode-project` there is one per iOS app target and set of configurations that resolve
/// alike ("target 'App' (Debug, Release)").
public struct AppTarget: Sendable {
    /// How messages name it: the plist path, or the target and its configurations.
    public var name: String
    /// The Info.plist it ships, nil when only a privacy manifest was given.
    public var infoPlist: InfoPlist?
    public var deploymentTarget: OSVersion?
    /// The privacy manifest found or given, nil when there is none.
    public var privacyManifest: PrivacyManifest?
    /// Where a manifest was looked for, for a message when none was found; nil when flowlint was
    /// not asked to check one (a plain `--info-plist` without a manifest beside it).
    public var manifestSearch: String?
    /// Whether Xcode generates the Info.plist (`GENERATE_INFOPLIST_FILE = YES`): a missing key is
    /// then best added as an `INFOPLIST_KEY_` build setting.
    public var generatesInfoPlist: Bool
    /// `INFOPLIST_KEY_*` settings Xcode ignores because `GENERATE_INFOPLIST_FILE` is not `YES`.
    public var ignoredInfoPlistSettings: [String]
    /// The Xcode target and the build configurations this app stands for (`--xcode-project`);
    /// nil and empty for a plain `--info-plist`.
    public var target: String?
    public var configurations: [String] = []

    /// How an Xcode target's app is named in messages: "target 'App' (Debug, Release)".
    public static func name(target: String, configurations: [String]) -> String {
        "target '\(target)' (\(configurations.joined(separator: ", ")))"
    }

    /// Findings of one rule over several apps, with those that differ only in which
    /// configuration of the same target they are about merged into one that names them all
    /// ("target 'App' (Debug, Release)"), in first-seen order.
    static func merged(_ items: [(app: AppTarget, finding: RuleFinding)]) -> [RuleFinding] {
        var order: [String] = []
        var groups: [String: (target: String, configurations: [String], template: String, finding: RuleFinding)] = [:]
        var result: [(key: String?, finding: RuleFinding)] = []
        for (app, finding) in items {
            guard let target = app.target, !app.configurations.isEmpty else {
                result.append((nil, finding))
                continue
            }
            let template = finding.message.replacingOccurrences(of: app.name, with: "\u{1}")
            let key = "\(target)\u{0}\(finding.range?.start.offset ?? -1)\u{0}\(template)"
            if var g = groups[key] {
                g.configurations += app.configurations.filter { !g.configurations.contains($0) }
                groups[key] = g
            } else {
                groups[key] = (target, app.configurations, template, finding)
                order.append(key)
                result.append((key, finding))
            }
        }
        return result.map { key, finding in
            guard let key, let g = groups[key] else { return finding }
            var f = g.finding
            f.message = g.template.replacingOccurrences(
                of: "\u{1}", with: name(target: g.target, configurations: g.configurations))
            return f
        }
    }

    /// The entitlements the app is signed with (`CODE_SIGN_ENTITLEMENTS`), by key, with where
    /// they were read; nil when unknown (no project, or no entitlements setting).
    public var entitlements: Entitlements?

    /// An entitlements file's Boolean and string entries.
    public struct Entitlements: Hashable, Sendable {
        public var path: String
        public var keys: Set<String>
        public init(path: String, keys: Set<String>) {
            self.path = path
            self.keys = keys
        }
    }

    /// The PermissionFlow products the app links (`PermissionFlowCamera`, ...), with where that
    /// was read; nil when unknown (no Xcode project and no `links` in the configuration), and
    /// FL1509 is then silent.
    public var linkedProducts: LinkedProducts?

    /// The products an app links, and how a missing one is added.
    public struct LinkedProducts: Hashable, Sendable {
        public var products: Set<String>
        /// What the note for a missing product says to do ("add it to the target's Frameworks,
        /// Libraries, and Embedded Content").
        public var howToAdd: String
        public init(products: Set<String>, howToAdd: String) {
            self.products = products
            self.howToAdd = howToAdd
        }

        /// The package's app-side library products: the session, the presenters, the system core
        /// and one per framework (`PermissionSpec.product`, `Capability.product`). A target that
        /// links none of them links PermissionFlow some other way (a framework or package of its
        /// own), so what it links is unknown.
        public static let known: [String] = {
            var names = ["PermissionFlow", "PermissionFlowUI", "PermissionFlowApple"]
            for kind in PermissionKind.allCases where !names.contains(kind.spec.product) {
                names.append(kind.spec.product)
            }
            for capability in Capability.allCases where !names.contains(capability.product) {
                names.append(capability.product)
            }
            return names
        }()
    }

    public init(
        name: String, infoPlist: InfoPlist?, deploymentTarget: OSVersion? = nil,
        privacyManifest: PrivacyManifest? = nil,
        manifestSearch: String? = nil, generatesInfoPlist: Bool = false, ignoredInfoPlistSettings: [String] = [],
        entitlements: Entitlements? = nil
    ) {
        self.name = name
        self.infoPlist = infoPlist
        self.deploymentTarget = deploymentTarget
        self.privacyManifest = privacyManifest
        self.manifestSearch = manifestSearch
        self.generatesInfoPlist = generatesInfoPlist
        self.ignoredInfoPlistSettings = ignoredInfoPlistSettings
        self.entitlements = entitlements
    }

    /// What to add for a missing usage key, as a note.
    func howToAdd(_ key: String) -> String {
        generatesInfoPlist
            ? "add 'INFOPLIST_KEY_\(key)' to the target's build settings (Info tab) with a sentence that says why the app needs it"
            : "add '\(key)' with a sentence that says why the app needs it"
    }
}

/// The parts of a privacy manifest (`PrivacyInfo.xcprivacy`, a property list) the tracking rule
/// reads: `NSPrivacyTracking` and `NSPrivacyTrackingDomains`.
public struct PrivacyManifest: Hashable, Sendable {
    public var path: String
    /// `NSPrivacyTracking`, nil when absent (or not a Boolean).
    public var tracking: Bool?
    /// `NSPrivacyTrackingDomains`, nil when absent (or not an array of strings).
    public var trackingDomains: [String]?

    public init(path: String, tracking: Bool?, trackingDomains: [String]?) {
        self.path = path
        self.tracking = tracking
        self.trackingDomains = trackingDomains
    }

    /// Parses an XML or binary manifest whose root is a dictionary.
    public init(path: String, data: Data) throws(InfoPlist.ParseError) {
        try PlistDuplicateKeys.check(data, path: path)
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let detail = InfoPlist.where(error, in: data)
            throw InfoPlist.ParseError(
                message: "\(path):\(detail.line.map { "\($0):1:" } ?? "") not a property list\(detail.text)")
        }
        guard let d = root as? [String: Any] else {
            throw InfoPlist.ParseError(message: "'\(path)' is not a dictionary property list")
        }
        // Foundation on Linux gives a plist Boolean as Bool (not NSNumber-with-objCType).
        self.init(
            path: path, tracking: d["NSPrivacyTracking"] as? Bool,
            trackingDomains: (d["NSPrivacyTrackingDomains"] as? [Any]).map { $0.compactMap { $0 as? String } })
    }

    /// Reads the manifest at `path` through the flows' bounded read.
    public static func read(
        path: String, shownAs shown: String? = nil, maxBytes: Int = FileSystemReader.defaultMaxBytes
    ) throws(InfoPlist.ParseError) -> PrivacyManifest {
        switch FileSystemReader().read(path, maxBytes: maxBytes) {
        case .success(let bytes): return try PrivacyManifest(path: shown ?? path, data: Data(bytes))
        case .failure(let error):
            throw InfoPlist.ParseError(message: "cannot read '\(shown ?? path)': \(error.message)")
        }
    }
}
