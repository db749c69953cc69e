import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1201 (dead-branch): its documented examples, then its tests (add the next one here).
@Suite struct DeadBranchTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .deadBranch) }

    @Test func deadBranch() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { notDetermined -> ask  authorized -> done granted  else -> done denied } }
                  state ask {
                    request camera { authorized -> done granted  1️⃣notDetermined -> retry2️⃣  denied -> done denied }
                  }
                  state 3️⃣retry4️⃣ { -> ask }
                }
                """, rules: [.deadBranch], notes: true) == [
                    "1️⃣-2️⃣ FL1201 warning: branch 'notDetermined' is never taken: request camera never returns notDetermined",
                    "  note 3️⃣-4️⃣: state 'retry' is reachable only through this branch",
                ])
    }
}
