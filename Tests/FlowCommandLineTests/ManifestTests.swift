import Foundation
import Testing

@testable import FlowCommandLine
@testable import FlowProject

/// What a company's legal review and a release read: the licence, the version every manifest
/// names, and the changelog agree with each other and with the tools.
@Suite struct ManifestTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func read(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theLicenceIsMITAndEveryManifestSaysSo() throws {
        #expect(try read("LICENSE").hasPrefix("MIT License\n"))
        let package =
            try JSONSerialization.jsonObject(with: Data(read("Editors/vscode/package.json").utf8)) as? [String: Any]
        #expect(package?["license"] as? String == "MIT")
        #expect(package?["version"] as? String == ToolVersion.current)
    }

    /// The newest released section of CHANGELOG.md is the version the tools report.
    @Test func theChangelogNamesTheToolsVersion() throws {
        let releases = try read("CHANGELOG.md").split(separator: "\n")
            .filter { $0.hasPrefix("## ") && !$0.hasPrefix("## Unreleased") }
        #expect(releases.first?.hasPrefix("## \(ToolVersion.current) - ") == true, "\(releases)")
    }
}
