import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1212 (settings-for-restricted): its documented examples, then its tests (add the next one here).
@Suite struct SettingsForRestrictedTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .settingsForRestricted) }

    // Issue 29 item 4: defects no rule covered, each confirmed by running the flow.
    @Test func aRestrictedUserSentToSettingsIsReported() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> ask  denied -> done denied  restricted -> managed } }
                  state ask { request camera -> check }
                  state managed { alert { title "Camera is restricted" button "Open Settings" -> settings  cancel "OK" -> done denied } }
                  state settings { 1️⃣open settings on return -> check2️⃣ }
                }
                """, rules: [.settingsForRestricted], notes: true) == [
                    "1️⃣-2️⃣ FL1212 warning: camera is restricted on this path: Screen Time or a device management profile decides it, and Settings shows its switch greyed out, so the user cannot turn it on there",
                    "  note: tell a restricted user that camera is unavailable on this device instead of sending them to Settings",
                ])
    }

    /// The denied user in the same branch is who the visit is for: silent.
    @Test func deniedAndRestrictedTogetherAreNotReported() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> ask  denied, restricted -> explain } }
                  state ask { request camera -> check }
                  state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
                  state settings { open settings on return -> check }
                }
                """, rules: [.settingsForRestricted]) == [])
    }

    /// Another permission the path read is denied: Settings has a switch for that one.
    @Test func aVisitAnotherDeniedPermissionJustifiesIsNotReported() {
        #expect(
            lintMarked(
                """
                flow video_call {
                  uses camera, microphone
                  start -> check
                  state check {
                    status (camera, microphone) {
                      (authorized, granted)   -> done granted
                      (restricted, denied)    -> explain
                      else                    -> done denied
                    }
                  }
                  state explain { alert { title "Microphone is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
                  state settings { open settings on return -> done cancelled }
                }
                """, rules: [.settingsForRestricted]) == [])
    }
}
