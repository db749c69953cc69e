import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1104 (unreached-outcome): its documented examples, then its tests (add the next one here).
@Suite struct UnreachedOutcomeTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .unreachedOutcome) }

    @Test func unreachedOutcome() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  outcomes granted, denied, 1️⃣unavailable2️⃣
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.unreachedOutcome], notes: true) == [
                    "1️⃣-2️⃣ FL1104 warning: outcome 'unavailable' of flow 'camera' is declared but no path ends with it",
                    "  note: end a path with 'done unavailable', or remove it from 'outcomes'",
                ])
    }
}
