import FlowLint
import Foundation

/// What flowlint reads from an `.xcodeproj`: its native targets and, per target, each build
/// configuration's settings as one ordered list (project-level xcconfig and settings first, then
/// the target's xcconfig and settings, so the target wins), the way Xcode layers them.
///
/// Object graph walked (names as in `project.pbxproj`): `rootObject` → `PBXProject`
/// (`buildConfigurationList`, `targets`) → `PBXNativeTarget` (`name`, `productType`,
/// `buildConfigurationList`, `fileSystemSynchronizedGroups`) → `XCConfigurationList`
/// (`buildConfigurations`) → `XCBuildConfiguration` (`name`, `buildSettings`,
/// `baseConfigurationReference` to a `PBXFileReference`, or Xcode 16's
/// `baseConfigurationReferenceAnchor` + `baseConfigurationReferenceRelativePath` for an xcconfig
/// inside a synchronized folder). File references are resolved through their groups
/// (`sourceTree` `<group>`, `SOURCE_ROOT`, `<absolute>`).
struct XcodeProject: Sendable {
    /// At most this many (target, configuration) pairs are read: each is resolved and checked on
    /// its own, and a small file can name far more (2,000 targets sharing a list of 2,000
    /// configurations). Real projects have a few targets with a few configurations each.
    static let maxTargetConfigurations = 1024

    struct Target: Sendable {
        var name: String
        var productType: String
        var configurations: [Configuration]
        /// Directories of the target's synchronized folders (Xcode 16), absolute.
        var synchronizedFolders: [String]
        /// `PrivacyInfo.xcprivacy` files the project references, absolute.
        var referencedManifests: [String]
        /// The Swift package products the target links (`packageProductDependencies` ->
        /// `XCSwiftPackageProductDependency.productName`), with those of the targets it depends
        /// on (`dependencies` -> `PBXTargetDependency.target`), which are built into the app too.
        var packageProducts: [String] = []
        /// Whether one of those products comes from a local package (`XCLocalSwiftPackageReference`)
        /// other than the one the PermissionFlow products come from: a package of the app's own,
        /// which may link PermissionFlow products the project file does not show.
        var linksOwnLocalPackage = false

        var isApplication: Bool { productType == "com.apple.product-type.application" }
    }

    struct Configuration: Sendable {
        var name: String
        var settings: [BuildSetting]
    }

    /// The `.xcodeproj` directory, absolute.
    var bundle: String
    /// The directory holding the `.xcodeproj` (`SRCROOT`, `PROJECT_DIR`): relative paths in
    /// build settings are relative to it.
    var directory: String
    var name: String
    var targets: [Target]
    var warnings: [String]

    /// Reads `bundle/project.pbxproj` and every xcconfig file its configurations are based on.
    static func read(_ bundle: String, files: ProjectFileReader) throws(ProjectError) -> XcodeProject {
        let pbxproj = bundle + "/project.pbxproj"
        let shownPath = files.shown(pbxproj)
        let bytes = try files.read(pbxproj, what: "project file", from: nil)
        let plist: ASCIIPlist
        do {
            plist = try ASCIIPlist(bytes: bytes)
        } catch {
            throw ProjectError(message: "\(shownPath):\(error.position): \(error.message)")
        }
        let directory = ProjectRoot.parent(of: bundle) ?? "/"
        var name = String(bundle.split(separator: "/").last ?? "")
        if name.hasSuffix(".xcodeproj") { name = String(name.dropLast(".xcodeproj".count)) }
        var reader = Reader(path: shownPath, directory: directory, files: files)
        return try reader.project(plist.root, bundle: bundle, name: name)
    }

    private struct Reader {
        var path: String
        var directory: String
        var files: ProjectFileReader
        var objects = ASCIIPlist.Dictionary(position: .init(line: 1, column: 1))
        var parents: [String: String] = [:]
        var warnings: [String] = []
        /// The settings of each xcconfig file, read once however many configurations name it.
        var xcconfigs: [String: [BuildSetting]] = [:]
        /// The (target, configuration) pairs read so far, against `maxTargetConfigurations`.
        var pairs = 0

        init(path: String, directory: String, files: ProjectFileReader) {
            self.path = path
            self.directory = directory
            self.files = files
        }

        func error(_ message: String, at position: ASCIIPlist.Position) -> ProjectError {
            ProjectError(message: "\(path):\(position): \(message)")
        }

        func object(_ id: ASCIIPlist.Value?, _ what: String, at position: ASCIIPlist.Position) throws(ProjectError)
            -> ASCIIPlist.Dictionary
        {
            guard let id = id?.string else { throw error("expected the ID of \(what)", at: id?.position ?? position) }
            guard let object = objects[id]?.dictionary else {
                throw error("\(what) '\(id)' is not in 'objects'", at: position)
            }
            return object
        }

