import FlowTestSupport
import Foundation
import Testing

/// Runs the built `flowlint` executable as CI does.
@Suite struct FlowlintBinaryTests {
    static let packageRoot = SpawnedBinary.packageRoot

    func flowlint(_ arguments: [String], in directory: URL = packageRoot) throws -> (
        code: Int32, out: String, err: String
    ) {
        let binary = try #require(SpawnedBinary.url(of: "flowlint"), "build flowlint first (swift build)")
        return try SpawnedBinary.run(binary, arguments, in: directory)
    }

    @Test func helpExitsZero() throws {
        let r = try flowlint(["--help"])
        #expect(r.code == 0 && r.out.hasPrefix("usage: flowlint"))
    }

    @Test func missingFileExitsTwoWithOneLineAndHint() throws {
        let r = try flowlint(["does-not-exist.flow"])
        #expect(r.code == 2)
        #expect(
            r.err.split(separator: "\n").first == "flowlint: error: no such file or directory 'does-not-exist.flow'")
        #expect(r.err.contains("Run 'flowlint --help'"))
    }

    @Test func aDeviceNamedAsAFlowIsRefusedAtItsPath() throws {
        // /dev/zero would never end if it were read; every format names the path given.
        let r = try flowlint(["/dev/zero"])
        #expect(r.code == 1)
        #expect(
            r.out.hasPrefix(
                "/dev/zero:1:1: error: cannot read '/dev/zero': is not a regular file (a device, pipe or socket) [FL0100]\n"
            ), "\(r.out)")
        let gcc = try flowlint(["--format", "gcc", "/dev/zero"])
        #expect(gcc.out.hasPrefix("/dev/zero:1:1: error: cannot read"), "\(gcc.out)")
    }

    @Test func exampleCorpusIsCleanButSeedsCarryExpectedFindings() throws {
        let r = try flowlint(["flows"])
        #expect(r.code == 0, "\(r.out)")
        #expect(r.out.isEmpty)
    }

    @Test func errorFindingExitsOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowlint-bin-\(UUID().uuidString)")
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
