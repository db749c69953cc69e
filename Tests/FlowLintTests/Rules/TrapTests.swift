import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1102 (trap): its documented examples, then its tests (add the next one here).
@Suite struct TrapTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .trap) }

    @Test func trap() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> explain } }
                  state 1️⃣explain2️⃣ {
                    alert { title "Camera is off" message "Turn it on in Settings" button "Open Settings" -> settings }
                  }
                  state settings { open settings on return -> explain }
                }
                """, rules: [.trap], notes: true) == [
                    "1️⃣-2️⃣ FL1102 error: no outcome can be reached from state 'explain': the flow never ends once it gets here",
                    "  note: states 'explain', 'settings' only lead to each other",
                    "  note: add a transition that ends the flow, such as a cancel button or an else branch",
                ])
    }
}
