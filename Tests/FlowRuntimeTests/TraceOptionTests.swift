import FlowModel
import FlowSyntax
import Testing

@testable import FlowRuntime

/// `Interpreter.Options.recordsTrace`: without a trace a run ends the same way and the device sees
/// the same calls; only `RunResult.trace` is empty.
@Suite struct TraceOptionTests {
    static let files = [
        "f.flow": """
        app "Snap"
        let why = "scan {thing}"
        let thing = @thing
        flow main {
          uses camera
          start -> check
          state check { status camera { notDetermined -> prime  authorized -> done granted  else -> done denied } }
          state prime {
            track "prime_{permission}" { why: "{why}" }
            alert {
              title @prime.title
              message "We {why}."
              button @continue -> ask  track "continue"
              cancel "Not Now" -> done cancelled
            }
          }
          state ask { request camera { authorized -> check  else -> done denied } }
        }
        strings en { prime.title = "{app} needs your {permission}"  continue = "Continue"  thing = "receipts" }
        strings zh-Hans { prime.title = "{app} 需要 {permission}"  continue = "继续"  thing = "收据" }
        strings zh-Hant fallback zh-Hans { continue = "繼續" }
        """
    ]

    /// Taps, prompt answers and locales that reach every kind of step, with and without a trace.
    @Test(arguments: [("en", "Continue"), ("zh-Hant", "繼續"), ("zh-Hans", "继续")])
    func runWithoutTraceEndsTheSameAndTheDeviceSeesTheSame(locale: String, button: String) async throws {
        let loaded = Loader(reader: MemoryReader(Self.files)).load("f.flow")
        let program = try #require(loaded.program, "\(brief(loaded.diagnostics))")
        let script = Script(taps: taps(button), answers: answers(.camera, .label("Allow")))
        let (traced, tracedDevice) = try await simulate(program, script: script, options: .init(locale: locale))
        let (bare, bareDevice) = try await simulate(
            program, script: script, options: .init(locale: locale, recordsTrace: false))
        #expect(traced.end == .outcome("granted"))
        #expect(bare.end == traced.end)
        #expect(bare.trace.isEmpty)
        #expect(traced.trace.count == 4)
        #expect(await bareDevice.events == tracedDevice.events)
        #expect(await bareDevice.events == traced.sentEvents)
        // zh-Hant has no `prime.title` or `thing`: both fall back to zh-Hans, not to the base locale.
        guard case .alert(let shown, _) = traced.trace[1].action else {
            Issue.record("\(traced.trace)")
            return
        }
        let expected = [
            "en": ("Snap needs your Camera", "We scan receipts."),
            "zh-Hant": ("Snap 需要 Camera", "We scan 收据."), "zh-Hans": ("Snap 需要 Camera", "We scan 收据."),
        ]
        #expect(shown.title == expected[locale]?.0)
        #expect(shown.message == expected[locale]?.1)
        #expect(shown.labels == [button, "Not Now"])
    }

    @Test func errorsAndInputNeededAreTheSameWithoutATrace() async throws {
        let loaded = Loader(reader: MemoryReader(Self.files)).load("f.flow")
        let program = try #require(loaded.program, "\(brief(loaded.diagnostics))")
        // No tap scripted: the run stops at the alert either way, naming the same state.
        let (traced, _) = try await simulate(program)
        let (bare, _) = try await simulate(program, options: .init(recordsTrace: false))
        guard case .inputNeeded(_, let at) = bare.end else {
            Issue.record("\(bare.end)")
            return
        }
        #expect(at.state == "prime")
        #expect(bare.end == traced.end)
        #expect(bare.trace.isEmpty)
        #expect(traced.trace.last?.action == .incomplete)
    }
}
