import FlowModel
import FlowSyntax
import Testing

@testable import FlowLint

/// A lint rule on real `.flow` text: the ID, the exact range (markers) and the message of each
/// finding, and its notes. The other rules' tests are in `Rules/<RuleFile>Tests.swift`.
@Suite struct LintRuleTests {
    @Test func eventlessLoop() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state 1️⃣check2️⃣ { status camera { authorized -> done granted  notDetermined -> ask  else -> wait } }
                  state wait { -> check }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.eventlessLoop], notes: true) == [
                    "1️⃣-2️⃣ FL1103 error: states 'check', 'wait' form a loop that waits for no user or device event: it would spin forever",
                    "  note: nothing in the loop can change the statuses it reads; add an alert, a request or a Settings visit, or end the flow",
                ])
    }
}
