import FlowModel
import FlowSyntax
import Testing

@testable import FlowLint

/// FL1205 over the pass-through components: what a Settings return meets through gotos,
/// capability checks and alerts (cycles included) before a check.
@Suite struct SettingsReturnUncheckedTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .settingsReturnUnchecked) }

    func messages(_ states: String) -> [String] {
        let text = """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> ask  else -> settings } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            \(states)
            }
            """
        return lintText(text).findings.filter { $0.ruleID == "FL1205" }.map(\.diagnostic.message)
    }

    @Test func aCycleOfAlertsThatCanEndIsReported() {
        #expect(
            messages(
                """
                  state settings { open settings on return -> a }
                  state a { alert { title "A" button "Next" -> b } }
                  state b { alert { title "B" button "Back" -> a  cancel "Done" -> done denied } }
                """) == ["after returning from Settings the status is not checked again before the flow can end"])
    }

    @Test func goingBackToSettingsIsReportedWhenNoPathEnds() {
        #expect(
            messages(
                """
                  state settings { open settings on return -> a }
                  state a { alert { title "A" button "Again" -> settings  cancel "Check" -> check } }
                """) == [
                    "after returning from Settings the status is not checked again before it can go back to Settings"
                ])
    }

    @Test func anEndingIsNamedWhenBothCanHappen() {
        #expect(
            messages(
                """
                  state settings { open settings on return -> a }
                  state a { alert { title "A" button "Again" -> settings  cancel "Stop" -> done denied } }
                """) == ["after returning from Settings the status is not checked again before the flow can end"])
    }

    @Test func everyPathThroughACycleMeetingACheckIsClean() {
        #expect(
            messages(
                """
                  state settings { open settings on return -> a }
                  state a { alert { title "A" button "Next" -> b } }
                  state b { capability camera { present -> a  absent -> check } }
                """) == [])
    }

    @Test func settingsReturnUnchecked() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> ask  else -> settings } }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                  state settings { open settings on return 1️⃣-> done denied2️⃣ }
                }
                """, rules: [.settingsReturnUnchecked], notes: true) == [
                    "1️⃣-2️⃣ FL1205 warning: after returning from Settings the status is not checked again before the flow can end",
                    "  note: the user may have changed the permission there, and iOS may have relaunched the app; go to a 'status' check",
                ])
    }
}
