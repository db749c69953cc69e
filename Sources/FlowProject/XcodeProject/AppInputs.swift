import FlowLint
import FlowModel
import FlowSyntax
import Foundation

/// The apps the flows are checked against, from `AppInputOptions`: flowlint's `--info-plist`,
/// `--xcode-project` (with `--target` and `--configuration`), `--xcconfig`,
/// `--deployment-target` and `--privacy-manifest`, or the same keys in the project's
/// configuration. Every file is read under the project root and within the size limit.
public enum AppInputs {
    static let manifestName = "PrivacyInfo.xcprivacy"

    /// The apps, and warnings about settings the tools do not support (to print on stderr).
    /// Relative paths are relative to `options.base`, else the working directory.
    public static func read(
        _ options: AppInputOptions, root: ProjectRoot,
        maxBytes: Int
    ) throws(ProjectError) -> (apps: [AppTarget], warnings: [String]) {
        let cwd = root.currentDirectory
        let files = ProjectFileReader(root: root.path, maxBytes: maxBytes) { path in
            ProjectRoot.relative(path, to: cwd) ?? path
        }
        let base = options.base ?? cwd
        func absolute(_ p: String) -> String { ProjectFileReader.join(base, p) }
        var warnings: [String] = []

        for (option, values) in [("target", options.targets), ("configuration", options.configurations)]
        where !values.isEmpty && options.xcodeProject == nil {
            throw ProjectError(message: "--\(option) chooses from an Xcode project; add --xcode-project PATH.xcodeproj")
        }
        let links = try linkedProducts(options)
        var deployment: OSVersion?
        if let d = options.deploymentTarget {
            guard let v = OSVersion(d) else {
                throw ProjectError(message: "--deployment-target needs an iOS version such as 15.0, not '\(d)'")
            }
            deployment = v
        }
        var manifest: PrivacyManifest?
        if let m = options.privacyManifest {
            manifest = try readManifest(absolute(m), shown: m, files: files)
        }
        var overrides: [BuildSetting] = []
        for x in options.xcconfigs {
            overrides += try XCConfig.read(absolute(x), files: files, warnings: &warnings)
        }

        if let projectPath = options.xcodeProject {
            if options.infoPlist != nil {
                throw ProjectError(
                    message:
                        "give --info-plist or --xcode-project, not both: the project names each target's Info.plist")
            }
            if !options.links.isEmpty {
                throw ProjectError(
                    message:
                        "--link names the products of an app without an Xcode project; with --xcode-project they are read from each target's package products"
                )
            }
            var bundle = absolute(projectPath)
            if bundle.hasSuffix("/project.pbxproj") { bundle = String(bundle.dropLast("/project.pbxproj".count)) }
            let project = try XcodeProject.read(bundle, files: files)
            warnings += project.warnings
            let apps = try projectApps(
                project, options: options, overrides: overrides, deployment: deployment, manifest: manifest,
                files: files, warnings: &warnings)
            return (apps, warnings)
        }

        guard let plistPath = options.infoPlist else {
            let apps = try appsWithoutInfoPlist(
                manifest: manifest, overrides: overrides, links: links, deployment: deployment)
            return (apps, warnings)
        }
        var app = try plistApp(
            plistPath, at: absolute(plistPath), overrides: overrides, deployment: deployment, manifest: manifest,
            files: files, maxBytes: maxBytes, cwd: cwd, warnings: &warnings)
        app.linkedProducts = links
        return ([app], warnings)
    }

    /// The app when no Info.plist or Xcode project is named: a privacy manifest alone (only the
    /// privacy-manifest rules have something to check), products alone (only FL1509 has), or none.
    static func appsWithoutInfoPlist(
        manifest: PrivacyManifest?, overrides: [BuildSetting], links: AppTarget.LinkedProducts?,
        deployment: OSVersion?
    ) throws(ProjectError) -> [AppTarget] {
        if let manifest {
            var app = AppTarget(
                name: manifest.path, infoPlist: nil, deploymentTarget: deployment, privacyManifest: manifest)
            app.linkedProducts = links
            return [app]
        }
        if !overrides.isEmpty {
            throw ProjectError(
                message: "--xcconfig needs --info-plist or --xcode-project: it adds to an app's settings")
        }
        guard let links else { return [] }
        var app = AppTarget(name: "the app", infoPlist: nil, deploymentTarget: deployment)
        app.linkedProducts = links
        return [app]
    }

