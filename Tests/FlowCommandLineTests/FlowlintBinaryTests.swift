import Foundation
import Testing

/// Runs the built `flowlint` executable as CI does.
@Suite struct FlowlintBinaryTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The product next to the test bundle, or in `.build/debug`.
    static var binary: URL? {
        let candidates = [Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("flowlint"),
                          Bundle.main.bundleURL.appendingPathComponent("flowlint"),
                          packageRoot.appendingPathComponent(".build/debug/flowlint")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    func flowlint(_ arguments: [String], in directory: URL = packageRoot) throws -> (code: Int32, out: String, err: String) {
        let binary = try #require(Self.binary, "build flowlint first (swift build)")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test func helpExitsZero() throws {
        let r = try flowlint(["--help"])
        #expect(r.code == 0 && r.out.hasPrefix("usage: flowlint"))
    }

    @Test func missingFileExitsTwoWithOneLineAndHint() throws {
        let r = try flowlint(["does-not-exist.flow"])
        #expect(r.code == 2)
        #expect(r.err.split(separator: "\n").first == "flowlint: error: no such file or directory 'does-not-exist.flow'")
        #expect(r.err.contains("Run 'flowlint --help'"))
    }

    @Test func exampleCorpusIsCleanButSeedsCarryExpectedFindings() throws {
        let r = try flowlint(["flows"])
        #expect(r.code == 0, "\(r.out)")
        #expect(r.out.isEmpty)
    }

    @Test func errorFindingExitsOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-bin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try """
            flow photos {
              uses photos
              start -> check
              state check { status photos { authorized -> done granted  notDetermined -> done cancelled  denied, restricted -> done denied } }
            }
            """.write(to: directory.appendingPathComponent("p.flow"), atomically: true, encoding: .utf8)
        let r = try flowlint(["--format", "gcc", "p.flow"], in: directory)
        #expect(r.code == 1)
        #expect(r.out == "p.flow:4:17: error: status check on photos does not handle limited [FL1203]\n")
    }
}
