import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1002 (unknown-rule-in-directive): its documented examples, then its tests (add the next one here).
@Suite struct UnknownRuleInDirectiveTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .unknownRuleInDirective) }

    @Test func unknownRuleInDirective() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  1️⃣// flowlint:disable FL1110 -- kept for the A/B test2️⃣
                  state old { -> ask }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.unknownRuleInDirective], notes: true) == [
                    "1️⃣-2️⃣ FL1002 warning: unknown rule 'FL1110' in flowlint:disable"
                ])
    }
}
