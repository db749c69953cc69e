import FlowModel
import FlowSyntax
import Testing

@testable import FlowRuntime

/// Scenario lines and exploration for the critical-alerts entitlement, prompt and switch, and
/// for outcomes the app handles itself (`handling`), on programs the real loader produced.
@Suite struct ScenarioDeviceInputsTests {
    static let text = """
        app "Glucose"
        flow urgent {
          uses notifications
          start -> ask
          state ask { request notifications(alert, criticalAlert) { authorized -> later  denied -> done denied } }
          state later {
            alert {
              title "Quieter?"
              button "Settings" -> settings
              cancel "Keep" -> done granted
            }
          }
          state settings { open notificationSettings on return -> done granted }
        }
        flow ask {
          uses camera
          start -> check
          state check { status camera { authorized -> done granted  notDetermined -> request  else -> explain } }
          state request { request camera { authorized -> done granted  else -> explain } }
          state explain handoff denied {
            alert {
              title "Camera is off"
              cancel "Cancel" -> done denied
            }
          }
        }
        """

    static let program: Program = {
        let loaded = Loader(reader: MemoryReader([:])).load(text: text, path: "main.flow")
        guard let program = loaded.program else { preconditionFailure("\(loaded.diagnostics)") }
        return program
    }()

    func parse(_ text: String) -> (Scenario?, [String]) {
        let (s, d) = ScenarioParser.parse(text: "flow main.flow urgent\n" + text, path: "s/t.scenario")
        return (s, brief(d))
    }

    func run(_ text: String, flow: String = "urgent") async throws -> ScenarioResult {
        let (scenario, diagnostics) = ScenarioParser.parse(
            text: "flow main.flow \(flow)\n" + text, path: "s/t.scenario")
        #expect(brief(diagnostics) == [])
        return await ScenarioRunner(reader: NoFiles()).run(try #require(scenario), program: Self.program)
    }

    // MARK: - Parsing

    @Test func parsesTheNewLines() throws {
        let (s, d) = parse(
            """
            entitlement criticalAlerts
            handling denied, limited
            answer criticalAlerts "Don't Allow"
            answer criticalAlerts authorized
            settings criticalAlerts = off
            settings notifications = denied, criticalAlerts = on, relaunch
            """)
        #expect(d == [])
        let scenario = try #require(s)
        #expect(scenario.configuration.criticalAlertsEntitled)
        #expect(scenario.handling.map(\.value) == ["denied", "limited"])
        #expect(scenario.handling.map { $0.location?.start.column } == [10, 18])
        #expect(scenario.script.criticalAlertsAnswers.map(\.value) == [.label("Don't Allow"), .status(.authorized)])
        #expect(scenario.script.answers.isEmpty)
        #expect(
            scenario.script.settingsVisits.map(\.value) == [
                SettingsActions(criticalAlerts: .denied),
                SettingsActions([SettingsChange(.notifications, .denied)], relaunch: true, criticalAlerts: .authorized),
            ])
    }

