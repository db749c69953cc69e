import FlowModel
import FlowRuntime
import FlowTestSupport
import Foundation
import Testing

@testable import FlowCommandLine

/// Limited states through `flowrun`: `--shown` sets the history, `--relaunch-after` runs again
/// later on the same install, and the transcript says why a state was skipped.
@Suite struct LimitCommandTests {
    static let source = """
        flow push {
          uses notifications
          outcomes granted, denied, later
          start -> primer
          state primer {
            limit 3 times, every 7 days else -> done later
            track "primer_shown"
            alert { title "Alerts" button "Continue" -> done granted  cancel "Not Now" -> done later }
          }
        }
        """

    func flowrun(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = await FlowrunCommand(reader: Fixtures.Reader(files: ["push.flow": Self.source]), environment: [:])
            .run(arguments: arguments, stdin: ScriptedInput([], isTerminal: false), stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    @Test func shownSaysWhyTheStateIsSkipped() async {
        let usedUp = await flowrun(["push.flow", "--shown", "primer=3@10"])
        #expect(usedUp.code == 0)
        #expect(usedUp.out.contains("limit: limit reached (shown 3 of 3 times); the state does not run"))
        #expect(usedUp.out.hasSuffix("outcome: later\n"))
        let tooSoon = await flowrun(["push.flow", "--shown", "primer=1@2"])
        #expect(tooSoon.out.contains("limit: shown 2 days ago, every 7 days; the state does not run"))
    }

    @Test func relaunchAfterRunsAgainOnTheSameInstall() async {
        let r = await flowrun([
            "push.flow", "--tap", "Not Now", "--relaunch-after", "3", "--relaunch-after", "7", "--tap", "Continue",
        ])
        #expect(r.err == "")
        #expect(r.code == 0)
        #expect(r.out.contains("run ended with later; 3 days later the app runs the flow again"))
        #expect(r.out.contains("limit: shown 3 days ago, every 7 days; the state does not run"))
        #expect(r.out.contains("run ended with later; 7 days later the app runs the flow again"))
        #expect(r.out.hasSuffix("outcome: granted\n"))
    }

    @Test func eventsOfEveryRunAreWrittenEachOnItsDay() async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("limit-events-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = await flowrun([
            "push.flow", "--events", path, "--user", "u1", "--time", "2026-01-05T09:30:00Z", "--tap", "Not Now",
            "--relaunch-after", "3",
        ])
        #expect(r.code == 0)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let events = try lines.map { line -> (String, String) in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return (
                try #require(object["event"] as? String), String(try #require(object["time"] as? String).prefix(10))
            )
        }
        #expect(events.map(\.0) == ["flow_start", "primer_shown", "flow_end", "flow_start", "flow_end"])
        #expect(events.map(\.1) == ["2026-01-05", "2026-01-05", "2026-01-05", "2026-01-08", "2026-01-08"])
    }

    @Test func badShownValuesAreUsageErrors() async {
        let malformed = await flowrun(["push.flow", "--shown", "primer=two"])
        #expect(malformed.code == 2)
        #expect(malformed.err.contains("expected STATE=TIMES@DAYS_AGO in '--shown primer=two', e.g. prime=2@3"))
        let unknown = await flowrun(["push.flow", "--shown", "prmer=1"])
        #expect(unknown.code == 2)
        #expect(unknown.err.contains("flow 'push' has no state 'prmer'; did you mean 'primer'?"))
    }
}
