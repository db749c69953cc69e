import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// A label passed in as a `text` argument that reads the same as another button's.
@Suite struct DuplicateButtonLabelTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .duplicateButtonLabel) }

    static let callee = """
        flow confirm(p: permission, confirm: text) {
          start -> prime
          state prime { alert { title "Before iOS asks" 3️⃣button "{confirm}" -> ask4️⃣  cancel "OK" -> done cancelled } }
          state ask { request p { granted -> done granted  else -> done denied } }
        }

        """

    @Test func aDuplicatePassedAsATextArgumentIsReported() {
        #expect(
            lintMarked(
                Self.callee + """
                    flow camera {
                      uses camera
                      start -> ask
                      state ask { call confirm(p: camera, confirm: 1️⃣"ok"2️⃣) { granted -> done granted  else -> done denied } }
                    }
                    """, rules: [.duplicateButtonLabel], notes: true) == [
                    "1️⃣-2️⃣ FL1404 warning: buttons 1 and 2 of the alert in state 'prime' of 'confirm' both read 'OK' with the text passed here",
                    "  note 3️⃣-4️⃣: the button that shows it",
                ])
    }

    @Test func aDistinctArgumentIsSilent() {
        #expect(
            lintMarked(
                Self.callee.replacingOccurrences(of: "3️⃣", with: "").replacingOccurrences(of: "4️⃣", with: "") + """
                    flow camera {
                      uses camera
                      start -> ask
                      state ask { call confirm(p: camera, confirm: "Continue") { granted -> done granted  else -> done denied } }
                    }
                    """, rules: [.duplicateButtonLabel]) == [])
    }

    @Test func duplicateButtonLabel() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> explain } }
                  state explain {
                    alert { title "Camera is off" message "Turn it on in Settings"
                            1️⃣button "OK" -> settings2️⃣  3️⃣cancel "OK" -> done denied4️⃣ }
                  }
                  state settings { open settings on return -> check }
                  state check { status camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.duplicateButtonLabel], notes: true) == [
                    "3️⃣-4️⃣ FL1404 warning: buttons 1 and 2 of the alert in state 'explain' both read 'OK'",
                    "  note 1️⃣-2️⃣: the other button",
                ])
    }
}