        func string(_ d: ASCIIPlist.Dictionary, _ key: String) -> String? { d[key]?.string }

        mutating func project(_ root: ASCIIPlist.Value, bundle: String, name: String) throws(ProjectError)
            -> XcodeProject
        {
            guard let top = root.dictionary else {
                throw error("the project file's top level is not a dictionary", at: root.position)
            }
            guard let objects = top["objects"]?.dictionary else {
                throw error("the project file has no 'objects' dictionary", at: top.position)
            }
            self.objects = objects
            for entry in objects.entries {
                guard let d = entry.value.dictionary, let children = d["children"]?.array else { continue }
                for child in children { if let c = child.string { parents[c] = entry.key } }
            }
            let project = try object(top["rootObject"], "the root object", at: top.position)
            guard string(project, "isa") == "PBXProject" else {
                throw error(
                    "the root object is a '\(string(project, "isa") ?? "?")', not a PBXProject", at: project.position)
            }
            let projectConfigurations = try configurations(project["buildConfigurationList"], at: project.position)
            var projectSettings: [String: [BuildSetting]] = [:]
            for c in projectConfigurations where projectSettings[c.name] == nil { projectSettings[c.name] = c.settings }
            var targets: [Target] = []
            let manifests = objects.entries.compactMap { entry -> String? in
                guard let d = entry.value.dictionary, string(d, "isa") == "PBXFileReference",
                    let p = string(d, "path"), p.hasSuffix("PrivacyInfo.xcprivacy")
                else { return nil }
                return resolve(entry.key)
            }
            for id in try unique(project["targets"]?.array ?? [], "targets", at: project.position) {
                let target = try object(id, "a target", at: project.position)
                // Aggregate and legacy targets build no app.
                guard string(target, "isa") == "PBXNativeTarget" else { continue }
                let targetName = string(target, "name") ?? "?"
                let own = try configurations(target["buildConfigurationList"], at: target.position)
                pairs += own.count
                guard pairs <= XcodeProject.maxTargetConfigurations else {
                    throw error(
                        "more than \(XcodeProject.maxTargetConfigurations) target configurations; flowlint reads at most that many (name the targets with --target)",
                        at: target.position)
                }
                var merged: [Configuration] = []
                for c in own {
                    let base = projectSettings[c.name] ?? []
                    merged.append(
                        Configuration(
                            name: c.name,
                            settings: builtins(target: targetName, project: name, configuration: c.name)
                                + base + c.settings))
                }
                let linked = packageProducts(of: id.string ?? "")
                let folders = (target["fileSystemSynchronizedGroups"]?.array ?? []).compactMap {
                    $0.string.flatMap { resolve($0) }
                }
                targets.append(
                    Target(
                        name: targetName, productType: string(target, "productType") ?? "", configurations: merged,
                        synchronizedFolders: folders, referencedManifests: manifests,
                        packageProducts: linked.products, linksOwnLocalPackage: linked.ownLocalPackage))
            }
            return XcodeProject(bundle: bundle, directory: directory, name: name, targets: targets, warnings: warnings)
        }

        /// The package products a target links, and those of the targets it depends on
        /// (transitively, each target once), in first-seen order.
        func packageProducts(of targetID: String) -> (products: [String], ownLocalPackage: Bool) {
            var products: [String] = []
            var packages: [(product: String, package: String?)] = []
            var pending = [targetID]
            var seen: Set<String> = [targetID]
            while let id = pending.popLast() {
                guard let target = objects[id]?.dictionary else { continue }
                for ref in target["packageProductDependencies"]?.array ?? [] {
                    guard let product = ref.string.flatMap({ objects[$0]?.dictionary }),
                        string(product, "isa") == "XCSwiftPackageProductDependency",
                        let name = string(product, "productName"), !products.contains(name)
                    else { continue }
                    products.append(name)
                    packages.append((name, string(product, "package")))
                }
                for dependency in target["dependencies"]?.array ?? [] {
                    guard let d = dependency.string.flatMap({ objects[$0]?.dictionary }),
                        let next = string(d, "target"), seen.insert(next).inserted
                    else { continue }
                    pending.append(next)
                }
            }
            let known = Set(AppTarget.LinkedProducts.known)
            let ours = Set(packages.filter { known.contains($0.product) }.compactMap(\.package))
            let ownLocal = packages.contains { entry in
                guard let package = entry.package, !ours.contains(package) else { return false }
                return objects[package]?.dictionary.flatMap { string($0, "isa") } == "XCLocalSwiftPackageReference"
            }
            return (products, ownLocal)
        }

