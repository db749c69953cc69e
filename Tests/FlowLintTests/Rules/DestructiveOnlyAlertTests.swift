import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1305 (destructive-only-alert): its documented examples, then its tests (add the next one here).
@Suite struct DestructiveOnlyAlertTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .destructiveOnlyAlert) }

    @Test func anAlertWithOnlyDestructiveButtonsIsReported() {
        #expect(
            lintMarkedWithWitness(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> ask  else -> explain } }
                  state ask { request camera -> check }
                  state explain { alert { title "Camera is off" 1️⃣destructive "Continue Without Camera" -> done denied2️⃣ } }
                }
                """, rules: [.destructiveOnlyAlert]) == [
                    "1️⃣-2️⃣ FL1305 warning: the alert's only button is destructive: it has no neutral way out",
                    "  note: add a cancel button, or make the action a plain button (HIG: alerts)",
                    "  step: flow 'camera' starts at 'check'",
                    "  step: in 'check': status camera = restricted or denied (else) → explain",
                    "  step: reaches 'explain' where camera is restricted or denied",
                ])
        #expect(
            lintMarked(
                """
                flow reset {
                  start -> confirm
                  state confirm { alert { title "Reset?" 1️⃣destructive "Reset" -> done granted2️⃣  destructive "Erase" -> done denied } }
                }
                """, rules: [.destructiveOnlyAlert]) == [
                    "1️⃣-2️⃣ FL1305 warning: every button of the alert is destructive: it has no neutral way out"
                ])
        #expect(lintMarked(Rule.destructiveOnlyAlert.cleanExample, rules: [.destructiveOnlyAlert]) == [])
    }
}
