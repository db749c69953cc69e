import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1301 (steering-priming-button): its documented examples, then its tests (add the next one here).
@Suite struct SteeringPrimingButtonTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .steeringPrimingButton) }

    @Test func steeringPrimingButton() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime {
                    alert { title "Scan receipts" message "We use the camera to scan receipts" 1️⃣button @prime.allow -> ask2️⃣ }
                  }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                strings en { prime.allow = "Continue" }
                strings zh-Hant { 3️⃣prime.allow = "允許"4️⃣ }
                """, rules: [.steeringPrimingButton], notes: true) == [
                    "1️⃣-2️⃣ FL1301 error: priming button '允許' steers the permission decision in 'zh-Hant'",
                    "  note 3️⃣-4️⃣: zh-Hant: '允許'",
                    "  note: App Review rejects priming buttons that steer the decision; use a neutral label such as 'Continue'",
                ])
    }
}
