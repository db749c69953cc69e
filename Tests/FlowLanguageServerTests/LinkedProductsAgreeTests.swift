import FlowBuildTool
import FlowCommandLine
import FlowSyntax
import Foundation
import Testing

@testable import FlowLanguageServer

/// FL1509 is read through the project library like every app finding: a configuration that names
/// the products the app links (`link = ...`, JSON `"links"`) makes `flowlint`, `flowgen` and the
/// language server report the same missing product at the same `uses`.
@Suite struct LinkedProductsAgreeTests {
    static let flow = """
        flow scan {
          uses camera
          start -> ask
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }

        """
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
          <key>NSCameraUsageDescription</key>
          <string>Scan the receipt to read its total.</string>
        </dict>
        </plist>

        """
    static let message =
        "flow 'scan' uses camera but App/Info.plist does not link PermissionFlowCamera; add it to the app target's package products and to 'link' in the configuration"

    @Test(arguments: [
        (".flowlint", "info-plist = App/Info.plist\nlink = PermissionFlow\nlink = PermissionFlowPhotos\n"),
        (
            "flowlint.json",
            #"{ "app": { "infoPlist": "App/Info.plist", "links": ["PermissionFlow", "PermissionFlowPhotos"] } }"#
        ),
    ])
    func flowlintFlowgenAndTheLanguageServerAgree(configName: String, config: String) async throws {
        let project = try Project(["flows/scan.flow": Self.flow, "App/Info.plist": Self.plist, configName: config])
        defer { project.remove() }

        let out = CapturedOutput()
        let err = CapturedOutput()
        let lint = FlowlintCommand(currentDirectory: project.root).run(
            arguments: ["--format", "gcc", "-q", "flows"], stdout: out, stderr: err)
        #expect(lint == 1)
        #expect(out.text == "flows/scan.flow:2:8: error: \(Self.message) [FL1509]\n", "\(out.text)\(err.text)")

        var generated = ""
        let gen = FlowgenCommand.run(
            arguments: ["--root", project.root, project.root + "/flows"],
            currentDirectory: project.root, out: { _ in }, err: { generated += $0 })
        #expect(gen == 1)
        let genLines = generated.split(separator: "\n").filter { $0.hasSuffix("[FL1509]") }
        #expect(
            genLines.map { String($0.drop { $0 != ":" }) } == [":2:8: error: \(Self.message) [FL1509]"], "\(generated)")

        let client = TestClient()
        _ = try await client.initialize(root: project.root)
        try await client.open(project.uri("flows/scan.flow"), Self.flow)
        let diagnostics = (client.diagnostics(project.uri("flows/scan.flow")) ?? []).filter { $0["code"] == "FL1509" }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["message"]?.string?.split(separator: "\n").first.map(String.init) == Self.message)
        #expect(span(diagnostics.first?["range"]) == "1:7-1:13")
        #expect(diagnostics.first?["severity"] == 1)
    }

    /// Linking the camera's product, or naming no products at all, is clean in all three.
    @Test(arguments: ["link = PermissionFlowCamera\n", ""])
    func linkedOrUnknownIsClean(links: String) async throws {
        let project = try Project([
            "flows/scan.flow": Self.flow, "App/Info.plist": Self.plist,
            ".flowlint": "info-plist = App/Info.plist\n" + links,
        ])
        defer { project.remove() }
        try await SameFindingsTests.expectNoneReports("FL1509", in: project, flow: Self.flow)
    }
}
