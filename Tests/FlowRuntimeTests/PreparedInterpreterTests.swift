import FlowModel
import FlowSyntax
import Testing

@testable import FlowRuntime

/// An interpreter resolves the copy of parameterless flows once (`PreparedProgram`) and is reused
/// across runs (`with(backend:)`): every run must still show and track exactly what resolving on
/// the spot shows, and a flow with parameters must resolve per call, with that call's arguments.
@Suite struct PreparedInterpreterTests {
    static let files = [
        "f.flow": """
        app "Snap"
        flow main {
          uses camera, photos
          let why = "scan {thing}"
          let thing = @thing
          start -> prime
          state prime {
            track "prime_{app}" { why: "{why}", n: 1 }
            alert {
              title @prime.title
              message "We {why}."
              button @continue -> first  track "continue_{thing}"
              cancel "Not Now" -> done cancelled
            }
          }
          state first { call ask(p: camera, reason: "to {why}") { granted -> second  else -> done denied } }
          state second { call ask(p: photos, reason: @photos.reason) { granted -> done granted  else -> done denied } }
        }
        flow ask(p: permission, reason: text) {
          start -> explain
          state explain {
            track "explain_{permission}" { reason: "{reason}" }
            alert {
              title "{permission} {reason}"
              button "OK" -> req  track "ok_{permission}"
            }
          }
          state req { request p { granted -> done granted  else -> done denied } }
        }
        strings en { prime.title = "{app} needs {thing}"  continue = "Continue"  thing = "receipts"  photos.reason = "to keep {thing}" }
        strings de { prime.title = "{app} braucht {thing}"  continue = "Weiter"  thing = "Belege"  photos.reason = "um {thing} zu behalten" }
        """
    ]

    static func program() throws -> Program {
        let loaded = Loader(reader: MemoryReader(Self.files)).load("f.flow")
        return try #require(loaded.program, "\(brief(loaded.diagnostics))")
    }

    static func script(_ button: String) -> Script {
        var answers = answers(.camera, .label("Allow"))
        answers[.photos] = [Scripted(.label("Allow Full Access"))]
        return Script(taps: taps(button, "OK", "OK"), answers: answers)
    }

    /// One interpreter, three runs on three fresh devices: each device sees its own run, and every
    /// run equals a run of a freshly made interpreter (trace, events and alerts included).
    @Test(arguments: [("en", "Continue", nil), ("de", "Weiter", "Kamera-App")] as [(String, String, String?)])
    func aKeptInterpreterRunsLikeAFreshOne(locale: String, button: String, appName: String?) async throws {
        let program = try Self.program()
        let options = Interpreter.Options(locale: locale, appName: appName)
        let (fresh, freshDevice) = try await simulate(
            program, flow: "main", script: Self.script(button), options: options)
        #expect(fresh.end == .outcome("granted"))
        let kept = Interpreter(program: program, backend: try SimulatedDevice(script: Script()), options: options)
        for _ in 0..<3 {
            let device = try SimulatedDevice(script: Self.script(button))
            let run = try await kept.with(backend: device).run(flow: "main")
            #expect(run == fresh)
            #expect(await device.events == freshDevice.events)
        }
        let alerts = fresh.trace.compactMap { step -> String? in
            if case .alert(let shown, _) = step.action { return "\(shown.title ?? "-") / \(shown.message ?? "-")" }
            return nil
        }
        let expected =
            locale == "en"
            ? ["Snap needs receipts / We scan receipts.", "Camera to scan receipts / -", "Photos to keep receipts / -"]
            : [
                "Kamera-App braucht Belege / We scan Belege.", "Camera to scan Belege / -",
                "Photos um Belege zu behalten / -",
            ]
        #expect(alerts == expected)
        #expect(
            fresh.events.map(\.name) == [
                "prime_\(appName ?? "Snap")", "continue_\(locale == "en" ? "receipts" : "Belege")",
                "explain_Camera", "ok_Camera", "explain_Photos", "ok_Photos",
            ])
    }

    /// Only parameterless flows are prepared: the subflow's copy reads its arguments.
    @Test func onlyFlowsWithoutParametersArePrepared() throws {
        let program = try Self.program()
        let interpreter = Interpreter(program: program, backend: try SimulatedDevice(script: Script()))
        let main = try #require(program.flow(named: "main"))
        let ask = try #require(program.flow(named: "ask"))
        #expect(interpreter.prepared.copy[ask.index] == nil)
        let prime = try #require(interpreter.prepared.copy[main.index]?[0])
        #expect(prime.alert?.title == "Snap needs receipts")
        #expect(prime.effects.map(\.name) == ["prime_Snap"])
        #expect(prime.buttonEvents.map { $0?.name } == ["continue_receipts", nil])
        #expect(prime.eventsWithButton.map { $0?.map(\.name) } == [["prime_Snap", "continue_receipts"], nil])
    }
}
