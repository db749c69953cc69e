import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1406 (untranslated-locale): its documented examples, then its tests (add the next one here).
@Suite struct UntranslatedLocaleTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .untranslatedLocale) }

    @Test func aLocaleThatIsTheBaseTextIsReported() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime { alert { title @title  button @go -> ask } }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                strings en { title = "Scan receipts with your camera"  go = "Continue" }
                strings 1️⃣pl2️⃣ { title = "Scan receipts with your camera"  go = "Continue" }
                """, rules: [.untranslatedLocale], notes: true) == [
                    "1️⃣-2️⃣ FL1406 warning: every entry of locale 'pl' is the base locale 'en''s text: its 2 entries are untranslated",
                    "  note: users of 'pl' read 'en'; translate the entries, or remove the block until they are",
                ])
    }

    /// A shared word ("OK"), a regional variant of the base language, and one translated entry
    /// are all silent.
    @Test func sharedWordsAndVariantsAreSilent() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime { alert { title @title  button @go -> ask } }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                strings en { title = "Scan receipts with your camera"  go = "OK" }
                strings en-GB { title = "Scan receipts with your camera"  go = "OK" }
                strings de { title = "Belege mit der Kamera scannen"  go = "OK" }
                strings fr { title = "Scan"  go = "OK" }
                """, rules: [.untranslatedLocale]) == [])
    }
}
