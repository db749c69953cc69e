import FlowModel
import Foundation
import Testing

@testable import FlowCommandLine

/// `flowrun --explore` on real flow text (loader, checker, explorer), in memory or on disk.
@Suite struct ExploreCommandTests {
    /// Counted by hand. Camera statuses in Apple's order: notDetermined, restricted, denied,
    /// authorized. notDetermined -> prime: "Continue" -> ask -> Allow (granted) or Don't Allow
    /// (denied); "Not Now" (cancelled). restricted, denied -> done denied. authorized -> granted.
    /// 6 paths: 2 granted, 3 denied, 1 cancelled. `orphan` is never reached: states 3/4,
    /// branches 7/8 (check 3, prime 2, ask 2 taken; orphan's goto not), buttons 2/2.
    static let small = """
        flow cam {
          uses camera
          start -> check
          state check { status camera { authorized -> done granted  notDetermined -> prime  else -> done denied } }
          state prime { alert { title "Camera"  button "Continue" -> ask  cancel "Not Now" -> done cancelled } }
          state ask { request camera { authorized -> done granted  else -> done denied } }
          state orphan { -> done denied }
        }
        """

    /// No `else` in `check`: restricted and denied match no arm (FL2101).
    static let partial = """
        flow cam {
          uses camera
          start -> check
          state check { status camera { authorized -> done granted  notDetermined -> ask } }
          state ask { request camera { authorized -> done granted  denied -> done denied } }
        }
        """

    /// With a Settings round trip, so emitted scenarios include taps, answers, settings and relaunch.
    static let settings = """
        flow camera {
          uses camera
          start -> check
          state check { status camera { authorized -> done granted  notDetermined -> ask  denied, restricted -> explain } }
          state ask { request camera { authorized -> done granted  denied -> explain } }
          state explain { track "explain_shown"  alert { title "Camera is off"  button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
          state settings { open settings on return -> check }
        }
        """

    func explore(_ arguments: [String], source: String = small) async -> (code: Int32, out: String, err: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = await FlowrunCommand(reader: Fixtures.Reader(files: ["cam.flow": source]), environment: [:])
            .run(arguments: arguments, stdin: ScriptedInput([], isTerminal: false), stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    static func onDisk(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = await FlowrunCommand(reader: FileSystemReader(), environment: [:])
            .run(arguments: arguments, stdin: ScriptedInput([], isTerminal: false), stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    static func temporaryDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowrun-explore-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func textGroupsPathsByOutcomeWithCoverage() async {
        let r = await explore(["--explore", "cam.flow"])
        #expect(r.code == 0)
        #expect(r.err == "")
        #expect(
            r.out == """
                explore cam (cam.flow)
                6 paths: 2 granted, 3 denied, 1 cancelled; 11 steps

                granted (2)
                   1  check > prime > ask  [status camera = notDetermined; tap "Continue"; answer camera "Allow"]
                   2  check  [status camera = authorized]

                denied (3)
                   1  check > prime > ask  [status camera = notDetermined; tap "Continue"; answer camera "Don't Allow"]
                   2  check  [status camera = restricted]
                   3  check  [status camera = denied]

                cancelled (1)
                   1  check > prime  [status camera = notDetermined; tap "Not Now"]

                coverage: states 3/4, branches 7/8, buttons 2/2
                unreached states:
                  cam.flow:7:9: cam.orphan

                """)
    }

    @Test func jsonHasTheDocumentedShape() async throws {
        let r = await explore(["--explore", "cam.flow", "--format", "json"])
        #expect(r.code == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        // Top-level keys in the documented order.
        let keys = [
            "file", "flow", "locale", "exitCode", "complete", "budget", "steps", "pathCount", "groups",
            "coverage", "unreachedStates",
        ]
        #expect(Set(object.keys) == Set(keys))
        let offsets = keys.map { r.out.range(of: "\n  \"\($0)\":")?.lowerBound }
        #expect(offsets.allSatisfy { $0 != nil })
        #expect(offsets.compactMap { $0 } == offsets.compactMap { $0 }.sorted())

        #expect(object["flow"] as? String == "cam")
        #expect(object["exitCode"] as? Int == 0)
        #expect(object["complete"] as? Bool == true)
        #expect(object["pathCount"] as? Int == 6)
        let groups = try #require(object["groups"] as? [[String: Any]])
        #expect(groups.map { $0["ending"] as? String } == ["granted", "denied", "cancelled"])
        #expect(groups.map { ($0["paths"] as? [Any])?.count } == [2, 3, 1])
        let first = try #require((groups[0]["paths"] as? [[String: Any]])?.first)
        #expect(first["states"] as? [String] == ["check", "prime", "ask"])
        #expect((first["ending"] as? [String: String]) == ["kind": "outcome", "outcome": "granted"])
        let decisions = try #require(first["decisions"] as? [[String: String]])
        #expect(
            decisions == [
                ["state": "check", "choice": "status camera = notDetermined"],
                ["state": "prime", "choice": "tap \"Continue\""],
                ["state": "ask", "choice": "answer camera \"Allow\""],
            ])
        #expect(first["scenario"] is NSNull)

        let coverage = try #require(object["coverage"] as? [String: [String: Any]])
        #expect(coverage["states"]?["covered"] as? Int == 3)
        #expect(coverage["states"]?["total"] as? Int == 4)
        #expect(coverage["branches"]?["covered"] as? Int == 7)
        #expect(coverage["branches"]?["total"] as? Int == 8)
        #expect(coverage["buttons"]?["covered"] as? Int == 2)
        #expect(coverage["buttons"]?["total"] as? Int == 2)
        let unreached = try #require(object["unreachedStates"] as? [[String: String]])
        #expect(unreached == [["name": "cam.orphan", "location": "cam.flow:7:9"]])
    }

    @Test func flowErrorPathsExitOne() async throws {
        let r = await explore(["--explore", "cam.flow"], source: Self.partial)
        #expect(r.code == 1)
        #expect(r.out.contains("error FL2101 (2)"))
        #expect(
            r.out.contains(
                "2  check  [status camera = denied]  error FL2101: status camera 'denied' matches no arm in state 'check'"
            ))
        let json = await explore(["--explore", "cam.flow", "--format", "json"], source: Self.partial)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["exitCode"] as? Int == 1)
        let groups = try #require(object["groups"] as? [[String: Any]])
        let error = try #require(groups.first { $0["ending"] as? String == "error FL2101" })
        let ending = try #require((error["paths"] as? [[String: Any]])?.first?["ending"] as? [String: String])
        #expect(ending["kind"] == "error")
        #expect(ending["id"] == "FL2101")
        #expect(ending["location"] == "cam.flow:4:17")
    }

