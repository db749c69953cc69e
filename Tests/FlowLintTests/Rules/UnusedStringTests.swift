import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1106 (unused-string): its documented examples, then its tests (add the next one here).
@Suite struct UnusedStringTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .unusedString) }

    @Test func unusedString() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                strings en { 1️⃣old.title = "Take photos"2️⃣ }
                """, rules: [.unusedString], notes: true) == [
                    "1️⃣-2️⃣ FL1106 warning: string 'old.title' is never used",
                    "  note: use it with '@old.title', or remove it from every locale",
                ])
    }
}
