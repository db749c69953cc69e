import FlowModel
import FlowSyntax
import Testing

@testable import FlowRuntime

/// The interpreter on caller-handled outcomes (`handoff` / `handling`) and run-time values in
/// analytics properties, on programs the real loader and checker produced.
@Suite struct HandoffAndRunValueTests {
    static let text = """
        app "Snap"
        flow ask {
          uses camera
          start -> check
          state check { status camera { authorized -> done granted  notDetermined -> request  else -> explain } }
          state request { request camera { authorized -> done granted  else -> explain } }
          state explain handoff denied {
            track "ask_explain_shown" { status: "{status}" }
            alert {
              title "Camera is off"
              button "Settings" -> settings  track "ask_tapped" { button: "{button}", status: "{status}" }
              cancel "Cancel" -> done denied
            }
          }
          state settings { open settings on return -> back }
          state back { status camera { authorized -> done granted  else -> done denied } }
        }
        flow own {
          uses camera
          start -> go
          state go { call ask handling denied { granted -> done granted  denied -> mine } }
          state mine { track "own_denied" { outcome: "{outcome}" } -> done denied }
        }
        flow plain {
          uses camera
          start -> go
          state go { call ask { granted -> done granted  else -> after } }
          state after { track "plain_after" { outcome: "{outcome}" } -> done denied }
        }
        flow both {
          uses camera, microphone
          start -> check
          state check { status (camera, microphone) { else -> shown } }
          state shown { track "both" { statuses: "{status}" } -> done granted }
        }
        """

    static let program: Program = {
        let loaded = Loader(reader: MemoryReader([:])).load(text: text, path: "main.flow")
        guard let program = loaded.program else { preconditionFailure("\(loaded.diagnostics)") }
        return program
    }()

    /// Each event as `name key=value ...`.
    static func events(_ r: RunResult) -> [String] {
        r.events.map { event in
            ([event.name]
                + event.properties.map { p in
                    switch p.value {
                    case .text(let s): "\(p.key)=\(s)"
                    case .number(let n): "\(p.key)=\(n)"
                    case .bool(let b): "\(p.key)=\(b)"
                    }
                }).joined(separator: " ")
        }
    }

    @Test func aHandlingCallerTakesOverBeforeTheAlert() async throws {
        let (r, _) = try await simulate(Self.program, flow: "own", .init(statuses: [.camera: .denied]))
        #expect(r.end == .outcome("denied"))
        #expect(r.path == ["go", "ask.check", "mine"])
        #expect(Self.events(r) == ["own_denied outcome=denied"])
        let handoff = try #require(r.trace.first { $0.action == .handedOff(outcome: "denied") })
        #expect(handoff.context.state == "explain")
        #expect(handoff.context.depth == 1)
        #expect(handoff.events.isEmpty)
        #expect(handoff.next == .outcome("denied"))
        #expect(!r.trace.contains { if case .alert = $0.action { true } else { false } })
    }

    @Test func theHandoffAlsoCatchesTheAnswerToThePrompt() async throws {
        let (r, _) = try await simulate(
            Self.program, flow: "own", script: Script(answers: answers(.camera, .label("Don't Allow"))))
        #expect(r.end == .outcome("denied"))
        #expect(r.path == ["go", "ask.check", "ask.request", "mine"])
    }