    /// The app an Info.plist (with any xcconfig settings) describes; its privacy manifest is the
    /// one named, else the one beside it.
    static func plistApp(
        _ plistPath: String, at absolutePath: String, overrides: [BuildSetting], deployment: OSVersion?,
        manifest: PrivacyManifest?, files: ProjectFileReader, maxBytes: Int, cwd: String, warnings: inout [String]
    ) throws(ProjectError) -> AppTarget {
        var deployment = deployment
        var manifest = manifest
        var plist: InfoPlist
        do {
            // Read as before the project options existed (any path the user names), within the size limit.
            switch FileSystemReader().read(absolutePath, maxBytes: maxBytes) {
            case .success(let bytes): plist = try InfoPlist(path: plistPath, data: Data(bytes))
            case .failure(let error): throw ProjectError(message: "cannot read '\(plistPath)': \(error.message)")
            }
        } catch let error as InfoPlist.ParseError {
            throw ProjectError(message: error.message)
        } catch let error as ProjectError {
            throw error
        } catch {
            throw ProjectError(message: "\(error)")
        }
        var settings = ResolvedSettings(assignments: overrides, configuration: "")
        var generated = false
        if settings.isYes("GENERATE_INFOPLIST_FILE") {
            generated = true
            for key in settings.keys
            where key.hasPrefix("INFOPLIST_KEY_") && plist.values[String(key.dropFirst(14))] == nil {
                plist.values[String(key.dropFirst(14))] = .string(settings.value(key) ?? "")
            }
        }
        if deployment == nil, let d = settings.value("IPHONEOS_DEPLOYMENT_TARGET") { deployment = OSVersion(d) }
        try settings.check()
        warnings += settings.warnings
        if deployment == nil, case .string(let d)? = plist.values["MinimumOSVersion"] { deployment = OSVersion(d) }
        let beside = ProjectFileReader.join(ProjectRoot.parent(of: absolutePath) ?? cwd, manifestName)
        if manifest == nil, files.exists(beside) {
            manifest = try readManifest(beside, shown: files.shown(beside), files: files)
        }
        return AppTarget(
            name: plistPath, infoPlist: plist, deploymentTarget: deployment, privacyManifest: manifest,
            manifestSearch: "beside \(plistPath)", generatesInfoPlist: generated)
    }

    static func readManifest(_ path: String, shown: String, files: ProjectFileReader) throws(ProjectError)
        -> PrivacyManifest
    {
        let bytes = try files.read(path, what: "privacy manifest")
        do {
            return try PrivacyManifest(path: shown, data: Data(bytes))
        } catch {
            throw ProjectError(message: error.message)
        }
    }

    /// One app per chosen target and group of configurations that resolve to the same inputs.
    static func projectApps(
        _ project: XcodeProject, options: AppInputOptions, overrides: [BuildSetting], deployment: OSVersion?,
        manifest: PrivacyManifest?, files: ProjectFileReader, warnings: inout [String]
    ) throws(ProjectError) -> [AppTarget] {
        let shownProject = files.shown(project.bundle)
        let names = options.targets
        var chosen: [XcodeProject.Target] = []
        for name in names {
            guard let t = project.targets.first(where: { $0.name == name }) else {
                let hint =
                    Suggestion.closest(to: name, in: project.targets.map(\.name)).map { "; did you mean '\($0)'?" }
                    ?? "; its targets are " + project.targets.map { "'\($0.name)'" }.joined(separator: ", ")
                throw ProjectError(message: "\(shownProject) has no target '\(name)'\(hint)")
            }
            chosen.append(t)
        }
        if names.isEmpty {
            for t in project.targets {
                guard t.isApplication, let first = t.configurations.first else { continue }
                var s = ResolvedSettings(assignments: first.settings + overrides, configuration: first.name)
                let sdk = s.value("SDKROOT") ?? ""
                let platforms = s.value("SUPPORTED_PLATFORMS") ?? ""
                try s.check()
                if sdk.hasPrefix("iphoneos") || platforms.split(separator: " ").contains("iphoneos") {
                    chosen.append(t)
                }
            }
            if chosen.isEmpty {
                throw ProjectError(
                    message:
                        "\(shownProject) has no iOS app target (productType com.apple.product-type.application with SDKROOT iphoneos); name one with --target"
                )
            }
        }
        let wantedConfigurations = options.configurations
        var apps: [AppTarget] = []
        for target in chosen {
            for name in wantedConfigurations where !target.configurations.contains(where: { $0.name == name }) {
                throw ProjectError(
                    message: "target '\(target.name)' has no configuration '\(name)'; its configurations are "
                        + target.configurations.map { "'\($0.name)'" }.joined(separator: ", "))
            }
            var groups: [(configurations: [String], app: AppTarget, key: String)] = []
            for configuration in target.configurations
            where wantedConfigurations.isEmpty || wantedConfigurations.contains(configuration.name) {
                let app = try self.app(
                    target, configuration, project: project, overrides: overrides, deployment: deployment,
                    manifest: manifest, files: files, warnings: &warnings)
                // Configurations that resolve alike give one finding, naming them all.
                let key =
                    "\(app.infoPlist?.values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } ?? [])|\(String(describing: app.deploymentTarget))|\(app.privacyManifest?.path ?? "")|\(app.generatesInfoPlist)|\(app.ignoredInfoPlistSettings)"
                if let i = groups.firstIndex(where: { $0.key == key }) {
                    groups[i].configurations.append(configuration.name)
                } else {
                    groups.append(([configuration.name], app, key))
                }
            }
            for group in groups {
                var app = group.app
                app.name = AppTarget.name(target: target.name, configurations: group.configurations)
                app.target = target.name
                app.configurations = group.configurations
                app.infoPlist?.path = app.name
                app.linkedProducts = linkedProducts(of: target)
                apps.append(app)
            }
        }
        return apps
    }

