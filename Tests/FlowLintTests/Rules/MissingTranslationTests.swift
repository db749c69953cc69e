import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1403 (missing-translation): its documented examples, then its tests (add the next one here).
@Suite struct MissingTranslationTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .missingTranslation) }

    @Test func missingTranslation() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  title @camera.title
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                strings en { camera.title = "Take photos" }
                strings 1️⃣pl2️⃣ { }
                """, rules: [.missingTranslation], notes: true) == [
                    "1️⃣-2️⃣ FL1403 warning: locale 'pl' has no translation for 'camera.title'",
                    "  note: users of 'pl' see the base locale 'en' there",
                ])
    }
}