    @Test func badLinesAreLocatedErrors() {
        #expect(
            parse("entitlement criticalAlert").1
                == [
                    "2:13: FL2001 unknown entitlement 'criticalAlert'; scenarios model 'criticalAlerts' (com.apple.developer.usernotifications.critical-alerts) (did you mean 'criticalAlerts'?)"
                ])
        #expect(
            parse("entitlement criticalAlerts\nentitlement criticalAlerts").1 == [
                "3:1: FL2008 'entitlement' is given twice; keep one"
            ])
        #expect(
            parse("answer criticalAlerts \"Allow Once\"").1
                == [
                    "2:23: FL2006 the critical-alerts prompt has no button \"Allow Once\"; its buttons are \"Don't Allow\", \"Allow\""
                ])
        #expect(
            parse("answer criticalAlerts provisional").1
                == [
                    "2:23: FL2006 no critical-alerts prompt answer gives 'provisional'; answers give denied, authorized"
                ])
        #expect(
            parse("answer criticalAlerts").1 == [
                "2:8: FL2001 'answer criticalAlerts' needs a prompt button (\"Allow\", \"Don't Allow\") or the resulting status"
            ])
        #expect(
            parse("settings criticalAlerts = of").1
                == ["2:27: FL2005 the Critical Alerts switch is 'on' or 'off', not 'of' (did you mean 'on'?)"])
        #expect(
            parse("settings criticalAlerts = on, criticalAlerts = off").1
                == ["2:31: FL2008 the Critical Alerts switch is set twice in one visit; keep one"])
        #expect(
            parse("handling").1 == [
                "2:1: FL2001 'handling' needs the outcomes the app handles itself, separated by commas"
            ])
        #expect(
            parse("handling denied limited").1 == [
                "2:17: FL2001 expected ',' between handled outcomes, found 'limited'"
            ])
        #expect(parse("handling denied,").1 == ["2:16: FL2001 expected an outcome after ','"])
        #expect(
            parse("handling denied\nhandling denied").1 == ["3:10: FL2008 outcome 'denied' is handled twice; keep one"])
        #expect(
            parse("handling \"denied\"").1 == ["2:10: FL2001 expected an outcome name in 'handling', found 'denied'"])
    }

    // MARK: - Running

    @Test func theCriticalAlertsPromptTakesItsOwnAnswers() async throws {
        let r = try await run(
            """
            entitlement criticalAlerts
            answer notifications "Allow"
            answer criticalAlerts "Allow"
            tap "Settings"
            settings criticalAlerts = off
            expect outcome granted
            expect no relaunch
            """)
        #expect(r.failures == [])
        #expect(brief(r.diagnostics) == [])
        let request = try #require(r.run?.trace.first { if case .request = $0.action { true } else { false } })
        guard case .request(_, _, let result) = request.action else { return }
        #expect(result.criticalAlertsPrompt?.answer == 1)
        let settings = try #require(r.run?.trace.first { if case .openSettings = $0.action { true } else { false } })
        guard case .openSettings(_, let back) = settings.action else { return }
        #expect(back.criticalAlerts == .denied)
        #expect(!back.terminated)
    }

    @Test func withoutTheEntitlementTheAnswerIsLeftOverAndTheSwitchIsMissing() async throws {
        let r = try await run(
            """
            answer notifications "Allow"
            answer criticalAlerts "Allow"
            tap "Keep"
            expect outcome granted
            """)
        #expect(r.passed)
        #expect(
            brief(r.diagnostics) == [
                "3:1: FL2016 answer for the critical-alerts prompt was never used: iOS showed no more critical-alerts prompts"
            ])
        let s = try await run(
            """
            answer notifications "Allow"
            tap "Settings"
            settings criticalAlerts = on
            expect outcome granted
            """)
        #expect(
            brief(s.diagnostics) == [
                "4:1: FL2005 Settings has no Critical Alerts switch for this app: it appears only after an entitled app asked for critical alerts in state 'settings'"
            ])
    }

    @Test func handlingEndsAtTheHandoffState() async throws {
        let r = try await run(
            """
            handling denied
            status camera = denied
            expect outcome denied
            expect path check
            """, flow: "ask")
        #expect(r.failures == [])
        #expect(r.run?.trace.contains { $0.action == .handedOff(outcome: "denied") } == true)
        #expect(r.run?.trace.contains { if case .alert = $0.action { true } else { false } } == false)
    }

    @Test func handlingAnOutcomeTheFlowDoesNotHandOffIsAnError() async throws {
        let unknown = try await run("handling denid\nexpect outcome denied", flow: "ask")
        #expect(
            brief(unknown.diagnostics) == ["2:10: FL2015 flow 'ask' has no outcome 'denid'; did you mean 'denied'?"])
        let notHanded = try await run("handling granted\nexpect outcome granted", flow: "ask")
        #expect(
            brief(notHanded.diagnostics)
                == [
                    "2:10: FL2015 flow 'ask' never hands 'granted' to its caller: none of its states has 'handoff granted'"
                ])
        #expect(notHanded.run == nil)
    }

    // MARK: - Exploring

    @Test func exploringAnEntitledAppTriesThePromptAndTheSwitch() async throws {
        let entitled = try await Explorer(program: Self.program, options: .init(criticalAlertsEntitled: true)).explore(
            flow: "urgent")
        let lines = Set(entitled.paths.flatMap { $0.decisions.map(\.choice.scenarioLine) })
        #expect(
            lines.isSuperset(of: [
                "answer criticalAlerts \"Allow\"", "answer criticalAlerts \"Don't Allow\"",
                "settings criticalAlerts = off", "settings criticalAlerts = on",
            ]))
        let plain = try await Explorer(program: Self.program).explore(flow: "urgent")
        #expect(!plain.paths.flatMap(\.decisions).contains { $0.choice.scenarioLine.contains("criticalAlerts") })
    }

    @Test func exploringWithHandlingStopsAtTheHandoff() async throws {
        let e = try await Explorer(program: Self.program, options: .init(handling: ["denied"])).explore(flow: "ask")
        #expect(
            !e.paths.contains {
                $0.states.contains("explain")
                    && $0.trace.contains { if case .alert = $0.action { true } else { false } }
            })
        await #expect(throws: RunInvocationError.self) {
            _ = try await Explorer(program: Self.program, options: .init(handling: ["granted"])).explore(flow: "ask")
        }
    }
}
