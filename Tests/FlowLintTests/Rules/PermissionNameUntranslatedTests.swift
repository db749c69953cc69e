import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1407 (permission-name-untranslated): its documented examples, then its tests (add the next one here).
@Suite struct PermissionNameUntranslatedTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .permissionNameUntranslated) }

    @Test func theEnglishNameInAHebrewEntryIsReported() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime { alert { title @prime  button @go -> ask } }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                strings en { prime = "Use the {permission} to scan receipts"  go = "Continue"  permission.camera = "camera" }
                strings he { 1️⃣prime = "השתמשו ב{permission} כדי לסרוק קבלות"2️⃣  go = "המשך" }
                """, rules: [.permissionNameUntranslated], notes: true) == [
                    "1️⃣-2️⃣ FL1407 warning: '{permission}' in 'prime' of locale 'he' shows 'camera' in flow 'camera': no locale of its language names camera",
                    "  note: add permission.camera = \"...\" to strings he",
                ])
    }

    /// Through a parameter: the kinds callers pass are named; a locale that names them is silent.
    @Test func aParameterNamesTheKindsItsCallersPass() {
        #expect(
            lintMarked(
                """
                flow ask(p: permission) {
                  start -> prime
                  state prime { alert { title @prime  button @go -> ask } }
                  state ask { request p { granted -> done granted  else -> done denied } }
                }
                flow app {
                  uses camera, microphone
                  start -> camera
                  state camera { call ask(p: camera) { granted -> microphone  else -> done denied } }
                  state microphone { call ask(p: microphone) { granted -> done granted  else -> done denied } }
                }
                strings en { prime = "Allow {permission} to record"  go = "Continue" }
                strings pl { 1️⃣prime = "Zezwól na {permission}, aby nagrywać"2️⃣  go = "Dalej"  permission.camera = "aparat" }
                """, rules: [.permissionNameUntranslated]) == [
                    "1️⃣-2️⃣ FL1407 warning: '{permission}' in 'prime' of locale 'pl' shows 'Microphone' in flow 'ask': no locale of its language names microphone"
                ])
    }
}
