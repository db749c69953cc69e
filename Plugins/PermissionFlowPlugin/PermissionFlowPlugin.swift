import Foundation
import PackagePlugin

/// The build-tool plugin: for a target holding `.flow` files, one build command runs `flowgen`,
/// which checks and lints them (findings on their line in `swift build` and Xcode; an error fails
/// the build) and writes `Flows.swift`, the typed Swift for their flows, into the plugin's work
/// directory, where the target compiles it.
///
/// A build command (not a prebuild command, which cannot run a tool built from source) with
/// declared inputs (every `.flow` file under the target's directory, which holds every file
/// they can import since an import never leaves its entry file's directory, and the project's
/// `.flowlint` or `flowlint.json`) and one declared output, so
/// it runs again only when one of them changes.
@main
struct PermissionFlowPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let flows = FlowInputs.flowFiles(under: [target.directoryURL])
        guard !flows.isEmpty else { return [] }
        return [
            FlowInputs.command(
                tool: try context.tool(named: "flowgen").url,
                flows: flows,
                projectRoot: context.package.directoryURL,
                workDirectory: context.pluginWorkDirectoryURL,
                targetName: target.name)
        ]
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension PermissionFlowPlugin: XcodeBuildToolPlugin {
        /// The same command for a target of an Xcode project: its `.flow` input files (a folder
        /// reference counts with everything under it), the project's configuration.
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let inputs = target.inputFiles.map(\.url)
            let flows = FlowInputs.flowFiles(under: inputs)
            guard !flows.isEmpty else { return [] }
            return [
                FlowInputs.command(
                    tool: try context.tool(named: "flowgen").url,
                    flows: flows,
                    projectRoot: context.xcodeProject.directoryURL,
                    workDirectory: context.pluginWorkDirectoryURL,
                    targetName: target.displayName,
                    xcodeTarget: target.displayName)
            ]
        }
    }
#endif

/// What both the package and the Xcode variant compute: the inputs and the command.
enum FlowInputs {
    /// Every `.flow` file at or under `urls` (folders walked recursively, hidden entries skipped),
    /// sorted by path so the command line, and with it the output, is the same on every run.
    static func flowFiles(under urls: [URL]) -> [URL] {
        var found: [String: URL] = [:]
        let fm = FileManager.default
        for url in urls {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                if url.pathExtension == "flow" { found[url.standardizedFileURL.path] = url.standardizedFileURL }
                continue
            }
            guard
                let walk = fm.enumerator(
                    at: url, includingPropertiesForKeys: [.isRegularFileKey],
                    options: [.skipsHiddenFiles])
            else { continue }
            for case let file as URL in walk where file.pathExtension == "flow" {
                found[file.standardizedFileURL.path] = file.standardizedFileURL
            }
        }
        return found.keys.sorted().compactMap { found[$0] }
    }

    /// `.flowlint` or `flowlint.json` at the project root, as flowlint finds it there.
    static func configuration(at root: URL) -> URL? {
        for name in [".flowlint", "flowlint.json"] {
            let candidate = root.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// `xcodeTarget`: the Xcode target the command runs for; where the configuration names the
    /// app's Xcode project, flowgen checks that target's Info.plist and privacy manifest.
    static func command(
        tool: URL, flows: [URL], projectRoot: URL, workDirectory: URL, targetName: String,
        xcodeTarget: String? = nil
    ) -> Command {
        let output = workDirectory.appendingPathComponent("Flows.swift")
        var arguments = ["--output", output.path, "--root", projectRoot.path]
        var inputs = flows
        if let config = configuration(at: projectRoot) {
            arguments += ["--config", config.path]
            inputs.append(config)
        }
        if let xcodeTarget { arguments += ["--xcode-target", xcodeTarget] }
        arguments += flows.map(\.path)
        return .buildCommand(
            displayName: "Checking and generating Swift for the flows of \(targetName)",
            executable: tool,
            arguments: arguments,
            inputFiles: inputs,
            outputFiles: [output])
    }
}