    @Test func budgetExhaustionExitsFiveAndSaysSo() async throws {
        let r = await explore(["--explore", "cam.flow", "--explore-budget", "2"])
        #expect(r.code == ExitCode.explorationIncomplete)
        #expect(r.out.contains("budget exceeded: stopped after 2 of 2 steps"))
        #expect(r.err.contains("exploration stopped at its budget of 2 steps"))
        let json = await explore(["--explore", "cam.flow", "--explore-budget", "2", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["complete"] as? Bool == false)
        #expect(object["budget"] as? Int == 2)
        #expect(object["exitCode"] as? Int == 5)
        // The full exploration runs 11 steps (replays at decisions included): 11 completes, 10 does not.
        #expect(await explore(["--explore", "cam.flow", "--explore-budget", "11"]).code == 0)
        #expect(
            await explore(["--explore", "cam.flow", "--explore-budget", "10"]).code == ExitCode.explorationIncomplete)
    }

    @Test(arguments: [
        ["--explore", "cam.flow", "--explore-budget", "0"],
        ["--explore", "cam.flow", "--explore-budget", "-3"],
        ["--explore", "cam.flow", "--explore-budget", "many"],
        ["cam.flow", "--explore-budget", "10"],
        ["--explore", "cam.flow", "--tap", "Continue"],
        ["--explore", "cam.flow", "--status", "camera=denied"],
        ["--explore", "cam.flow", "--flow", "nope"],
        ["cam.flow", "--emit-scenarios", "out"],
    ])
    func usageErrors(arguments: [String]) async {
        let r = await explore(arguments)
        #expect(r.code == ExitCode.usageError)
        #expect(r.err.hasPrefix("flowrun: error: "))
        #expect(r.out == "")
    }

