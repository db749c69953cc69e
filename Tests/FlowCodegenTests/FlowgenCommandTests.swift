import FlowBuildTool
import Foundation
import Testing

/// flowgen as the build plugin runs it: findings on their line, errors fail, config applies,
/// output written only when clean and only when it changes.
@Suite struct FlowgenCommandTests {
    static let clean = """
        flow pick {
          outcomes picked, not_now
          start -> s
          state s {
            alert { title "Pick one"  button "Pick" -> done picked  cancel "Not Now" -> done not_now }
          }
        }

        """

    static func project(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flowgen-\(UUID().uuidString)")
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return dir
    }

    static func run(_ arguments: [String], in dir: URL) -> (code: Int32, out: String, err: String) {
        var out = ""
        var err = ""
        let code = FlowgenCommand.run(
            arguments: arguments, currentDirectory: dir.path, out: { out += $0 }, err: { err += $0 })
        return (code, out, err)
    }

    @Test func cleanFlowsAreWrittenAsSwiftAndAnUnchangedOutputIsNotRewritten() throws {
        let dir = try Self.project(["Flows/pick.flow": Self.clean])
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = Self.run(["--output", "gen/Flows.swift", "Flows"], in: dir)
        #expect(first.code == 0)
        #expect(first.err == "")
        let output = dir.appendingPathComponent("gen/Flows.swift")
        let swift = try String(contentsOf: output, encoding: .utf8)
        #expect(swift.contains("//   Flows/pick.flow\n"))
        #expect(swift.contains("            case notNow = \"not_now\"\n"))

        // Same input: same bytes, and the file is not touched (no rebuild of what compiles it).
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: output.path)
        #expect(Self.run(["--output", "gen/Flows.swift", "Flows"], in: dir).code == 0)
        let date = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        #expect(date == Date(timeIntervalSince1970: 1_000_000))
        #expect(try String(contentsOf: output, encoding: .utf8) == swift)
    }

    @Test func anErrorIsPrintedAtItsLineFailsAndWritesNothing() throws {
        let broken = Self.clean.replacingOccurrences(of: "-> done picked", with: "-> pik")
        let dir = try Self.project(["Flows/pick.flow": broken])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = Self.run(["--output", "Flows.swift", "Flows"], in: dir)
        #expect(result.code == 1)
        #expect(result.err == "\(dir.path)/Flows/pick.flow:5:48: error: unknown state 'pik' [FL0102]\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("Flows.swift").path))
    }

    @Test func theProjectConfigurationSetsSeveritiesAndExcludes() throws {
        // FL1104 (an outcome no path ends with) is a warning by default; the config makes it an
        // error, and the draft that does not check is excluded.
        let unreached = Self.clean.replacingOccurrences(
            of: "outcomes picked, not_now", with: "outcomes picked, not_now, later")
        let dir = try Self.project([
            "Flows/pick.flow": unreached, "Flows/drafts/wip.flow": "flow {",
            ".flowlint": "FL1104 = error\nexclude = Flows/drafts/\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        // Found as flowlint finds it (the nearest configuration at the root), without --config.
        let found = Self.run(["--output", "Flows.swift", "Flows/pick.flow"], in: dir)
        #expect(found.code == 1)
        #expect(found.err.hasPrefix("\(dir.path)/Flows/pick.flow:2:29: error: "))
        #expect(found.err.hasSuffix(" [FL1104]\n"))
        try FileManager.default.removeItem(at: dir.appendingPathComponent(".flowlint"))
        let warned = Self.run(["--output", "Flows.swift", "Flows/pick.flow"], in: dir)
        #expect(warned.code == 0)
        #expect(warned.err.hasPrefix("\(dir.path)/Flows/pick.flow:2:29: warning: "))
        try Data("FL1104 = error\nexclude = Flows/drafts/\n".utf8).write(
            to: dir.appendingPathComponent("custom.flowlint"))

        let configured = Self.run(
            ["--output", "Flows.swift", "--config", "custom.flowlint", "--root", dir.path, "Flows"], in: dir)
        #expect(configured.code == 1)
        #expect(configured.err.hasPrefix("\(dir.path)/Flows/pick.flow:2:29: error: "))
        #expect(!configured.err.contains("wip.flow"))
    }

    @Test func usageErrorsExitWithTwo() throws {
        let dir = try Self.project([:])
        #expect(Self.run([], in: dir).code == 2)
        #expect(
            Self.run(["--access-level", "open", "x"], in: dir).err.hasPrefix(
                "flowgen: error: unknown access level 'open'"))
        #expect(Self.run(["missing.flow"], in: dir).err == "flowgen: error: no such file or directory 'missing.flow'\n")
    }
}
