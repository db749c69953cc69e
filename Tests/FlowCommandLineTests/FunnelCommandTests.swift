import Foundation
import Testing

@testable import FlowCommandLine

/// `flowrun --events` (a run's analytics as JSON Lines, the runtime's flow_start and flow_end
/// included) and `flowrun funnel` over what scripted runs wrote.
@Suite struct FunnelCommandTests {
    static let flow = """
        flow camera {
          uses camera
          start -> check
          state check { status camera { notDetermined -> prime  else -> done denied } }
          state prime {
            track "prime_shown" { step: 1 }
            alert {
              title "Camera"
              button "Continue" -> ask  track "prime_continue"
              cancel "Not Now" -> done cancelled  track "prime_later"
            }
          }
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }
        """

    func run(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = await FlowrunCommand(reader: Fixtures.Reader(files: ["camera.flow": Self.flow]), environment: [:])
            .run(arguments: arguments, stdin: ScriptedInput([], isTerminal: false), stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).jsonl").path
    }

    @Test func aRunAppendsItsEventsAsJSONLines() async throws {
        let path = Self.temporaryPath("events")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = await run([
            "camera.flow", "--tap", "Continue", "--answer", "camera=Allow", "--events", path, "--user", "u1",
            "--time", "2026-01-05T09:30:00Z",
        ])
        #expect(first.code == 0, "\(first.err)")
        let second = await run([
            "camera.flow", "--tap", "Not Now", "--events", path, "--user", "u\"2", "--time", "2026-01-05T10:00:00.5Z",
        ])
        #expect(second.code == 0, "\(second.err)")
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == """
                {"user": "u1", "event": "flow_start", "properties": {"flow": "camera"}, "time": "2026-01-05T09:30:00.000Z"}
                {"user": "u1", "event": "prime_shown", "properties": {"step": 1}, "time": "2026-01-05T09:30:00.001Z"}
                {"user": "u1", "event": "prime_continue", "properties": {}, "time": "2026-01-05T09:30:00.002Z"}
                {"user": "u1", "event": "flow_end", "properties": {"flow": "camera", "outcome": "granted"}, "time": "2026-01-05T09:30:00.003Z"}
                {"user": "u\\"2", "event": "flow_start", "properties": {"flow": "camera"}, "time": "2026-01-05T10:00:00.500Z"}
                {"user": "u\\"2", "event": "prime_shown", "properties": {"step": 1}, "time": "2026-01-05T10:00:00.501Z"}
                {"user": "u\\"2", "event": "prime_later", "properties": {}, "time": "2026-01-05T10:00:00.502Z"}
                {"user": "u\\"2", "event": "flow_end", "properties": {"flow": "camera", "outcome": "cancelled"}, "time": "2026-01-05T10:00:00.503Z"}

                """)
    }

    @Test func eventOptionsAreCheckedTogether() async {
        let noUser = await run(["camera.flow", "--events", "e.jsonl"])
        #expect(noUser.code == 2)
        #expect(
            noUser.err.hasPrefix(
                "flowrun: error: '--events' needs '--user ID': every event carries the user who sent it\n"))
        let badTime = await run(["camera.flow", "--events", "e.jsonl", "--user", "u", "--time", "yesterday"])
        #expect(
            badTime.err.hasPrefix(
                "flowrun: error: '--time yesterday' is not an ISO 8601 time such as 2026-01-05T09:30:00Z\n"))
        let userAlone = await run(["camera.flow", "--user", "u"])
        #expect(userAlone.err.hasPrefix("flowrun: error: '--user' needs '--events FILE'\n"))
    }

    /// Scripted runs write the events; the funnel reads them back with the counts of those runs.
    @Test func theFunnelOfScriptedRuns() async throws {
        let path = Self.temporaryPath("funnel")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scripts: [[String]] = [
            ["--tap", "Continue", "--answer", "camera=Allow"],
            ["--tap", "Continue", "--answer", "camera=Allow"],
            ["--tap", "Continue", "--answer", "camera=denied"],
            ["--tap", "Not Now"],
            ["--status", "camera=denied"],
            [],  // stops at the priming alert: the user left there
        ]
        for (i, script) in scripts.enumerated() {
            let r = await run(["camera.flow"] + script + ["--events", path, "--user", "u\(i)"])
            #expect(r.code == (script.isEmpty ? 3 : 0), "\(r.err)")
        }
        let funnel = await run(["funnel", "camera.flow", path])
        #expect(funnel.code == 0, "\(funnel.err)")
        #expect(
            funnel.out == """
                funnel of flow camera (camera.flow): 20 events read
                runs: one user's pass through the flow, from flow_start to flow_end or the last event

                variant all: 6 runs
                reached                              runs  of runs
                  prime                                 5  83.3%
                  prime -> ask "Continue"               3  50.0%
                  prime -> done cancelled "Not Now"     1  16.7%
                ended
                  done granted                          2  33.3%
                  done denied                           2  33.3%
                  done cancelled                        1  16.7%
                left (no flow_end), after
                  prime                                 1  16.7%
                opt-in (granted): 2/6 = 33.3%, 95% CI 9.7%-70.0% (Wilson)

                """)
        let json = await run(["funnel", "--format", "json", "camera.flow", path])
        #expect(json.code == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let variants = try #require(object["variants"] as? [[String: Any]])
        #expect(variants.count == 1)
        #expect(variants[0]["runs"] as? Int == 6)
        #expect((variants[0]["optIn"] as? [String: Any])?["runs"] as? Int == 2)
    }

    @Test func thePageDrawsTheGraphWithTheRunsAndEscapesTheCopy() async throws {
        let flow = Self.flow.replacingOccurrences(of: "cancel \"Not Now\"", with: "cancel \"<b>Not</b> Now\"")
        let events = Self.temporaryPath("page")
        let page = Self.temporaryPath("page") + ".html"
        defer {
            try? FileManager.default.removeItem(atPath: events)
            try? FileManager.default.removeItem(atPath: page)
        }
        func run(_ arguments: [String]) async -> Int32 {
            await FlowrunCommand(reader: Fixtures.Reader(files: ["camera.flow": flow]), environment: [:])
                .run(
                    arguments: arguments, stdin: ScriptedInput([], isTerminal: false), stdout: CapturedOutput(),
                    stderr: CapturedOutput())
        }
        for (i, tap) in ["Continue", "<b>Not</b> Now", "Continue"].enumerated() {
            let code = await run([
                "camera.flow", "--tap", tap, "--answer", "camera=Allow", "--events", events, "--user", "u\(i)",
            ])
            #expect(code == 0)
        }
        #expect(await run(["funnel", "--html", page, "camera.flow", events]) == 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<h2>variant all: 3 runs</h2>"))
        #expect(html.contains("opt-in (granted): 2/3 = 66.7%"))
        #expect(html.contains(">Continue: 2 (66.7%)</text>"), "\(html)")
        #expect(html.contains(">&lt;b&gt;Not&lt;/b&gt; Now: 1 (33.3%)</text>"), "\(html)")
        #expect(html.contains(">reached by 3 (100.0%)</text>"), "\(html)")
        #expect(!html.contains("<b>"))
    }

    @Test func aLineThatIsNotAnEventIsReportedWithItsPosition() async throws {
        let path = Self.temporaryPath("bad")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try """
        {"user": "u", "event": "flow_start", "properties": {"flow": "camera"}}
        {"user": "u", "event": "prime_shown", "properties": {"step": 2}}
        {"user": "u" "event": "x"}
        {"event": "x"}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let r = await run(["funnel", "camera.flow", path])
        #expect(r.code == 1)
        #expect(
            r.err == """
                \(path):3:14: error: expected ',' or '}'
                \(path):4:1: error: the event has no "user"

                """)
        // The rest is still counted, and a branch the flow does not have is reported.
        #expect(
            r.out.hasSuffix(
                """
                events of the flow with properties no track of it has (a branch that does not exist):
                  "prime_shown" 1

                """), "\(r.out)")
        let unknownOutcome = await run(["funnel", "--opt-in", "granted,alowed", "camera.flow", path])
        #expect(unknownOutcome.code == 2)
        #expect(
            unknownOutcome.err.hasPrefix(
                "flowrun funnel: error: '--opt-in granted,alowed': the flow has no outcome 'alowed'\n"))
    }
}
