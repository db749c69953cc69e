import Foundation
import Testing

@testable import FlowCommandLine
@testable import FlowProject

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// FL1509 from `flowlint --xcode-project`: the products an app target links are its
/// `packageProductDependencies` (and those of the targets it depends on); the example app links
/// exactly the products its flows need.
@Suite struct LinkedProductsTests {
    static let example = repository + "/Examples/Onboarding"

    /// A copy of the example app (project, Info.plist, privacy manifest and flows) in a sandbox,
    /// with the project file edited by `edit`.
    static func exampleCopy(edit: (String) -> String) throws -> LintSandbox {
        func read(_ path: String) throws -> String { try String(contentsOfFile: example + "/" + path, encoding: .utf8) }
        var files: [String: String] = [
            "Onboarding.xcodeproj/project.pbxproj": edit(try read("Onboarding.xcodeproj/project.pbxproj")),
            "Info.plist": try read("Info.plist"),
            "Onboarding/PrivacyInfo.xcprivacy": try read("Onboarding/PrivacyInfo.xcprivacy"),
        ]
        for name in ["camera", "notifications", "tracking"] {
            files["Flows/\(name).flow"] = try read("Flows/\(name).flow")
        }
        return try LintSandbox(files)
    }

    /// The tracking product's line in the target's `packageProductDependencies`.
    static let trackingDependency = "\t\t\t\t2D1B8F4C6E3A5B7D9F1C2E03 /* PermissionFlowTracking */,\n"

