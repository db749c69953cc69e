import FlowModel
import Foundation
import Testing

@testable import FlowCommandLine

/// What flowrun prints for a handed-off state and for run-time values: the transcript line, the
/// JSON action, and the resolved event properties.
@Suite struct HandoffTranscriptTests {
    static let source = """
        flow ask {
          uses camera
          start -> check
          state check { status camera { authorized -> done granted  else -> explain } }
          state explain handoff denied { alert { title "Camera is off" button "OK" -> done denied } }
        }
        flow own {
          uses camera
          start -> go
          state go { call ask handling denied { granted -> done granted  denied -> mine } }
          state mine { track "own_denied" { outcome: "{outcome}" } -> done denied }
        }
        """

    static func program() throws -> Program {
        let loaded = Loader(reader: MemoryReader([:])).load(text: source, path: "camera.flow")
        return try #require(loaded.program, "\(loaded.diagnostics)")
    }

    @Test func theTranscriptSaysTheStateDidNotRun() async throws {
        let r = await Fixtures.flowrun(
            ["camera.flow", "--flow", "own", "--status", "camera=denied"], program: try Self.program())
        #expect(r.code == 0, "\(r.err)")
        #expect(
            r.out == """
                flow own (camera.flow)

                  1  go  camera.flow:10:14
                     call ask()
                     -> ask.check
                      2  ask.check  camera.flow:4:17
                         status camera: denied
                         -> explain
                         handoff denied: the caller handles it; the state does not run
                         -> done denied
                     ask ended with denied
                     -> mine
                  3  mine  camera.flow:11:60
                     track own_denied {outcome: "denied"}
                     -> done denied

                outcome: denied

                """)
    }

    @Test func jsonNamesTheHandoffAndTheValues() async throws {
        let r = await Fixtures.flowrun(
            ["camera.flow", "--flow", "own", "--status", "camera=denied", "--format", "json"],
            program: try Self.program())
        #expect(r.code == 0, "\(r.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(json["path"] as? [String] == ["go", "ask.check", "mine"])
        let events = try #require(json["events"] as? [[String: Any]])
        #expect(events.count == 1)
        #expect(events.first?["properties"] as? [String: String] == ["outcome": "denied"])
        let steps = try #require(json["steps"] as? [[String: Any]])
        let actions = steps.compactMap { $0["action"] as? [String: Any] }
        let handoff = try #require(actions.first { $0["kind"] as? String == "handedOff" })
        #expect(handoff["outcome"] as? String == "denied")
    }
}
