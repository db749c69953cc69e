import FlowModel
import FlowSyntax
import Testing

@testable import FlowRuntime

/// The runtime's own analytics (Grammar.md, "Events the runtime sends"): `flow_start` before the
/// start state's first track, `flow_end` with the outcome when the run ends with one; the
/// backend gets them, `RunResult.sentEvents` lists them, the trace does not.
@Suite struct RuntimeEventTests {
    static let files = [
        "f.flow": """
        flow main {
          uses camera
          start -> prime
          state prime {
            track "prime_shown"
            alert { title "Camera" button "Continue" -> first  track "prime_continue"  cancel "Not Now" -> done cancelled }
          }
          state first { call ask { granted -> done granted  else -> done denied } }
        }
        flow ask {
          uses camera
          start -> req
          state req { track "asked" request camera { authorized -> done granted  else -> done denied } }
        }
        """
    ]

    static func run(_ script: Script) async throws -> (RunResult, [AnalyticsEvent]) {
        let loaded = Loader(reader: MemoryReader(Self.files)).load("f.flow")
        let program = try #require(loaded.program, "\(brief(loaded.diagnostics))")
        let device = try SimulatedDevice(.init(), script: script)
        let result = try await Interpreter(program: program, backend: device).run(flow: "main")
        return (result, await device.events)
    }

    static func text(_ events: [AnalyticsEvent]) -> [String] {
        events.map { e in
            ([e.name] + e.properties.map { p in if case .text(let s) = p.value { "\(p.key)=\(s)" } else { "?" } })
                .joined(separator: " ")
        }
    }

    @Test func aRunThatEndsIsOpenedAndClosedByTheRuntime() async throws {
        let (result, sent) = try await Self.run(
            Script(taps: taps("Continue"), answers: answers(.camera, .label("Allow"))))
        #expect(result.outcome == "granted")
        #expect(
            Self.text(sent) == [
                "flow_start flow=main", "prime_shown", "prime_continue", "asked",
                "flow_end flow=main outcome=granted",
            ])
        #expect(result.sentEvents == sent)
        // The trace keeps the flow's own tracks only.
        #expect(Self.text(result.events) == ["prime_shown", "prime_continue", "asked"])
        #expect(result.flowStart?.name == "flow_start")
        #expect(result.flowEnd?.name == "flow_end")
    }

    @Test func aRunThatStopsSendsNoEnd() async throws {
        // No tap scripted: the run stops at the alert, as a user who closes the app.
        let (result, sent) = try await Self.run(Script())
        guard case .inputNeeded = result.end else {
            Issue.record("expected the run to need input, got \(result.end)")
            return
        }
        #expect(Self.text(sent) == ["flow_start flow=main", "prime_shown"])
        #expect(result.flowEnd == nil)
    }
}
