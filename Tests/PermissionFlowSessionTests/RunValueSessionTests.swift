import Foundation
import PermissionFlow
import Testing

/// The session hands the host app's analytics the run-time values of `track` properties, and a
/// caller's `handling` replaces the subflow's alert on screen.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct RunValueSessionTests {
    static let flows = """
        app "Receipts"
        flow ask {
          uses camera
          start -> check
          state check { status camera { authorized -> done granted  else -> explain } }
          state explain handoff denied {
            track "camera_explain_shown" { status: "{status}" }
            alert {
              title "Camera access is off"
              button "Not Now" -> done denied  track "camera_explain_closed" { button: "{button}" }
            }
          }
        }
        flow scan {
          uses camera
          start -> go
          state go { call ask { granted -> done granted  else -> after } }
          state after { track "scan_ended" { outcome: "{outcome}" } -> done denied }
        }
        flow scan_own {
          uses camera
          start -> go
          state go { call ask handling denied { granted -> done granted  denied -> own } }
          state own {
            alert { title "Scanning needs the camera" button "OK" -> done denied  track "own_closed" { button: "{button}" } }
          }
        }
        """

    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [AnalyticsEvent] = []
        func append(_ event: AnalyticsEvent) { lock.withLock { events.append(event) } }
        var lines: [String] {
            lock.withLock {
                events.map { e in
                    ([e.name]
                        + e.properties.map { p in
                            if case .text(let s) = p.value { "\(p.key)=\(s)" } else { "\(p.key)=?" }
                        }).joined(separator: " ")
                }
            }
        }
    }

    @Test func analyticsEventsCarryTheStatusTheButtonAndTheOutcome() async throws {
        let log = Log()
        let session = FlowSession(
            program: try program(Self.flows), system: try device([.camera: .denied]),
            options: .init(locale: "en"), onEvent: { log.append($0) })
        let run = Task { try await session.run(flow: "scan") }
        let explain = await nextAlert(session)
        #expect(explain.title == "Camera access is off")
        try session.tap(0, of: explain)
        let result = try await run.value
        #expect(result.outcome == "denied")
        #expect(
            log.lines == [
                "flow_start flow=scan", "camera_explain_shown status=denied",
                "camera_explain_closed button=Not Now", "scan_ended outcome=denied",
                "flow_end flow=scan outcome=denied",
            ])
    }

    /// The seed's own shape: the app passes its denial handler, so the flow shows no alert and
    /// ends with `denied` for the app's own screen.
    @Test func theAppHandlesTheDenialItself() async throws {
        let log = Log()
        let session = FlowSession(
            program: try program(Self.flows), system: try device([.camera: .denied]),
            options: .init(locale: "en"), onEvent: { log.append($0) })
        let result = try await session.run(flow: "ask", handling: ["denied"])
        #expect(result.outcome == "denied")
        #expect(result.path == ["check"])
        #expect(log.lines == ["flow_start flow=ask", "flow_end flow=ask outcome=denied"])
        #expect(session.activity == .finished(.outcome("denied")))
    }

    @Test func theCallersAlertReplacesTheSubflowsOnScreen() async throws {
        let log = Log()
        let session = FlowSession(
            program: try program(Self.flows), system: try device([.camera: .restricted]),
            options: .init(locale: "en"), onEvent: { log.append($0) })
        let run = Task { try await session.run(flow: "scan_own") }
        let shown = await nextAlert(session)
        #expect(shown.title == "Scanning needs the camera")
        try session.tap(0, of: shown)
        let result = try await run.value
        #expect(result.outcome == "denied")
        #expect(result.path == ["go", "ask.check", "own"])
        #expect(
            log.lines == [
                "flow_start flow=scan_own", "own_closed button=OK", "flow_end flow=scan_own outcome=denied",
            ])
    }
}