    @Test func readsTheTargetsPackageProducts() throws {
        let files = ProjectFileReader(root: repository, maxBytes: 1 << 20)
        let project = try XcodeProject.read(Self.example + "/Onboarding.xcodeproj", files: files)
        #expect(
            project.targets.map(\.packageProducts) == [
                [
                    "PermissionFlow", "PermissionFlowUI", "PermissionFlowApple", "PermissionFlowCamera",
                    "PermissionFlowNotifications", "PermissionFlowTracking",
                ]
            ])
    }

    @Test func aTargetWithoutAKindsProductIsAnErrorAtTheUses() throws {
        let box = try Self.exampleCopy { $0.replacingOccurrences(of: Self.trackingDependency, with: "") }
        let r = box.run(["--format", "gcc", "--strict", "--xcode-project", "Onboarding.xcodeproj", "Flows"])
        #expect(r.code == 1)
        #expect(
            r.out
                == "Flows/tracking.flow:10:8: error: flow 'tracking_access' uses tracking but target 'Onboarding' (Debug, Release) does not link PermissionFlowTracking; add it to target 'Onboarding' in Xcode (General > Frameworks, Libraries, and Embedded Content) [FL1509]\n",
            "\(r.out)\(r.err)")
        let text = box.run(["--xcode-project", "Onboarding.xcodeproj", "Flows/tracking.flow"])
        #expect(
            text.out.contains(
                "note: without PermissionFlowTracking the session refuses the flow when it starts (FL2108)"),
            "\(text.out)")
    }

    /// A capability check needs its framework's product too: the camera flow's `capability camera`.
    @Test func aCapabilityCheckNeedsItsProduct() throws {
        let box = try Self.exampleCopy {
            $0.replacingOccurrences(
                of: "\t\t\t\t2D1B8F4C6E3A5B7D9F1C2E01 /* PermissionFlowCamera */,\n", with: "")
        }
        let r = box.run(["--format", "gcc", "--xcode-project", "Onboarding.xcodeproj", "Flows/camera.flow"])
        #expect(
            r.out
                == "Flows/camera.flow:10:8: error: flow 'camera_access' uses camera but target 'Onboarding' (Debug, Release) does not link PermissionFlowCamera; add it to target 'Onboarding' in Xcode (General > Frameworks, Libraries, and Embedded Content) [FL1509]\n",
            "\(r.out)\(r.err)")
        let text = box.run(["--xcode-project", "Onboarding.xcodeproj", "Flows/camera.flow"])
        #expect(text.out.contains("note: flow 'camera_access' checks capability camera here too"), "\(text.out)")
    }

    /// A target that links no product of the Apple system itself may get them through a framework
    /// of its own, or answer for iOS with a system of its own: what it needs is unknown, and FL1509
    /// stays silent. `ownSystem` keeps the session and the presenters only.
    @Test(arguments: [false, true])
    func aTargetThatLinksNoSystemProductIsUnknown(ownSystem: Bool) throws {
        let box = try Self.exampleCopy { text in
            let kept = ownSystem ? "3B95652198C67EE1292475BE,\nD83AB212B77BF8C6392F34C7,\n" : ""
            return text.replacingOccurrences(
                of: "\t\t\tpackageProductDependencies = (\n",
                with: "\t\t\tpackageProductDependencies = (\n\(kept));\nX = (\n")
        }
        let r = box.run(["--format", "gcc", "--strict", "--xcode-project", "Onboarding.xcodeproj", "Flows"])
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(r.out == "")
    }

    /// A product of a local package of the app's own may bring PermissionFlow products the project
    /// file does not show: silent, though the target's own products lack tracking's.
    @Test func aLocalPackageOfTheAppsOwnMakesTheProductsUnknown() throws {
        let box = try Self.exampleCopy { text in
            text.replacingOccurrences(of: Self.trackingDependency, with: "\t\t\t\tAAAA0000000000000000FEA1,\n")
                .replacingOccurrences(
                    of: "/* End XCSwiftPackageProductDependency section */",
                    with: """
                        AAAA0000000000000000FEA1 = {isa = XCSwiftPackageProductDependency; package = AAAA0000000000000000FEA0; productName = Features; };
                        AAAA0000000000000000FEA0 = {isa = XCLocalSwiftPackageReference; relativePath = Features; };
                        /* End XCSwiftPackageProductDependency section */
                        """)
        }
        let r = box.run(["--format", "gcc", "--strict", "--xcode-project", "Onboarding.xcodeproj", "Flows"])
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(r.out == "")
    }

    @Test func theExampleLinksWhatItsFlowsUse() {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = FlowlintCommand(environment: ["NO_COLOR": "1"], currentDirectory: repository).run(
            arguments: [
                "--strict", "--xcode-project", "Examples/Onboarding/Onboarding.xcodeproj", "Examples/Onboarding/Flows",
            ], stdout: out, stderr: err)
        #expect(code == 0)
        #expect(err.text == "3 files, 0 errors, 0 warnings\n")
    }

    @Test(arguments: [
        (
            ["--link", "PermissionFlowCamra", "--info-plist", "Info.plist"],
            "flowlint: error: --link names 'PermissionFlowCamra', which is not a PermissionFlow product; did you mean 'PermissionFlowCamera'?\n"
        ),
        (
            ["--link", "PermissionFlowCamera", "--xcode-project", "Onboarding.xcodeproj"],
            "flowlint: error: --link names the products of an app without an Xcode project; with --xcode-project they are read from each target's package products\n"
        ),
    ])
    func badLinksAreUsageErrors(arguments: [String], message: String) throws {
        let box = try Self.exampleCopy { $0 }
        let r = box.run(arguments + ["Flows"])
        #expect(r.code == 2)
        #expect(r.err.hasPrefix(message), "\(r.err)")
    }

    /// `--link` alone (no Info.plist): the app is only its products.
    @Test func linksAloneCheckOnlyTheProducts() throws {
        let box = try Self.exampleCopy { $0 }
        let r = box.run([
            "--format", "gcc", "--link", "PermissionFlowCamera", "--link", "PermissionFlowNotifications", "Flows",
        ])
        #expect(
            r.out
                == "Flows/tracking.flow:10:8: error: flow 'tracking_access' uses tracking but the app does not link PermissionFlowTracking; add it to the app target's package products and to --link [FL1509]\n",
            "\(r.out)\(r.err)")
    }
}
