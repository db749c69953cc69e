import FlowModel
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

@testable import FlowLint

/// FL1506 (usage-description-without-example): its documented examples, then its tests (add the next one here).
@Suite struct UsageDescriptionWithoutExampleTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .usageDescriptionWithoutExample) }

    /// What reviewers reject: the permission is named, its use is not.
    @Test(arguments: [
        "We need your camera", "We need access to your camera.",
        "This app requires access to your location to work properly.",
        "Allow access to your photos to use this feature.", "Camera access required",
        "Receipts needs access to your contacts.",
        "Please allow microphone access for full functionality.", "The app's features need your Bluetooth.",
    ])
    func generic(_ text: String) { #expect(PurposeText.givesNoExample(text, appName: "Receipts")) }

    @Test(arguments: [
        "Scan receipts", "Receipts uses the camera to scan your receipts.", "We need your camera to scan receipts",
        "需要使用相机进行拍照翻译/分析", "Nous avons besoin de votre caméra", "Used to attach photos of receipts to expenses.", "",
    ])
    func specificOrNotJudged(_ text: String) { #expect(!PurposeText.givesNoExample(text, appName: "Receipts")) }

    /// Every usage description in the repository's plists and string files (the fixture's one
    /// deliberate "We need access to your camera." aside) passes: no false alarm on real text.
    @Test func noFalseAlarmOnTheRepositorysPurposeStrings() throws {
        // This file is Tests/FlowLintTests/Rules/<name>.swift: four components below the root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var texts: [String] = []
        for dir in ["Examples", "Tests/Fixtures", "flows"] {
            let base = root.appendingPathComponent(dir)
            for path in (FileManager.default.subpaths(atPath: base.path) ?? []).sorted()
            where path.hasSuffix(".plist") || path.hasSuffix("InfoPlist.strings") || path.hasSuffix(".xcconfig")
                || path.hasSuffix(".pbxproj")
            {
                let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
                // `<key>NS…UsageDescription</key> <string>…</string>`, `"NS…UsageDescription" = "…";`, `INFOPLIST_KEY_NS…UsageDescription = …`
                for line in text.split(separator: "\n") where line.contains("UsageDescription") {
                    if let eq = line.firstIndex(of: "=") {
                        texts.append(
                            line[line.index(after: eq)...].trimmingCharacters(in: CharacterSet(charactersIn: " ;\"\t")))
                    }
                }
                let lines = text.split(separator: "\n").map(String.init)
                for (i, line) in lines.enumerated() where line.contains("UsageDescription</key>") && i + 1 < lines.count
                {
                    texts.append(
                        lines[i + 1].replacingOccurrences(of: "<string>", with: "").replacingOccurrences(
                            of: "</string>", with: ""
                        )
                        .trimmingCharacters(in: .whitespaces))
                }
            }
        }
        #expect(texts.count >= 10, "found \(texts)")
        let flagged = texts.filter { PurposeText.givesNoExample($0, appName: "Receipts") }
        #expect(flagged == ["We need access to your camera."])
    }

    @Test func theRuleNamesTheTextAndWhatReviewersAskFor() {
        let plist = InfoPlist(path: "Info.plist", values: ["NSCameraUsageDescription": .string("We need your camera")])
        #expect(
            lintApps(
                """
                app "Receipts"
                flow camera {
                  uses camera
                  start -> ask
                  state ask { 1️⃣request camera { authorized -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.usageDescriptionWithoutExample], apps: [AppTarget(name: "Info.plist", infoPlist: plist)])
                == [
                    "1️⃣-2️⃣ FL1506 warning: usage description 'NSCameraUsageDescription' in Info.plist (\"We need your camera\") says that the app wants camera access, not what for: App Review (guideline 5.1.1) asks for how the app uses it, with an example",
                    "  note: name what the user gets, for example \"Receipts uses the camera to ...\"",
                ])
    }
}