    /// Without `handling`, the same subflow shows its alert, and its events carry the status read
    /// and the button tapped; the caller's event carries the subflow's outcome.
    @Test func withoutHandlingTheStateRunsAndValuesFlowIntoEvents() async throws {
        let (r, _) = try await simulate(
            Self.program, flow: "plain", .init(statuses: [.camera: .restricted]),
            script: Script(taps: taps("Settings"), settingsVisits: [Scripted(SettingsActions([], relaunch: false))]))
        #expect(r.end == .outcome("denied"))
        #expect(r.path == ["go", "ask.check", "ask.explain", "ask.settings", "ask.back", "after"])
        #expect(
            Self.events(r) == [
                "ask_explain_shown status=restricted", "ask_tapped button=Settings status=restricted",
                "plain_after outcome=denied",
            ])
        #expect(!r.trace.contains { if case .handedOff = $0.action { true } else { false } })
    }

    @Test func aRequestSetsTheStatusItCompletedWith() async throws {
        let (r, _) = try await simulate(
            Self.program, flow: "plain",
            script: Script(
                taps: taps("Cancel"), answers: answers(.camera, .label("Don't Allow"))))
        #expect(Self.events(r) == ["ask_explain_shown status=denied", "plain_after outcome=denied"])
    }

    @Test func aTupleCheckJoinsItsStatuses() async throws {
        let (r, _) = try await simulate(
            Self.program, flow: "both", .init(statuses: [.camera: .authorized, .microphone: .denied]))
        #expect(Self.events(r) == ["both statuses=authorized,denied"])
    }

    /// After iOS relaunched the app in the subflow's Settings visit, the restored stack still
    /// knows what the caller handles.
    @Test func theHandoffSurvivesARelaunch() async throws {
        let loaded = Loader(reader: MemoryReader([:])).load(
            text: """
                flow ask {
                  uses camera
                  start -> s
                  state s { status camera { authorized -> done granted  else -> settings } }
                  state settings { open settings on return -> again }
                  state again { status camera { authorized -> done granted  else -> explain } }
                  state explain handoff denied { alert { title "Camera is off" button "OK" -> done denied } }
                }
                flow own {
                  uses camera
                  start -> go
                  state go { call ask handling denied { granted -> done granted  denied -> mine } }
                  state mine { track "own_denied" { outcome: "{outcome}" } -> done denied }
                }
                """, path: "main.flow")
        let program = try #require(loaded.program, "\(loaded.diagnostics)")
        let (r, _) = try await simulate(
            program, flow: "own", .init(statuses: [.camera: .denied]),
            script: Script(settingsVisits: [Scripted(SettingsActions([], relaunch: true))]))
        #expect(r.end == .outcome("denied"))
        #expect(r.relaunched)
        #expect(r.path == ["go", "ask.s", "ask.settings", "ask.again", "mine"])
        #expect(Self.events(r) == ["own_denied outcome=denied"])
    }

    /// Exploration follows the same rule: under a handling caller no path shows the subflow's
    /// alert, so its buttons are never offered.
    @Test func explorationNeverShowsTheHandedOffState() async throws {
        let e = try await Explorer(program: Self.program).explore(flow: "own")
        #expect(!e.budgetExceeded)
        #expect(!e.paths.isEmpty)
        #expect(e.paths.allSatisfy { !$0.states.contains("ask.explain") })
        #expect(!e.paths.contains { $0.decisions.contains { if case .tap = $0.choice { true } else { false } } })
        let groups = Dictionary(uniqueKeysWithValues: e.groups.map { ($0.ending, $0.paths.count) })
        // authorized; notDetermined then Allow; and denied by restricted, denied or "Don't Allow".
        #expect(groups == ["granted": 2, "denied": 3])
    }

    /// The app as the caller: `run(handling:)` hands the outcome to it at the entry flow's
    /// handoff state, so no alert is shown and the run ends there.
    @Test func theAppCanHandleAnOutcomeOfTheEntryFlow() async throws {
        let device = try SimulatedDevice(.init(statuses: [.camera: .denied]), script: Script())
        let r = try await Interpreter(program: Self.program, backend: device).run(flow: "ask", handling: ["denied"])
        #expect(r.end == .outcome("denied"))
        #expect(r.path == ["check"])
        #expect(r.events.isEmpty)
        #expect(r.trace.last?.action == .handedOff(outcome: "denied"))
        #expect(r.trace.last?.context.state == "explain")
    }

    @Test func theAppMayHandleOnlyHandedOffOutcomes() async throws {
        let interpreter = Interpreter(program: Self.program, backend: try SimulatedDevice(script: Script()))
        await #expect(throws: RunInvocationError("flow 'ask' has no outcome 'denid'; did you mean 'denied'?")) {
            try await interpreter.run(flow: "ask", handling: ["denid"])
        }
        await #expect(
            throws: RunInvocationError(
                "flow 'ask' never hands 'granted' to its caller: none of its states has 'handoff granted'")
        ) {
            try await interpreter.run(flow: "ask", handling: ["granted"])
        }
    }

    /// The entry flow has no caller: its `handoff` states always run.
    @Test func anEntryFlowNeverHandsOff() async throws {
        let (r, _) = try await simulate(
            Self.program, flow: "ask", .init(statuses: [.camera: .denied]), script: Script(taps: taps("Cancel")))
        #expect(r.end == .outcome("denied"))
        #expect(r.path == ["check", "explain"])
        #expect(Self.events(r) == ["ask_explain_shown status=denied"])
    }
}
