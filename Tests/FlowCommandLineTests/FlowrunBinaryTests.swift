import Foundation
import Testing

/// Runs the built `flowrun` executable as a user would.
@Suite struct FlowrunBinaryTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

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
        let binary = Self.packageRoot.appendingPathComponent(".build/debug/flowrun")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build flowrun first (swift build)")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
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
        #expect(r.err == """
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
