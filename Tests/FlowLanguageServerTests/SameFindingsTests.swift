import FlowBuildTool
import FlowCommandLine
import FlowSyntax
import Foundation
import Testing

@testable import FlowLanguageServer

/// One project, read one way (issue 31): a configuration that names the app's Info.plist makes
/// `flowlint`, the build plugin's `flowgen` and the language server report the same FL1501 for a
/// camera request whose usage key is missing, at the same place with the same message.
@Suite struct SameFindingsTests {
    static let flow = """
        app "Receipts"

        flow scan {
          uses camera
          start -> check
          state check {
            status camera {
              authorized -> done granted
              notDetermined -> ask
              denied, restricted -> done denied
            }
          }
          state ask { request camera -> check }
        }

        """
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
          <key>NSPhotoLibraryUsageDescription</key>
          <string>Attach a photo of the receipt.</string>
        </dict>
        </plist>

        """

    /// `path:line:col: error: message [FL1501]`, without the path.
    static func located(_ line: Substring) -> String {
        String(line.drop { $0 != ":" }.dropFirst())
    }

    @Test(arguments: [".flowlint", "flowlint.json"])
    func flowlintFlowgenAndTheLanguageServerAgree(configName: String) async throws {
        let config =
            configName == ".flowlint"
            ? "info-plist = App/Info.plist\n" : "{ \"app\": { \"infoPlist\": \"App/Info.plist\" } }\n"
        let project = try Project(["flows/scan.flow": Self.flow, "App/Info.plist": Self.plist, configName: config])
        defer { project.remove() }

        let out = CapturedOutput()
        let err = CapturedOutput()
        let lint = FlowlintCommand(currentDirectory: project.root).run(
            arguments: ["--format", "gcc", "-q", "flows"],
            stdout: out, stderr: err)
        #expect(lint == 1)
        let lintLines = out.text.split(separator: "\n").filter { $0.hasSuffix("[FL1501]") }
        #expect(
            lintLines.map(Self.located) == [
                "13:15: error: request camera needs 'NSCameraUsageDescription' in App/Info.plist: without it iOS terminates the app at the request [FL1501]"
            ], "\(out.text)\(err.text)")

        var generated = ""
        let gen = FlowgenCommand.run(
            arguments: ["--root", project.root, project.root + "/flows"],
            currentDirectory: project.root, out: { _ in }, err: { generated += $0 })
        #expect(gen == 1)
        let genLines = generated.split(separator: "\n").filter { $0.hasSuffix("[FL1501]") }
        #expect(genLines.map(Self.located) == lintLines.map(Self.located), "\(generated)")

        let client = TestClient()
        _ = try await client.initialize(root: project.root)
        try await client.open(project.uri("flows/scan.flow"), Self.flow)
        let diagnostics = (client.diagnostics(project.uri("flows/scan.flow")) ?? []).filter { $0["code"] == "FL1501" }
        #expect(diagnostics.count == 1)
        let message = diagnostics.first?["message"]?.string?.split(separator: "\n").first.map(String.init)
        #expect(
            message
                == "request camera needs 'NSCameraUsageDescription' in App/Info.plist: without it iOS terminates the app at the request"
        )
        #expect(span(diagnostics.first?["range"]) == "12:14-12:37")
        #expect(diagnostics.first?["severity"] == 1)
    }

    /// With the key present, none of the three reports FL1501 (the configuration's app applies, and
    /// the key is found in it).
    @Test func aCompleteInfoPlistIsCleanEverywhere() async throws {
        let plist = Self.plist.replacingOccurrences(
            of: "<key>NSPhotoLibraryUsageDescription</key>",
            with: "<key>NSCameraUsageDescription</key>")
        let project = try Project([
            "flows/scan.flow": Self.flow, "App/Info.plist": plist, ".flowlint": "info-plist = App/Info.plist\n",
        ])
        defer { project.remove() }
        try await Self.expectNoneReports("FL1501", in: project, flow: Self.flow)
    }

    /// flowlint and flowgen exit 0 on the project's `flows/scan.flow` (`flow`), and the language
    /// server's diagnostics of it have none with `code`.
    static func expectNoneReports(_ code: String, in project: Project, flow: String) async throws {
        let out = CapturedOutput()
        let err = CapturedOutput()
        #expect(
            FlowlintCommand(currentDirectory: project.root).run(
                arguments: ["--format", "gcc", "-q", "flows"],
                stdout: out, stderr: err) == 0, "\(out.text)\(err.text)")
        var generated = ""
        #expect(
            FlowgenCommand.run(
                arguments: ["--root", project.root, project.root + "/flows"], currentDirectory: project.root,
                out: { _ in }, err: { generated += $0 }) == 0, "\(generated)")
        let client = TestClient()
        _ = try await client.initialize(root: project.root)
        try await client.open(project.uri("flows/scan.flow"), flow)
        let diagnostics = client.diagnostics(project.uri("flows/scan.flow")) ?? []
        #expect(diagnostics.filter { $0["code"] == .string(code) }.isEmpty)
    }
}
