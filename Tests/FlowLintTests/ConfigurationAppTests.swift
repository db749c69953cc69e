import Foundation
import Testing

@testable import FlowLint

/// The configuration's app keys: the app every tool checks the flows against.
@Suite struct ConfigurationAppTests {
    @Test func bothSpellingsNameTheSameApp() throws {
        let lines = try LintConfiguration.parse(
            lines: """
                xcode-project = App.xcodeproj
                target = App
                target = Widget
                configuration = Release
                xcconfig = Config/CI.xcconfig
                deployment-target = 15.0
                privacy-manifest = App/PrivacyInfo.xcprivacy
                """, path: ".flowlint")
        let json = try LintConfiguration.parse(
            json: Data(
                """
                { "app": { "xcodeProject": "App.xcodeproj", "targets": ["App", "Widget"], "configurations": "Release",
                           "xcconfigs": ["Config/CI.xcconfig"], "deploymentTarget": "15.0",
                           "privacyManifest": "App/PrivacyInfo.xcprivacy" } }
                """.utf8), path: "flowlint.json")
        #expect(lines.app == json.app)
        #expect(lines.app.xcodeProject == "App.xcodeproj")
        #expect(lines.app.targets == ["App", "Widget"])
        #expect(lines.app.configurations == ["Release"])
        #expect(lines.app.xcconfigs == ["Config/CI.xcconfig"])
        #expect(lines.app.deploymentTarget == "15.0")
        #expect(lines.app.privacyManifest == "App/PrivacyInfo.xcprivacy")
        #expect(!lines.app.isEmpty)
        #expect(LintConfiguration().app.isEmpty)
    }

    @Test(arguments: [
        ("info-plist = A.plist\ninfo-plist = B.plist\n", ".flowlint:2: 'info-plist' is given twice"),
        ("info-plist =\n", ".flowlint:1: 'info-plist' needs a value"),
    ])
    func lineErrors(text: String, message: String) {
        #expect(throws: LintConfiguration.ParseError(message: message)) {
            try LintConfiguration.parse(lines: text, path: ".flowlint")
        }
    }

    @Test(arguments: [
        (
            "{\"app\": []}",
            "c.json:1:9: 'app' must be an object with 'infoPlist', 'xcodeProject', 'targets', 'configurations', 'xcconfigs', 'deploymentTarget', 'privacyManifest', 'links'"
        ),
        (
            "{\"app\": {\"plist\": \"x\"}}",
            "c.json:1:19: unknown key 'plist' in 'app' (expected 'infoPlist', 'xcodeProject', 'targets', 'configurations', 'xcconfigs', 'deploymentTarget', 'privacyManifest', 'links')"
        ),
        ("{\"app\": {\"targets\": [1]}}", "c.json:1:21: 'targets' must be a string or an array of strings"),
    ])
    func jsonErrors(text: String, message: String) {
        #expect(throws: LintConfiguration.ParseError(message: message)) {
            try LintConfiguration.parse(json: Data(text.utf8), path: "c.json")
        }
    }
}