    @Test func emittedScenariosReplayThroughFlowrunTest() async throws {
        let directory = try Self.temporaryDirectory()
        try Self.settings.write(toFile: directory + "/camera.flow", atomically: true, encoding: .utf8)
        let out = directory + "/scenarios/camera"
        let r = await Self.onDisk(["--explore", directory + "/camera.flow", "--emit-scenarios", out])
        #expect(r.code == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(names.allSatisfy { $0.hasPrefix("camera-") && $0.hasSuffix(".scenario") })
        #expect(names.contains("camera-granted-1.scenario"))
        #expect(names.contains("camera-denied-1.scenario"))
        let cycles = r.out.components(separatedBy: "\n").first { $0.hasPrefix("cycle (") }
        #expect(r.out.contains("wrote \(names.count) scenarios to \(out)"))
        #expect(cycles != nil, "a Settings visit without a change goes round: a cycle, which gets no file")

        let granted = try String(contentsOfFile: out + "/camera-granted-1.scenario", encoding: .utf8)
        #expect(granted.contains("flow ../../camera.flow camera\n"))
        #expect(granted.contains("expect outcome granted\n"))

        let replay = await Self.onDisk(["test", out])
        #expect(replay.code == 0)
        #expect(replay.out.hasSuffix("\(names.count) passed, 0 failed\n"))

        // Emitting again into the same directory replaces our own files.
        let again = await Self.onDisk(["--explore", directory + "/camera.flow", "--emit-scenarios", out])
        #expect(again.code == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == names)
    }

    @Test func emitRefusesADirectoryWithOtherFiles() async throws {
        let directory = try Self.temporaryDirectory()
        try Self.settings.write(toFile: directory + "/camera.flow", atomically: true, encoding: .utf8)
        let r = await Self.onDisk(["--explore", directory + "/camera.flow", "--emit-scenarios", directory])
        #expect(r.code == ExitCode.usageError)
        #expect(r.err.contains("holds 'camera.flow', which is not a .scenario file"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["camera.flow"])
    }

    @Test func emittedScenariosKeepArgumentsAndApp() async throws {
        let directory = try Self.temporaryDirectory()
        try """
        flow ask(p: permission, why: text) {
          start -> check
          state check { status p { granted -> done granted  notDetermined -> prime  else -> done denied } }
          state prime { alert { title "{why}"  button "OK" -> request  cancel "Later" -> done cancelled } }
          state request { request p { granted -> done granted  else -> done denied } }
        }
        """.write(toFile: directory + "/ask.flow", atomically: true, encoding: .utf8)
        let out = directory + "/out"
        let r = await Self.onDisk([
            "--explore", directory + "/ask.flow", "--arg", "p=camera", "--arg", "why=To scan",
            "--app", "Receipts", "--emit-scenarios", out,
        ])
        #expect(r.code == 0)
        let text = try String(contentsOfFile: out + "/ask-cancelled-1.scenario", encoding: .utf8)
        #expect(
            text.contains("flow ../ask.flow ask\nargument p = camera\nargument why = \"To scan\"\napp \"Receipts\"\n"))
        let replay = await Self.onDisk(["test", out])
        #expect(replay.code == 0)
        #expect(replay.out.hasSuffix(" passed, 0 failed\n"))
    }

    @Test func relativePaths() {
        #expect(ScenarioEmitter.relativePath(to: "/a/b/c.flow", from: "/a/b/out") == "../c.flow")
        #expect(ScenarioEmitter.relativePath(to: "/a/b/c.flow", from: "/a/b") == "c.flow")
        #expect(ScenarioEmitter.relativePath(to: "/a/c.flow", from: "/a/b/d/e") == "../../../c.flow")
        #expect(ScenarioEmitter.relativePath(to: "/x/c.flow", from: "/a") == "../x/c.flow")
    }
}

/// Every flow in `flows/` explores to completion and its emitted scenarios pass when replayed.
@Suite struct ExploreCorpusTests {
    static let flowsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("flows").path

    @Test func everyFlowExploresAndReplays() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.flowsDirectory).filter {
            $0.hasSuffix(".flow")
        }.sorted()
        #expect(files.count >= 10)
        let out = try ExploreCommandTests.temporaryDirectory()
        var emitted = 0
        for file in files {
            let dir = out + "/" + file.replacingOccurrences(of: ".flow", with: "")
            let r = await ExploreCommandTests.onDisk([
                "--explore", Self.flowsDirectory + "/" + file, "--emit-scenarios", dir,
            ])
            // A seed port may keep a seed's crash (a path ending in FL2101): exit 1, never 5 or 2.
            #expect(r.code == 0 || r.code == 1, "\(file): \(r.err)")
            #expect(!r.out.contains("budget exceeded"), "\(file)")
            emitted += try FileManager.default.contentsOfDirectory(atPath: dir).count
        }
        let replay = await ExploreCommandTests.onDisk(["test", out])
        #expect(replay.code == 0)
        #expect(replay.out.hasSuffix("\(emitted) passed, 0 failed\n"))
    }
}
