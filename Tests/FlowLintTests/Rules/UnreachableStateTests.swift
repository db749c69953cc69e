import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1101 (unreachable-state): its documented examples, then its tests (add the next one here).
@Suite struct UnreachableStateTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .unreachableState) }

    @Test func unreachableState() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                  state 1️⃣retry2️⃣ { -> again }
                  state 3️⃣again4️⃣ { -> retry }
                }
                """, rules: [.unreachableState], notes: true) == [
                    "1️⃣-2️⃣ FL1101 warning: state 'retry' is never reached from the start of flow 'camera'",
                    "  note: remove it, or add a transition to it from a reachable state",
                    "3️⃣-4️⃣ FL1101 warning: state 'again' is never reached from the start of flow 'camera'",
                    "  note: remove it, or add a transition to it from a reachable state",
                ])
    }
}
