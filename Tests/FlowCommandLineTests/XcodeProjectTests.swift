import Foundation
import Testing

@testable import FlowCommandLine
@testable import FlowProject

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// Runs flowlint in-process from the repository root.
private func flowlint(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
    let out = CapturedOutput()
    let err = CapturedOutput()
    let code = FlowlintCommand(environment: ["NO_COLOR": "1"], currentDirectory: repository).run(
        arguments: arguments, stdout: out, stderr: err)
    return (code, out.text, err.text)
}

@Suite struct ASCIIPlistTests {
    @Test func readsTheShapesARealProjectFileHas() throws {
        let text = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjects = {
            /* Begin PBXProject section */
            \t\tA1 /* Project object */ = {isa = PBXProject; knownRegions = (en, Base, ); };
            \t\tA2 = { path = "\\"App/Preview Content\\""; name = "caf\\U00e9\\n"; data = <0aFF>; };
            \t};
            }
            """
        let plist = try ASCIIPlist(bytes: Array(text.utf8))
        let objects = try #require(plist.root.dictionary?["objects"]?.dictionary)
        #expect(objects.entries.map(\.key) == ["A1", "A2"])
        #expect(objects["A1"]?.dictionary?["isa"]?.string == "PBXProject")
        #expect(objects["A1"]?.dictionary?["knownRegions"]?.array?.compactMap(\.string) == ["en", "Base"])
        #expect(objects["A2"]?.dictionary?["path"]?.string == "\"App/Preview Content\"")
        #expect(objects["A2"]?.dictionary?["name"]?.string == "café\n")
        #expect(objects["A2"]?.dictionary?["data"] == .data([0x0A, 0xFF], .init(line: 7, column: 73)))
        #expect(objects.entries[1].keyPosition == .init(line: 7, column: 3))
    }

    @Test(arguments: [
        ("{ a = b; a = c; }", "duplicate key 'a' in a dictionary (first at 1:3)", "1:10"),
        ("{ a = \"b; }", "unterminated string (opened at 1:7)", "1:7"),
        ("{ a = b }", "expected ';' after the value of 'a'", "1:9"),
        ("{ a = (b c); }", "expected ',' or ')' in the array opened at 1:7, found 'c'", "1:10"),
        ("{ a = b; } x", "unexpected 'x' after the top-level value", "1:12"),
        ("/* open", "unterminated comment", "1:1"),
        ("{\n  a = <0g>;\n}", "'g' in data: only hexadecimal digits may appear between '<' and '>'", "2:9"),
        ("", "the file is empty", "1:1"),
    ])
    func errorsAreLocated(text: String, message: String, position: String) {
        #expect(throws: ASCIIPlist.ParseError(message: message, position: Self.position(position))) {
            try ASCIIPlist(bytes: Array(text.utf8))
        }
    }

    static func position(_ s: String) -> ASCIIPlist.Position {
        let parts = s.split(separator: ":").map { Int($0)! }
        return .init(line: parts[0], column: parts[1])
    }

    @Test func nestingIsCapped() {
        let deep = String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000)
        #expect(
            throws: ASCIIPlist.ParseError(
                message: "nesting deeper than 64 levels", position: .init(line: 1, column: 65))
        ) {
            try ASCIIPlist(bytes: Array(deep.utf8))
        }
    }
}

@Suite struct BuildSettingsTests {
    func setting(_ key: String, _ value: String, _ line: Int) -> BuildSetting {
        let (k, c) = BuildSetting.parseKey(key)!
        return BuildSetting(key: k, conditions: c, value: value, location: "x.xcconfig:\(line):1")
    }

    @Test func inheritedVariablesAndConditions() {
        var s = ResolvedSettings(
            assignments: [
                setting("TARGET_NAME", "Receipts", 1),
                setting("PRODUCT_NAME", "$(TARGET_NAME)", 2),
                setting("FLAGS", "-a", 3),
                setting("FLAGS", "$(inherited) -b", 4),
                setting("FLAGS[config=Release]", "$(inherited) -release", 5),
                setting("TEXT", "${PRODUCT_NAME} scans, $(UNSET)done", 6),
                setting("KEY[sdk=iphonesimulator*]", "simulator", 7),
                setting("KEY[sdk=iphoneos*]", "device", 8),
                setting("ARCH[arch=arm64]", "arm", 9),
                setting("LOOP", "$(LOOP)x", 10),
            ], configuration: "Debug")
        #expect(s.value("FLAGS") == "-a -b")
        #expect(s.value("TEXT") == "Receipts scans, done")
        #expect(s.value("KEY") == "device")
        #expect(s.value("ARCH") == nil)
        #expect(s.value("LOOP") == "x")  // a cycle reads as empty, with a warning
        var release = ResolvedSettings(assignments: s.assignments, configuration: "Release")
        #expect(release.value("FLAGS") == "-a -b -release")
        #expect(
            s.warnings == [
                "x.xcconfig:9:1: the condition [arch=arm64] is not supported (only sdk and config are); 'ARCH' is ignored there",
                "the value of 'LOOP' refers to 'LOOP', whose value refers back to it; read as empty",
            ])
    }
}

@Suite struct XCConfigTests {
    @Test func includesCommentsAndLimits() throws {
        let box = try LintSandbox([
            "App.xcconfig":
                "// top\n#include \"Shared.xcconfig\"\n#include? \"Missing.xcconfig\"\nA = 1 // trailing\nB[sdk=iphoneos*] = two\n",
            "Shared.xcconfig": "C = three;\n",
            "Loop.xcconfig": "#include \"Loop.xcconfig\"\n",
            "Out.xcconfig": "#include \"../outside.xcconfig\"\n",
            "Bad.xcconfig": "A = 1\nnot a setting\n",
        ])
        let files = ProjectFileReader(root: box.directory, maxBytes: 1 << 20)
        var warnings: [String] = []
        let settings = try XCConfig.read(box.directory + "/App.xcconfig", files: files, warnings: &warnings)
        #expect(
            settings.map { "\($0.key)\($0.conditions.map { "[\($0.name)=\($0.pattern)]" }.joined())=\($0.value)" } == [
                "C=three", "A=1", "B[sdk=iphoneos*]=two",
            ])
        #expect(settings[0].location == box.directory + "/Shared.xcconfig:1:1")
        #expect(throws: ProjectError.self) {
            try XCConfig.read(box.directory + "/Loop.xcconfig", files: files, warnings: &warnings)
        }
        do {
            _ = try XCConfig.read(box.directory + "/Loop.xcconfig", files: files, warnings: &warnings)
        } catch {
            #expect(
                error.message.hasSuffix("Loop.xcconfig:1:1: #include nested deeper than 16 files (an include cycle?)"))
        }
        try "X = 1\n".write(toFile: box.directory + "/../outside.xcconfig", atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: box.directory + "/../outside.xcconfig") }
        do {
            _ = try XCConfig.read(box.directory + "/Out.xcconfig", files: files, warnings: &warnings)
            Issue.record("an include outside the root was read")
        } catch {
            #expect(error.message.contains("Out.xcconfig:1:1: the xcconfig file"), "\(error.message)")
            #expect(error.message.contains("outside the project root"), "\(error.message)")
        }
        do {
            _ = try XCConfig.read(box.directory + "/Bad.xcconfig", files: files, warnings: &warnings)
            Issue.record("a malformed line was accepted")
        } catch {
            #expect(error.message == box.directory + "/Bad.xcconfig:2:1: expected 'KEY = value' or '#include \"file\"'")
        }
    }
}

/// `flowlint --xcode-project` on the fixture project (`Tests/Fixtures/XcodeProject`, written in
/// the layout of a real Xcode 16 project file): two app targets and a framework, Debug and
/// Release, an xcconfig with includes and conditions, a generated Info.plist and a plist file.
@Suite struct XcodeProjectCommandTests {
    let project = "Tests/Fixtures/XcodeProject/Receipts.xcodeproj"
    let flows = "Tests/Fixtures/XcodeProject/Flows"

    @Test func everyAppTargetAndConfigurationIsChecked() {
        let r = flowlint(["--format", "gcc", "--xcode-project", project, flows])
        #expect(r.code == 1)
        let f = "Tests/Fixtures/XcodeProject/Flows/scan.flow"
        #expect(
            r.out == """
                \(f):7:18: warning: usage description 'NSCameraUsageDescription' in target 'Receipts' (Release) ("We need access to your camera.") says that the app wants camera access, not what for: App Review (guideline 5.1.1) asks for how the app uses it, with an example [FL1506]
                \(f):8:20: error: request calendar needs 'NSCalendarsUsageDescription' in target 'Legacy' (Debug, Release) for its deployment target iOS 15.0: without it iOS 16 and earlier terminate the app at the request [FL1501]
                \(f):8:20: error: request calendar needs 'NSCalendarsUsageDescription' in target 'Receipts' (Debug, Release) for its deployment target iOS 16.0: without it iOS 16 and earlier terminate the app at the request [FL1501]
                \(f):9:20: error: request contacts needs 'NSContactsUsageDescription' in target 'Legacy' (Debug, Release): without it iOS terminates the app at the request [FL1501]
                \(f):9:20: error: request contacts needs 'NSContactsUsageDescription' in target 'Receipts' (Debug, Release): without it iOS terminates the app at the request [FL1501]
                \(f):10:20: error: request tracking needs 'NSUserTrackingUsageDescription' in target 'Receipts' (Debug, Release): without it iOS terminates the app at the request [FL1501]
                \(f):10:20: warning: request tracking needs the privacy manifest to declare tracking, but Tests/Fixtures/XcodeProject/Legacy/PrivacyInfo.xcprivacy lists no NSPrivacyTrackingDomains [FL1505]
                \(f):10:20: warning: request tracking needs the privacy manifest to declare tracking, but target 'Receipts' (Debug, Release) has no privacy manifest (looked for PrivacyInfo.xcprivacy in the target's files, its folders and beside its Info.plist) [FL1505]
                \(f):11:18: warning: critical alerts are requested but target 'Receipts' (Debug, Release) is not entitled to them: Tests/Fixtures/XcodeProject/Receipts/Receipts.entitlements lacks 'com.apple.developer.usernotifications.critical-alerts', so iOS ignores the option [FL1508]

                """)
        #expect(
            r.err == """
                flowlint: warning: Tests/Fixtures/XcodeProject/Config/Receipts.xcconfig:7:1: the condition [arch=arm64] is not supported (only sdk and config are); 'OTHER_SWIFT_FLAGS' is ignored there
                1 file, 5 errors, 4 warnings

                """)
    }

    @Test func aTargetAndConfigurationCanBeChosenAndTheDeploymentTargetOverridden() {
        let r = flowlint([
            "--format", "gcc", "--quiet", "--xcode-project", project, "--target", "Legacy", "--configuration",
            "Release",
            "--deployment-target", "17.0", flows,
        ])
        let f = "Tests/Fixtures/XcodeProject/Flows/scan.flow"
        #expect(
            r.out == """
                \(f):9:20: error: request contacts needs 'NSContactsUsageDescription' in target 'Legacy' (Release): without it iOS terminates the app at the request [FL1501]
                \(f):10:20: warning: request tracking needs the privacy manifest to declare tracking, but Tests/Fixtures/XcodeProject/Legacy/PrivacyInfo.xcprivacy lists no NSPrivacyTrackingDomains [FL1505]

                """)
        // The text format shows the note that the build setting is ignored.
        let text = flowlint([
            "--quiet", "--xcode-project", project, "--target", "Legacy", "--configuration", "Release", flows,
        ])
        #expect(
            text.out.contains(
                "note: 'INFOPLIST_KEY_NSContactsUsageDescription' is set, but GENERATE_INFOPLIST_FILE is not YES, so Xcode leaves it out of Info.plist"
            ))
    }

    @Test func anXcconfigOverridesTheProject() throws {
        let override = "Tests/Fixtures/XcodeProject/Config/Receipts.xcconfig"
        let r = flowlint([
            "--format", "gcc", "--quiet", "--xcode-project", project, "--target", "Receipts", "--xcconfig", override,
            "--deployment-target", "18.0", flows,
        ])
        // The override's calendar key (it was already set) and deployment target (overridden again) change nothing here.
        #expect(r.out.contains("target 'Receipts' (Release)"))
        #expect(!r.out.contains("NSCalendars"))
    }

    @Test(arguments: [
        (["--target", "Reciepts"], "has no target 'Reciepts'; did you mean 'Receipts'?"),
        (
            ["--target", "Receipts", "--configuration", "Beta"],
            "target 'Receipts' has no configuration 'Beta'; its configurations are 'Debug', 'Release'"
        ),
        (["--deployment-target", "fifteen"], "--deployment-target needs an iOS version such as 15.0, not 'fifteen'"),
        (
            ["--info-plist", "Examples/Onboarding/Info.plist"],
            "give --info-plist or --xcode-project, not both: the project names each target's Info.plist"
        ),
    ])
    func usageErrors(extra: [String], message: String) {
        let r = flowlint(["--xcode-project", project] + extra + [flows])
        #expect(r.code == 2)
        #expect(r.err.contains(message), "\(r.err)")
    }

    @Test func projectOptionsNeedAProject() {
        let target = flowlint(["--target", "App", flows])
        #expect(target.code == 2)
        #expect(
            target.err.hasPrefix(
                "flowlint: error: --target chooses from an Xcode project; add --xcode-project PATH.xcodeproj\n"),
            "\(target.err)")
        let xcconfig = flowlint(["--xcconfig", "Tests/Fixtures/XcodeProject/Config/Shared.xcconfig", flows])
        #expect(xcconfig.code == 2)
        #expect(
            xcconfig.err.hasPrefix(
                "flowlint: error: --xcconfig needs --info-plist or --xcode-project: it adds to an app's settings\n"),
            "\(xcconfig.err)")
    }

    @Test func aBrokenProjectFileIsReportedAtItsLineAndColumn() throws {
        let box = try LintSandbox([
            "Broken.xcodeproj/project.pbxproj":
                "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n\t\tA1 = {isa = PBXProject}\n\t};\n}\n",
            "f.flow":
                "flow f {\n  uses camera\n  start -> s\n  state s { request camera { authorized -> done granted  else -> done denied } }\n}\n",
        ])
        let r = box.run(["--xcode-project", "Broken.xcodeproj", "f.flow"])
        #expect(r.code == 2)
        #expect(
            r.err.hasPrefix(
                "flowlint: error: Broken.xcodeproj/project.pbxproj:5:25: expected ';' after the value of 'isa'\n"),
            "\(r.err)")
    }

    /// FL1507 is about the whole run: a key one entry's flows request is not reported by another.
    @Test func anUnrequestedKeyIsJudgedOverEveryLintedFile() throws {
        let box = try LintSandbox([
            "Info.plist":
                #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSCameraUsageDescription</key><string>Scan receipts.</string><key>NSContactsUsageDescription</key><string>Share receipts with friends.</string><key>NSMicrophoneUsageDescription</key><string>Record a voice note for a receipt.</string></dict></plist>"#,
            "a.flow":
                "flow a {\n  uses camera\n  start -> s\n  state s { request camera { authorized -> done granted  else -> done denied } }\n}\n",
            "b.flow":
                "flow b {\n  uses contacts\n  start -> s\n  state s { request contacts { authorized, limited -> done granted  else -> done denied } }\n}\n",
            ".flowlint": "unrequested-usage-description = note\n",
        ])
        let r = box.run(["--format", "gcc", "--quiet", "--info-plist", "Info.plist", "a.flow", "b.flow"])
        #expect(
            r.out
                == "a.flow:1:6: note: Info.plist declares 'NSMicrophoneUsageDescription' but no flow requests microphone [FL1507]\n"
        )
        #expect(r.code == 0)
    }

    /// Every file the project names is read as every other input: within --max-file-size, and
    /// only under the project root.
    @Test func projectFilesAreBoundedAndStayUnderTheRoot() throws {
        let small = flowlint(["--max-file-size", "2000", "--xcode-project", project, flows])
        #expect(small.code == 2)
        #expect(
            small.err.hasPrefix(
                "flowlint: error: cannot read project file 'Tests/Fixtures/XcodeProject/Receipts.xcodeproj/project.pbxproj': it is "
            ), "\(small.err)")
        #expect(small.err.contains(" bytes, more than --max-file-size 2000\n"), "\(small.err)")

        let box = try LintSandbox([
            "App.xcodeproj/project.pbxproj": "{ objects = { }; }",
            "f.flow":
                "flow f {\n  uses camera\n  start -> s\n  state s { request camera { authorized -> done granted  else -> done denied } }\n}\n",
        ])
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent(
            "outside-\(UUID().uuidString).xcodeproj"
        ).path
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try "{ objects = { }; }".write(toFile: outside + "/project.pbxproj", atomically: true, encoding: .utf8)
        let r = box.run(["--xcode-project", outside, "f.flow"])
        #expect(r.code == 2)
        #expect(r.err.contains("outside the project root"), "\(r.err)")
        let noRoot = box.run(["--xcode-project", "App.xcodeproj", "f.flow"])
        #expect(noRoot.code == 2)
        #expect(
            noRoot.err.hasPrefix(
                "flowlint: error: App.xcodeproj/project.pbxproj:1:1: the project file has no 'rootObject'")
                || noRoot.err.contains("expected the ID of the root object"), "\(noRoot.err)")
    }

    @Test func anInfoPlistWithADuplicateKeyIsAUsageErrorAtTheKey() throws {
        let box = try LintSandbox([
            "Info.plist":
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n  <key>NSCameraUsageDescription</key><string>Scan receipts.</string>\n  <key>NSCameraUsageDescription</key><string>TODO</string>\n</dict>\n</plist>\n",
            "f.flow":
                "flow f {\n  uses camera\n  start -> s\n  state s { request camera { authorized -> done granted  else -> done denied } }\n}\n",
        ])
        let r = box.run(["--info-plist", "Info.plist", "f.flow"])
        #expect(r.code == 2)
        #expect(
            r.err.hasPrefix(
                "flowlint: error: Info.plist:5:3: duplicate key 'NSCameraUsageDescription' in a dictionary (first at 4:3); iOS reads only one of them\n"
            ), "\(r.err)")
    }

    @Test func theExampleAppIsClean() {
        let r = flowlint([
            "--strict", "--xcode-project", "Examples/Onboarding/Onboarding.xcodeproj", "Examples/Onboarding/Flows",
        ])
        #expect(r.code == 0)
        #expect(r.err == "3 files, 0 errors, 0 warnings\n")
    }

    @Test func aPlistAndAnXcconfigWithoutAProject() throws {
        let box = try LintSandbox([
            "App/Info.plist":
                #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSRemindersFullAccessUsageDescription</key><string>Remind you of returns.</string></dict></plist>"#,
            "App/App.xcconfig":
                "IPHONEOS_DEPLOYMENT_TARGET = 16.0\nGENERATE_INFOPLIST_FILE = YES\nINFOPLIST_KEY_NSRemindersUsageDescription = Remind you of returns.\n",
            "f.flow":
                "flow f {\n  uses reminders\n  start -> s\n  state s { request reminders { fullAccess -> done granted  else -> done denied } }\n}\n",
        ])
        #expect(
            box.run([
                "--format", "gcc", "--quiet", "--info-plist", "App/Info.plist", "--xcconfig", "App/App.xcconfig",
                "f.flow",
            ]).out == "")
        #expect(
            box.run([
                "--format", "gcc", "--quiet", "--info-plist", "App/Info.plist", "--deployment-target", "16.0", "f.flow",
            ]).out
                == "f.flow:4:13: error: request reminders needs 'NSRemindersUsageDescription' in App/Info.plist for its deployment target iOS 16.0: without it iOS 16 and earlier terminate the app at the request [FL1501]\n"
        )
    }
}
