import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1401 (empty-copy): its documented examples, then its tests (add the next one here).
@Suite struct EmptyCopyTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .emptyCopy) }

    @Test func emptyCopy() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime { alert { title 1️⃣""2️⃣ message "We use the camera to scan receipts" button "Continue" -> ask } }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.emptyCopy], notes: true) == [
                    "1️⃣-2️⃣ FL1401 warning: empty title in state 'prime'"
                ])
    }
}
