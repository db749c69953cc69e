import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1202 (prompt-never-shown): its documented examples, then its tests (add the next one here).
@Suite struct PromptNeverShownTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .promptNeverShown) }

    @Test func promptNeverShown() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> ask  else -> ask_again } }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                  state ask_again { 1️⃣request camera { authorized -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.promptNeverShown], notes: true) == [
                    "1️⃣-2️⃣ FL1202 warning: request camera never shows the system prompt here: the status is already restricted or denied, so iOS returns it at once",
                    "  note: explain why the permission is needed and offer 'open settings' instead",
                ])
    }
}
