import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-flow-code [--target NAME]...`:
/// for teams that check the generated code in (the swift-openapi-generator model) instead of
/// applying the build plugin. For each target holding `.flow` files it checks and lints them and
/// writes `Flows.generated.swift` into the target's directory. Use it or the build plugin on a
/// target, not both: the two files would declare `Flows` twice.
@main
struct GenerateFlowCode: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        guard extractor.remainingArguments.isEmpty else {
            throw Failure(
                description:
                    "generate-flow-code: unknown arguments \(extractor.remainingArguments.joined(separator: " ")) (expected --target NAME)"
            )
        }
        let targets = try names.isEmpty ? context.package.targets : context.package.targets(named: names)
        let tool = try context.tool(named: "flowgen").url
        for case let target as SwiftSourceModuleTarget in targets {
            let flows = flowFiles(under: target.directoryURL)
            guard !flows.isEmpty else { continue }
            let output = target.directoryURL.appendingPathComponent("Flows.generated.swift")
            var arguments = ["--output", output.path, "--root", context.package.directoryURL.path]
            for name in [".flowlint", "flowlint.json"] {
                let config = context.package.directoryURL.appendingPathComponent(name)
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
                throw Failure(
                    description: "generate-flow-code: the flows of \(target.name) have errors; nothing written for it")
            }
            print("generate-flow-code: \(target.name): \(output.path)")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Every `.flow` file under `directory`, sorted by path.
    func flowFiles(under directory: URL) -> [URL] {
        guard
            let walk = FileManager.default.enumerator(
                at: directory, includingPropertiesForKeys: nil,
                options: [.skipsHiddenFiles])
        else { return [] }
        var found: [String: URL] = [:]
        for case let file as URL in walk where file.pathExtension == "flow" {
            found[file.standardizedFileURL.path] = file.standardizedFileURL
        }
        return found.keys.sorted().compactMap { found[$0] }
    }
}