    /// The products `link` / `--link` names, each checked against the package's products; nil
    /// when none is named.
    static func linkedProducts(_ options: AppInputOptions) throws(ProjectError) -> AppTarget.LinkedProducts? {
        guard !options.links.isEmpty else { return nil }
        let known = AppTarget.LinkedProducts.known
        let spelled = options.base == nil ? "--link" : "'link' in the configuration"
        for name in options.links where !known.contains(name) {
            let hint = Suggestion.closest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? ""
            throw ProjectError(
                message: "\(spelled) names '\(name)', which is not a PermissionFlow product\(hint)")
        }
        return AppTarget.LinkedProducts(
            products: Set(options.links),
            howToAdd: "to the app target's package products and to \(spelled)")
    }

    /// What an Xcode target links: its package products (and those of the targets it depends
    /// on) when one of them is the Apple system (`PermissionFlowApple` or a framework's product);
    /// nil when none is, or when it also links a local package of its own: the target may reach
    /// the package through a framework or package of its own, or answer for iOS with a
    /// `PermissionSystem` of its own, so what it needs is unknown.
    static func linkedProducts(of target: XcodeProject.Target) -> AppTarget.LinkedProducts? {
        let system = AppTarget.LinkedProducts.known.filter { $0 != "PermissionFlow" && $0 != "PermissionFlowUI" }
        guard target.packageProducts.contains(where: system.contains), !target.linksOwnLocalPackage else { return nil }
        // Apple's "Link a target to frameworks and libraries"
        // (https://help.apple.com/xcode/mac/current/en.lproj/dev51a648b07.html): the General
        // pane's "Frameworks, Libraries, and Embedded Content" table; a package product is added
        // from the same table (*unverified*: that page sends package products to a page the
        // search could not find).
        return AppTarget.LinkedProducts(
            products: Set(target.packageProducts),
            howToAdd:
                "to target '\(target.name)' in Xcode (General > Frameworks, Libraries, and Embedded Content)")
    }

