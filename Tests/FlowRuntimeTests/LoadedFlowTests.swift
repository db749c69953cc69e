import FlowModel
import FlowSyntax
import Testing

@testable import FlowRuntime

/// The interpreter on programs the real loader and checker produced from `.flow` text.
@Suite struct LoadedFlowTests {
    static let files = [
        "app/main.flow": """
        import "lib/ask.flow"
        app "Snap"
        let why = "scan {thing}"
        let thing = "receipts"
        flow main {
          uses camera
          start -> go
          state go {
            call ask(p: camera, reason: "We {why}.") {
              granted -> done granted
              else    -> done denied
            }
          }
        }
        strings en { permission.camera = "Camera Roll" }
        strings de { permission.camera = "Kamera" }
        """,
        "app/lib/ask.flow": """
        flow ask(p: permission, reason: text) {
          start -> check
          state check {
            status p { granted -> done granted  notDetermined -> prime  else -> done denied }
          }
          state prime {
            track "prime_{permission}"
            alert {
              title @prime.title
              message "{reason}"
              button @continue -> request
              cancel "Not Now" -> done cancelled
            }
          }
          state request { request p { granted -> done granted  else -> done denied } }
        }
        strings en { prime.title = "{app} needs your {permission}"  continue = "Continue" }
        strings de { prime.title = "{app} braucht {permission}"  continue = "Weiter" }
        """,
        "app/scenarios/de.scenario": """
        flow ../main.flow
        locale de-DE
        tap "Weiter"
        answer camera "Allow"
        expect outcome granted
        expect path go ask.check ask.prime ask.request
        expect track "prime_Kamera"
        """,
    ]

    @Test func realCheckerOutputResolvesCopyInTheCalleeFrame() async throws {
        let loaded = Loader(reader: MemoryReader(Self.files)).load("app/main.flow")
        let program = try #require(loaded.program, "\(brief(loaded.diagnostics))")
        let (r, _) = try await simulate(program, flow: "main", script: Script(taps: taps("Not Now")))
        #expect(r.end == .outcome("denied"))
        guard case .alert(let shown, _) = r.trace[2].action else {
            Issue.record("\(r.trace)")
            return
        }
        #expect(shown.title == "Snap needs your Camera Roll")
        #expect(shown.message == "We scan receipts.")
        #expect(shown.labels == ["Continue", "Not Now"])
        #expect(r.events.map(\.name) == ["prime_Camera Roll"])
    }

    @Test func scenarioFromMemoryInGerman() async {
        let result = await ScenarioRunner(reader: MemoryReader(Self.files)).run(path: "app/scenarios/de.scenario")
        #expect(result.passed, "\(result.failureReport)\(brief(result.diagnostics + result.flowDiagnostics))")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func missingFlowFileIsReportedAtTheFlowLine() async {
        let result = await ScenarioRunner(reader: MemoryReader(["s.scenario": "# x\nflow nope.flow\n"])).run(
            path: "s.scenario")
        #expect(!result.passed)
        #expect(
            brief(result.diagnostics) == [
                "2:6: FL2010 flow file 'nope.flow' cannot be read: cannot read 'nope.flow': no such file"
            ])
        // The loader's own report has no place in a file that does not exist: it is not repeated
        // (it used to be rendered as `<unknown>:1:1`).
        #expect(result.flowDiagnostics.isEmpty, "\(brief(result.flowDiagnostics))")
    }
}
