import FlowTestSupport
import Foundation
import Testing

/// Runs the built `flowrun` executable as a user would.
@Suite struct FlowrunBinaryTests {
    static let packageRoot = SpawnedBinary.packageRoot

    static let cameraFlow = """
        app "Receipts"
        flow camera {
          uses camera
          start -> check
          state check { status camera { authorized -> done granted  notDetermined -> prime  denied, restricted -> done denied } }
          state prime { alert { title "Scan receipts"  button "Continue" -> ask  cancel "Not Now" -> done cancelled } }
          state ask { request camera { authorized -> done granted  denied -> done denied } }
        }
        """

    /// Spawns `flowrun` with stdin a pipe that is already closed; returns exit code, stdout, stderr.
    func flowrun(_ arguments: [String]) throws -> (code: Int32, out: String, err: String) {
        let binary = try #require(SpawnedBinary.url(of: "flowrun"), "build flowrun first (swift build)")
        return try SpawnedBinary.run(binary, arguments)
    }

    func temporaryFlow() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("camera.flow").path
        try Self.cameraFlow.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func help() throws {
        let r = try flowrun(["--help"])
        #expect(r.code == 0)
        #expect(r.out.hasPrefix("usage: flowrun [options] [FILE]\n"))
        #expect(r.out.contains("Exit codes:\n  0  finished"))
        #expect(r.err == "")
    }

    @Test func missingFileExitsWithTwo() throws {
        let r = try flowrun(["/nonexistent/camera.flow"])
        #expect(r.code == 2)
        #expect(r.err == "flowrun: error: cannot read '/nonexistent/camera.flow': no such file\n")
        #expect(r.out == "")
    }

    @Test func closedStdinStopsWithInputNeeded() throws {
        let path = try temporaryFlow()
        let r = try flowrun([path])
        #expect(r.code == 3)
        #expect(
            r.err == """
                flowrun: error: input needed in state 'prime' (\(path):6:17): alert 'Scan receipts' needs a tap on one of \
                "Continue", "Not Now"; script it with --tap LABEL (stdin is not a terminal, so flowrun does not ask)

                """)
        #expect(r.out.hasSuffix("input needed\n"))
    }

    @Test func scriptedRunPrintsTheOutcomeLast() throws {
        let path = try temporaryFlow()
        let r = try flowrun([path, "--tap", "Continue", "--answer", "camera=Don't Allow"])
        #expect(r.code == 0)
        #expect(r.out.hasSuffix("\noutcome: denied\n"))
    }
}
