import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1402 (placeholder-copy): its documented examples, then its tests (add the next one here).
@Suite struct PlaceholderCopyTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .placeholderCopy) }

    @Test func placeholderCopy() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime {
                    alert { title 1️⃣"<Your App> would like to access the camera"2️⃣ message 3️⃣"So that you can <customer benefit>"4️⃣ button "Continue" -> ask }
                  }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.placeholderCopy], notes: true) == [
                    "1️⃣-2️⃣ FL1402 warning: copy '<Your App> would like to access the camera' still holds the placeholder '<Your App>'",
                    "  note: write the real copy; use {app} or a 'let' value for parts that vary",
                    "3️⃣-4️⃣ FL1402 warning: copy 'So that you can <customer benefit>' still holds the placeholder '<customer benefit>'",
                    "  note: write the real copy; use {app} or a 'let' value for parts that vary",
                ])
    }
}
