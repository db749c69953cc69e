import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1003 (unmet-expectation): its documented examples, then its tests (add the next one here).
@Suite struct UnmetExpectationTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .unmetExpectation) }

    @Test func unmetExpectation() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> done denied } } 1️⃣// flowlint:expect FL12032️⃣
                }
                """, rules: [.unmetExpectation], notes: true) == [
                    "1️⃣-2️⃣ FL1003 error: expected finding FL1203 is not reported here"
                ])
    }
}
