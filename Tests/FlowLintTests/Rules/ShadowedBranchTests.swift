import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1204 (shadowed-branch): its documented examples, then its tests (add the next one here).
@Suite struct ShadowedBranchTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .shadowedBranch) }

    @Test func shadowedBranch() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check {
                    status camera { authorized -> done granted  3️⃣denied, restricted -> done denied4️⃣  notDetermined -> ask  1️⃣denied -> explain2️⃣ }
                  }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                  state explain { alert { title "Camera is off" button "OK" -> done denied } }
                }
                """, rules: [.shadowedBranch], notes: true) == [
                    "1️⃣-2️⃣ FL1204 warning: pattern 'denied' is already matched by the branch 'denied, restricted'",
                    "  note 3️⃣-4️⃣: 'denied, restricted' matches it first",
                    "  note: the first matching branch wins; remove it or move it up",
                ])
    }
}
