import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1001 (suppression-without-reason): its documented examples, then its tests (add the next one here).
@Suite struct SuppressionWithoutReasonTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .suppressionWithoutReason) }

    @Test func suppressionWithoutReason() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  1️⃣// flowlint:disable FL11012️⃣
                  state old { -> ask }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.suppressionWithoutReason], notes: true) == [
                    "1️⃣-2️⃣ FL1001 warning: flowlint:disable needs a reason after '--'"
                ])
    }
}
