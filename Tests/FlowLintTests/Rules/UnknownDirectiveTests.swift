import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1004 (unknown-directive): its documented examples, then its tests (add the next one here).
@Suite struct UnknownDirectiveTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .unknownDirective) }

    @Test func unknownDirective() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  1️⃣// flowlint:disabel FL1101 -- typo2️⃣
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.unknownDirective], notes: true) == [
                    "1️⃣-2️⃣ FL1004 warning: unknown flowlint directive 'disabel': expected 'disable' or 'expect'"
                ])
    }
}
