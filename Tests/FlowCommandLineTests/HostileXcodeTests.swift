import Foundation
import Testing

@testable import FlowCommandLine
@testable import FlowProject

/// Issue 33, item 3: small Xcode files cannot make flowlint do unbounded work. Each bound is a
/// documented constant, and going past it is a usage error at the file, line and column that
/// did it. The tests assert the error and a work counter, never the time.
@Suite struct HostileXcodeTests {
    static let flow =
        "flow f {\n  uses camera\n  start -> s\n  state s { request camera { authorized -> done granted  else -> done denied } }\n}\n"
    static let plist = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict></dict></plist>"#

    /// Nine levels of ten references each: 10^9 copies of the leaf (the issue's 599 bytes).
    static func chain(leaf: String) -> String {
        var text = "GENERATE_INFOPLIST_FILE = YES\nINFOPLIST_KEY_NSCameraUsageDescription = $(L0)\n"
        for level in 0..<9 { text += "L\(level) = " + String(repeating: "$(L\(level + 1))", count: 10) + "\n" }
        return text + "L9 = \(leaf)\n"
    }

    @Test func aVariableChainThatGrowsPastTheValueLimitIsALocatedError() throws {
        let xcconfig = Self.chain(leaf: "camera use")
        #expect(xcconfig.utf8.count < 700)
        let box = try LintSandbox(["App.xcconfig": xcconfig, "Info.plist": Self.plist, "f.flow": Self.flow])
        let run = box.run(["--info-plist", "Info.plist", "--xcconfig", "App.xcconfig", "f.flow"])
        #expect(run.code == 2)
        #expect(
            run.err.hasPrefix(
                "flowlint: error: App.xcconfig:8:1: the value of 'L5' grows past 65536 bytes as its $(...) references are substituted; flowlint reads at most that much\n"
            ), "\(run.err)")
    }

    @Test func aVariableChainOfEmptyValuesStopsAtTheSubstitutionLimit() throws {
        let box = try LintSandbox(["App.xcconfig": Self.chain(leaf: ""), "Info.plist": Self.plist, "f.flow": Self.flow])
        let run = box.run(["--info-plist", "Info.plist", "--xcconfig", "App.xcconfig", "f.flow"])
        #expect(run.code == 2)
        #expect(run.err.hasPrefix("flowlint: error: App.xcconfig:"), "\(run.err)")
        #expect(run.err.contains(": substituting the value of 'L"), "\(run.err)")
        #expect(
            run.err.contains("' takes more than 100000 $(...) references; flowlint substitutes at most that many\n"),
            "\(run.err)")

        // The work done is the bound, not the billion references the file asks for.
        let files = ProjectFileReader(root: box.directory, maxBytes: 1 << 20)
        var warnings: [String] = []
        var settings = ResolvedSettings(
            assignments: try XCConfig.read(box.directory + "/App.xcconfig", files: files, warnings: &warnings),
            configuration: "")
        #expect(settings.value("L0") == "")
        #expect(settings.substitutions == ResolvedSettings.maxSubstitutions + 1)
        #expect(settings.failure != nil)
    }

    @Test func anIncludeFanOutWithoutACycleStopsAtTheIncludeLimit() throws {
        var files: [String: String] = ["Info.plist": Self.plist, "f.flow": Self.flow, "I10.xcconfig": "A = 1\n"]
        for level in 0..<10 {
            files["I\(level).xcconfig"] = "#include \"I\(level + 1).xcconfig\"\n#include \"I\(level + 1).xcconfig\"\n"
        }
        let box = try LintSandbox(files)
        let run = box.run(["--info-plist", "Info.plist", "--xcconfig", "I0.xcconfig", "f.flow"])
        #expect(run.code == 2)
        #expect(run.err.hasPrefix("flowlint: error: I"), "\(run.err)")
        #expect(
            run.err.contains(
                ".xcconfig:2:1: more than 256 #include files read for one xcconfig file; flowlint reads at most that many\n"
            ), "\(run.err)")
    }

    /// A project file naming its one target 2,000 times, whose configuration list names its one
    /// configuration 2,000 times: four million configurations from 17 KB.
    static func pbxproj(targets: [String], configurations: [String], objects extra: String = "") -> String {
        """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {
        \t\tP = {isa = PBXProject; buildConfigurationList = PL; targets = (\(targets.joined(separator: ", "))); };
        \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PC); };
        \t\tPC = {isa = XCBuildConfiguration; name = Debug; buildSettings = {SDKROOT = iphoneos; }; };
        \t\tT = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildConfigurationList = TL; };
        \t\tTL = {isa = XCConfigurationList; buildConfigurations = (\(configurations.joined(separator: ", "))); };
        \t\tC = {isa = XCBuildConfiguration; name = Debug; buildSettings = {GENERATE_INFOPLIST_FILE = YES; }; };
        \(extra)\t};
        \trootObject = P;
        }

        """
    }

    @Test func aProjectFileListingATargetAndAConfigurationTwoThousandTimesIsALocatedError() throws {
        let text = Self.pbxproj(
            targets: Array(repeating: "T", count: 2000), configurations: Array(repeating: "C", count: 2000))
        #expect(text.utf8.count < 17_000)
        let box = try LintSandbox(["App.xcodeproj/project.pbxproj": text, "f.flow": Self.flow])
        let run = box.run(["--xcode-project", "App.xcodeproj", "f.flow"])
        #expect(run.code == 2)
        #expect(
            run.err.hasPrefix(
                "flowlint: error: App.xcodeproj/project.pbxproj:5:69: 'T' is listed twice in 'targets'\n"), "\(run.err)"
        )
    }

    @Test func distinctTargetsSharingALongConfigurationListStopAtThePairLimit() throws {
        let names = (0..<600).map { "C\($0)" }
        let objects =
            names.map { "\t\t\($0) = {isa = XCBuildConfiguration; name = N\($0); buildSettings = {}; };\n" }.joined()
            + "\t\tU = {isa = PBXNativeTarget; name = Other; productType = \"com.apple.product-type.application\"; buildConfigurationList = TL; };\n"
        let box = try LintSandbox([
            "App.xcodeproj/project.pbxproj": Self.pbxproj(
                targets: ["T", "U"], configurations: names, objects: objects),
            "f.flow": Self.flow,
        ])
        let run = box.run(["--xcode-project", "App.xcodeproj", "f.flow"])
        #expect(run.code == 2)
        #expect(run.err.hasPrefix("flowlint: error: App.xcodeproj/project.pbxproj:"), "\(run.err)")
        #expect(
            run.err.contains(
                ": more than 1024 target configurations; flowlint reads at most that many (name the targets with --target)\n"
            ), "\(run.err)")
    }
}
