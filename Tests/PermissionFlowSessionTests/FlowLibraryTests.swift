import Foundation
import PermissionFlow
import Testing

struct FlowLibraryTests {
    private let camera = """
        import "lib/outcomes.flow"
        flow camera_access {
          uses camera
          start -> check
          state check { status camera { authorized -> done granted  else -> done denied } }
        }
        """
    private let lib = """
        flow shared_done {
          start -> end
          state end { -> done granted }
        }
        """

    @Test func loadsEveryFileOnceAndFindsFlowsByName() throws {
        let library = try FlowLibrary(
            root: "App", paths: ["camera.flow", "lib/outcomes.flow"],
            reader: MemoryReader(["App/camera.flow": camera, "App/lib/outcomes.flow": lib]))
        #expect(library.entries.map(\.path) == ["camera.flow", "lib/outcomes.flow"])
        #expect(library.flowNames == ["camera_access", "shared_done"])
        let program = try #require(library.program(containing: "camera_access"))
        #expect(program.flows.map(\.name) == ["camera_access", "shared_done"])
        #expect(library.program(containing: "shared_done")?.flows.map(\.name) == ["shared_done"])
        #expect(library.program(containing: "nope") == nil)
        #expect(throws: FlowLibraryError.self) { try library.program(for: "camera_acess") }
        do {
            _ = try library.program(for: "camera_acess")
        } catch {
            #expect(error.message == "no flow named 'camera_acess' in the library; did you mean 'camera_access'?")
        }
    }

    @Test func aShippedFlowThatDoesNotCheckNamesFileLineAndColumn() {
        let broken = """
            flow tracking_prompt {
              uses tracking
              start -> ask
              state ask { request tracking -> chek }
              state check { status tracking { authorized -> done granted  else -> done denied } }
            }
            """
        do {
            _ = try FlowLibrary(
                root: "App", paths: ["camera.flow", "lib/outcomes.flow", "tracking.flow"],
                reader: MemoryReader([
                    "App/camera.flow": camera, "App/lib/outcomes.flow": lib, "App/tracking.flow": broken,
                ]))
            Issue.record("a broken flow loaded")
        } catch {
            #expect(error.message.hasPrefix("tracking.flow:4:35: error: unknown state 'chek'"), "\(error.message)")
            #expect(error.message.contains("4 |   state ask { request tracking -> chek }"))
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics.first?.range?.start.line == 4)
        }
    }

    @Test func aFlowNameDeclaredInTwoFilesIsAnError() {
        let twin = "flow camera_access {\n  start -> end\n  state end { -> done granted }\n}\n"
        do {
            _ = try FlowLibrary(
                root: "App", paths: ["a.flow", "b.flow"],
                reader: MemoryReader(["App/a.flow": twin, "App/b.flow": twin]))
            Issue.record("duplicate flow names loaded")
        } catch {
            #expect(
                error.message
                    == "b.flow: error: flow 'camera_access' is also declared in a.flow; flow names must be unique in a library\n"
            )
        }
    }

    @Test func loadsADirectoryRecursivelyAndSkipsOtherFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try camera.write(to: directory.appendingPathComponent("camera.flow"), atomically: true, encoding: .utf8)
        try lib.write(to: directory.appendingPathComponent("lib/outcomes.flow"), atomically: true, encoding: .utf8)
        try "not a flow".write(to: directory.appendingPathComponent("README.txt"), atomically: true, encoding: .utf8)
        let library = try FlowLibrary(directory: directory)
        #expect(library.entries.map(\.path) == ["camera.flow", "lib/outcomes.flow"])
        #expect(library.warnings == [])
    }

    @Test func aDirectoryWithoutFlowsOrAMissingOneIsAnError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = directory.resolvingSymlinksInPath().path
        #expect(throws: FlowLibraryError.self) { try FlowLibrary(directory: directory) }
        do { _ = try FlowLibrary(directory: directory) } catch {
            #expect(error.message == "no .flow files in '\(root)'")
        }
        do { _ = try FlowLibrary(directory: directory.appendingPathComponent("missing")) } catch {
            #expect(error.message == "cannot list '\(root)/missing': it is missing or not a directory")
        }
    }
}

struct PrivacyManifestTests {
    /// The manifest ships with the target that calls UserDefaults (and reads file metadata).
    @Test func declaresTheRequiredReasonAPIsTheSessionTargetUses() throws {
        let url = repositoryRoot.appendingPathComponent("Sources/PermissionFlowSession/Resources/PrivacyInfo.xcprivacy")
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        let root = try #require(plist as? [String: Any])
        #expect(root["NSPrivacyTracking"] as? Bool == false)
        #expect((root["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
        let types = try #require(root["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        var reasons: [String: [String]] = [:]
        for entry in types {
            reasons[try #require(entry["NSPrivacyAccessedAPIType"] as? String)] =
                entry["NSPrivacyAccessedAPITypeReasons"] as? [String]
        }
        #expect(
            reasons == [
                "NSPrivacyAccessedAPICategoryUserDefaults": ["CA92.1"],
                "NSPrivacyAccessedAPICategoryFileTimestamp": ["C617.1"],
            ])
    }
}

struct FlowLibraryImportTests {
    @Test func aBrokenImportIsReportedOnceThoughTwoFilesImportIt() {
        let user = "import \"lib/common.flow\"\nflow a_flow {\n  start -> end\n  state end { -> done granted }\n}\n"
        let other = "import \"lib/common.flow\"\nflow b_flow {\n  start -> end\n  state end { -> done granted }\n}\n"
        let common = "flow common {\n  start -> end\n  state end { -> nowhere }\n}\n"
        do {
            _ = try FlowLibrary(
                root: "", paths: ["a.flow", "b.flow", "lib/common.flow"],
                reader: MemoryReader(["a.flow": user, "b.flow": other, "lib/common.flow": common]))
            Issue.record("a broken import loaded")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(
                error.message.hasPrefix("lib/common.flow:3:18: error: unknown state 'nowhere' [FL0102]"),
                "\(error.message)")
        }
    }
}

/// The example app's flows (Examples/Onboarding/Flows), loaded the way the app loads them.
@MainActor
struct ExampleAppFlowsTests {
    private var flows: URL { repositoryRoot.appendingPathComponent("Examples/Onboarding/Flows") }

    @Test func theThreeOnboardingFlowsLoadWithoutWarnings() throws {
        let library = try FlowLibrary(directory: flows)
        #expect(library.entries.map(\.path) == ["camera.flow", "notifications.flow", "tracking.flow"])
        #expect(library.flowNames == ["camera_access", "notification_access", "tracking_access"])
        #expect(library.warnings == [])
    }

    @Test(arguments: [
        ("en", "Scan receipts with Receipts", "Continue"), ("de-AT", "Belege scannen mit Receipts", "Weiter"),
    ])
    func theCameraStepSpeaksBothLanguages(locale: String, title: String, button: String) async throws {
        let library = try FlowLibrary(directory: flows)
        let session = FlowSession(
            program: try library.program(for: "camera_access"),
            system: try device(answers: [.camera: [.label("Allow")]]),
            options: .init(locale: locale))
        let run = Task { try await session.run(flow: "camera_access") }
        let prime = await nextAlert(session)
        #expect(prime.title == title)
        #expect(prime.buttons.map(\.label) == [button])
        try session.tap(0, of: prime)
        #expect(try await run.value.outcome == "granted")
    }
}