    /// The app one target builds in one configuration.
    static func app(
        _ target: XcodeProject.Target, _ configuration: XcodeProject.Configuration, project: XcodeProject,
        overrides: [BuildSetting], deployment: OSVersion?, manifest: PrivacyManifest?, files: ProjectFileReader,
        warnings: inout [String]
    ) throws(ProjectError) -> AppTarget {
        var settings = ResolvedSettings(
            assignments: configuration.settings + overrides, configuration: configuration.name)
        let generate = settings.isYes("GENERATE_INFOPLIST_FILE")
        var values: [String: InfoPlist.Value] = [:]
        var plistDirectory: String?
        if let file = settings.value("INFOPLIST_FILE"), !file.isEmpty {
            let path = ProjectFileReader.join(project.directory, file)
            plistDirectory = ProjectRoot.parent(of: path)
            let bytes = try files.read(
                path, what: "Info.plist", from: "target '\(target.name)' (\(configuration.name)) INFOPLIST_FILE")
            do {
                values = try InfoPlist(path: files.shown(path), data: Data(bytes)).values
            } catch {
                throw ProjectError(message: error.message)
            }
            // Xcode expands build settings in the plist's strings ("$(PRODUCT_NAME) scans receipts"):
            // one resolver for all of them, so its index is built once and its bounds hold for all.
            for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                if case .string(let s) = value, s.contains("$") {
                    values[key] = .string(settings.expand(s, location: "\(files.shown(path)): '\(key)'"))
                }
            }
            try settings.check()
        } else if !generate {
            warnings.append(
                "\(files.shown(project.bundle)): target '\(target.name)' (\(configuration.name)) sets neither INFOPLIST_FILE nor GENERATE_INFOPLIST_FILE = YES: its Info.plist is checked as empty"
            )
        }
        let infoKeys = settings.keys.filter { $0.hasPrefix("INFOPLIST_KEY_") }
        var ignored: [String] = []
        if generate {
            // The file's own entries are kept where both set a key (*assumed*: Apple documents
            // that the two are merged, not which wins).
            for key in infoKeys where values[String(key.dropFirst(14))] == nil {
                values[String(key.dropFirst(14))] = .string(settings.value(key) ?? "")
            }
        } else {
            ignored = infoKeys
        }
        let deploymentTarget = deployment ?? settings.value("IPHONEOS_DEPLOYMENT_TARGET").flatMap { OSVersion($0) }
        try settings.check()
        var found = manifest
        if found == nil {
            var candidates = target.referencedManifests + target.synchronizedFolders.map { $0 + "/" + manifestName }
            if let plistDirectory { candidates.append(plistDirectory + "/" + manifestName) }
            if let path = candidates.first(where: { files.exists($0) && files.isUnderRoot($0) }) {
                found = try readManifest(path, shown: files.shown(path), files: files)
            }
        }
        var entitlements: AppTarget.Entitlements?
        if let file = settings.value("CODE_SIGN_ENTITLEMENTS"), !file.isEmpty {
            let path = ProjectFileReader.join(project.directory, file)
            let bytes = try files.read(
                path, what: "entitlements file",
                from: "target '\(target.name)' (\(configuration.name)) CODE_SIGN_ENTITLEMENTS")
            entitlements = try readEntitlements(bytes, shown: files.shown(path))
        }
        warnings += settings.warnings
        return AppTarget(
            name: target.name, infoPlist: InfoPlist(path: target.name, values: values),
            deploymentTarget: deploymentTarget,
            privacyManifest: found, manifestSearch: "in the target's files, its folders and beside its Info.plist",
            generatesInfoPlist: generate, ignoredInfoPlistSettings: ignored, entitlements: entitlements)
    }

    /// The keys an entitlements plist grants: true Booleans, strings and non-empty arrays.
    static func readEntitlements(_ bytes: [UInt8], shown: String) throws(ProjectError) -> AppTarget.Entitlements {
        let plist: InfoPlist
        do {
            plist = try InfoPlist(path: shown, data: Data(bytes))  // located errors, duplicate keys
        } catch {
            throw ProjectError(message: error.message)
        }
        let root =
            (try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)) as? [String: Any]
            ?? [:]
        let keys = plist.values.keys.filter { key in
            switch root[key] {
            case let b as Bool: b
            case let s as String: !s.isEmpty
            case let a as [Any]: !a.isEmpty
            default: false
            }
        }
        return AppTarget.Entitlements(path: shown, keys: Set(keys))
    }
}

extension AppInputs {
    /// FL1507 (a usage key no flow requests) is about the whole run, not one entry file: a key
    /// stands only if every entry that loaded a program reports it, and it is shown once.
    public static func runWide(_ reports: [LintReport]) -> [LintReport] {
        let id = Rule.unrequestedUsageDescription.id
        let programs = reports.filter { $0.analysis != nil }
        guard programs.count > 1 else { return reports }
        var votes: [String: Int] = [:]
        for r in programs {
            for m in Set(r.findings.filter { $0.ruleID == id }.map(\.diagnostic.message)) { votes[m, default: 0] += 1 }
        }
        var shown = Set<String>()
        return reports.map { report in
            var report = report
            report.findings.removeAll { f in
                guard f.ruleID == id else { return false }
                return votes[f.diagnostic.message] != programs.count || !shown.insert(f.diagnostic.message).inserted
            }
            return report
        }
    }
}