        /// Settings Xcode defines itself, lowest in the list so the project can override them.
        func builtins(target: String, project: String, configuration: String) -> [BuildSetting] {
            [
                ("TARGET_NAME", target), ("PRODUCT_NAME", "$(TARGET_NAME)"), ("PROJECT_NAME", project),
                ("CONFIGURATION", configuration), ("SRCROOT", directory), ("PROJECT_DIR", directory),
                ("SOURCE_ROOT", directory), ("PLATFORM_NAME", ResolvedSettings.sdk),
            ]
            .map { BuildSetting(key: $0.0, conditions: [], value: $0.1, location: "(Xcode)") }
        }

        /// A configuration list's configurations, each with its xcconfig's settings before its own.
        mutating func configurations(_ id: ASCIIPlist.Value?, at position: ASCIIPlist.Position) throws(ProjectError)
            -> [Configuration]
        {
            let list = try object(id, "a configuration list", at: position)
            var result: [Configuration] = []
            for configID in try unique(
                list["buildConfigurations"]?.array ?? [], "buildConfigurations", at: list.position)
            {
                let config = try object(configID, "a build configuration", at: list.position)
                let name = string(config, "name") ?? "?"
                var settings: [BuildSetting] = []
                if let xcconfig = try baseConfiguration(config) {
                    if let known = xcconfigs[xcconfig] {
                        settings += known
                    } else {
                        let read = try XCConfig.read(
                            xcconfig, files: files, from: "\(path):\(config.position)", warnings: &warnings)
                        xcconfigs[xcconfig] = read
                        settings += read
                    }
                }
                for entry in config["buildSettings"]?.dictionary?.entries ?? [] {
                    let value: String
                    switch entry.value {
                    case .string(let s, _): value = s
                    case .array(let items, _): value = items.compactMap(\.string).joined(separator: " ")
                    default: continue
                    }
                    guard let (key, conditions) = BuildSetting.parseKey(entry.key) else {
                        throw error("'\(entry.key)' is not a build setting name", at: entry.keyPosition)
                    }
                    settings.append(
                        BuildSetting(
                            key: key, conditions: conditions, value: value, location: "\(path):\(entry.keyPosition)"))
                }
                result.append(Configuration(name: name, settings: settings))
            }
            return result
        }

        /// The IDs of an object list, each once: Xcode never lists an object twice, and a list that
        /// does would multiply the work (a target listed 2,000 times, each with its configuration
        /// listed 2,000 times, is four million configurations).
        func unique(_ ids: [ASCIIPlist.Value], _ key: String, at position: ASCIIPlist.Position) throws(ProjectError)
            -> [ASCIIPlist.Value]
        {
            var seen = Set<String>()
            for id in ids {
                guard let s = id.string else { continue }
                guard seen.insert(s).inserted else {
                    throw error("'\(s)' is listed twice in '\(key)'", at: id.position)
                }
            }
            return ids
        }

        /// The xcconfig file a configuration is based on, absolute, if any.
        mutating func baseConfiguration(_ config: ASCIIPlist.Dictionary) throws(ProjectError) -> String? {
            if let anchor = string(config, "baseConfigurationReferenceAnchor"),
                let relative = string(config, "baseConfigurationReferenceRelativePath")
            {
                guard let folder = resolve(anchor) else {
                    throw error("cannot resolve the folder '\(anchor)' of the base configuration", at: config.position)
                }
                return ProjectFileReader.join(folder, relative)
            }
            guard let ref = string(config, "baseConfigurationReference") else { return nil }
            guard let resolved = resolve(ref) else {
                throw error(
                    "cannot resolve the base configuration file '\(ref)' (only <group>, SOURCE_ROOT and <absolute> paths are supported)",
                    at: config["baseConfigurationReference"]?.position ?? config.position)
            }
            return resolved
        }

        /// The absolute path of a file reference or group, through its parent groups; nil for
        /// one relative to a build directory or the SDK.
        func resolve(_ id: String, depth: Int = 0) -> String? {
            guard depth < 64, let d = objects[id]?.dictionary else { return nil }
            let own = string(d, "path") ?? ""
            switch string(d, "sourceTree") ?? "<group>" {
            case "<absolute>": return ProjectRoot.normalize(own)
            case "SOURCE_ROOT": return ProjectFileReader.join(directory, own)
            case "<group>":
                guard let parent = parents[id] else {
                    // The main group: relative to the project directory (`projectDirPath`, usually "").
                    return ProjectFileReader.join(directory, own)
                }
                guard let base = resolve(parent, depth: depth + 1) else { return nil }
                return own.isEmpty ? base : ProjectFileReader.join(base, own)
            default: return nil
            }
        }
    }
}
