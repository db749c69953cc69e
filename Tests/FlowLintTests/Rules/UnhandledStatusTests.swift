import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1203 (unhandled-status): its documented examples, then its tests (add the next one here).
@Suite struct UnhandledStatusTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .unhandledStatus) }

    @Test func unhandledStatus() {
        #expect(
            lintMarked(
                """
                flow photos {
                  uses photos
                  start -> check
                  state check {
                    1️⃣status photos { authorized -> done granted  notDetermined -> ask  denied, restricted -> done denied }2️⃣
                  }
                  state ask { request photos { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.unhandledStatus], notes: true) == [
                    "1️⃣-2️⃣ FL1203 error: status check on photos does not handle limited",
                    "  note: at run time an unmatched status is a flow error; add a branch for it or an 'else'",
                ])
    }
}
