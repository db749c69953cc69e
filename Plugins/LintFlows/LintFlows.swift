import Foundation
import PackagePlugin

/// `swift package lint-flows [--target NAME]...`: checks and lints the `.flow` files of every
/// target (or the named ones) with the project's `.flowlint` configuration, for CI and for
/// teams that commit the generated Swift instead of using the build plugin. Findings are printed
/// as `path:line:col: severity: message [ID]`; an error makes the command fail. It only reads:
/// `--fix` will come with the editor's fixes, and ask for write permission then.
@main
struct LintFlows: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = try names.isEmpty ? context.package.targets : context.package.targets(named: names)
        var directories: [URL] = []
        for case let target as SwiftSourceModuleTarget in targets { directories.append(target.directoryURL) }
        try FlowTool.run(
            tool: try context.tool(named: "flowgen").url,
            flows: FlowTool.flowFiles(under: directories),
            projectRoot: context.package.directoryURL,
            extra: extractor.remainingArguments)
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension LintFlows: XcodeCommandPlugin {
        /// The same over the `.flow` input files of an Xcode project's targets.
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            var extractor = ArgumentExtractor(arguments)
            let names = Set(extractor.extractOption(named: "target"))
            let targets = context.xcodeProject.targets.filter { names.isEmpty || names.contains($0.displayName) }
            try FlowTool.run(
                tool: try context.tool(named: "flowgen").url,
                flows: FlowTool.flowFiles(under: targets.flatMap { $0.inputFiles.map(\.url) }),
                projectRoot: context.xcodeProject.directoryURL,
                extra: extractor.remainingArguments)
        }
    }
#endif

/// Runs flowgen over the flows and fails the command when it does.
enum FlowTool {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    static func run(tool: URL, flows: [URL], projectRoot: URL, extra: [String]) throws {
        guard !flows.isEmpty else {
            print("lint-flows: no .flow files in the selected targets")
            return
        }
        guard extra.isEmpty else {
            throw Failed(
                description: "lint-flows: unknown arguments \(extra.joined(separator: " ")) (expected --target NAME)")
        }
        var arguments = ["--root", projectRoot.path]
        for name in [".flowlint", "flowlint.json"] {
            let config = projectRoot.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: config.path) {
                arguments += ["--config", config.path]
                break
            }
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments + flows.map(\.path)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(
                description:
                    "lint-flows: flowgen found errors in \(flows.count) .flow file(s) (exit \(process.terminationStatus))"
            )
        }
        print("lint-flows: \(flows.count) .flow file(s), no errors")
    }

    /// Every `.flow` file at or under `urls`, sorted by path.
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
            guard let walk = fm.enumerator(at: url, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            else { continue }
            for case let file as URL in walk where file.pathExtension == "flow" {
                found[file.standardizedFileURL.path] = file.standardizedFileURL
            }
        }
        return found.keys.sorted().compactMap { found[$0] }
    }
}
