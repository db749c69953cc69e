import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1209 (settings-for-undetermined): its documented examples, then its tests (add the next one here).
@Suite struct SettingsForUndeterminedTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .settingsForUndetermined) }

    @Test func anUndecidedPermissionSentToSettingsThroughASubflowIsReported() {
        #expect(
            lintMarked(
                """
                flow open_settings_for(p: permission) {
                  start -> open
                  state open { 5️⃣open settings on return -> done cancelled6️⃣ }
                }
                flow camera_and_album {
                  uses camera, photos
                  start -> check
                  state check {
                    status (camera, photos) {
                      (authorized, authorized) -> done granted
                      else                     3️⃣-> settings4️⃣
                    }
                  }
                  state settings { call 1️⃣open_settings_for2️⃣(p: camera) { else -> done denied } }
                }
                """, rules: [.settingsForUndetermined], notes: true) == [
                    "1️⃣-2️⃣ FL1209 warning: camera can still be notDetermined on this path: subflow 'open_settings_for' opens Settings without reading it, and Settings shows no camera switch for a permission the app has not requested",
                    "  note 3️⃣-4️⃣: for example (camera, photos) = (notDetermined, notDetermined) takes this branch",
                    "  note 5️⃣-6️⃣: the subflow opens Settings here",
                    "  note: request camera on this path instead: iOS shows the prompt while it is notDetermined",
                ])
    }

    /// A subflow that reads the permission before Settings decides for itself: silent.
    @Test func aSubflowThatChecksFirstIsSilent() {
        #expect(
            lintMarked(
                """
                flow settings_for(p: permission) {
                  start -> check
                  state check { status p { denied -> open  else -> done cancelled } }
                  state open { open settings on return -> done cancelled }
                }
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  else -> settings } }
                  state settings { call settings_for(p: camera) { else -> done denied } }
                }
                """, rules: [.settingsForUndetermined]) == [])
    }

    @Test func settingsForAPermissionStillUndecidedIsReportedPerPermission() {
        #expect(
            lintMarkedWithWitness(
                """
                flow camera_and_album {
                  uses camera, photos
                  start -> check
                  state check {
                    status (camera, photos) {
                      (authorized, authorized)       -> done granted
                      (notDetermined, notDetermined) -> ask
                      else                           3️⃣-> explain4️⃣
                    }
                  }
                  state ask { request camera -> ask_photos }
                  state ask_photos { request photos -> check }
                  state explain { alert { title "Allow access in Settings" button "Settings" -> settings  cancel "Cancel" -> done denied } }
                  state settings { 1️⃣open settings on return -> check2️⃣ }
                }
                """, rules: [.settingsForUndetermined]) == [
                    "1️⃣-2️⃣ FL1209 warning: camera can still be notDetermined on this path: Settings shows no camera switch for a permission the app has not requested, so the user cannot turn it on there",
                    "  note 3️⃣-4️⃣: for example (camera, photos) = (notDetermined, restricted) takes this branch",
                    "  note: request camera on this path instead: iOS shows the prompt while it is notDetermined",
                    "  step: flow 'camera_and_album' starts at 'check'",
                    "  step: in 'check': status (camera, photos) = (notDetermined, restricted) or (notDetermined, denied) or (notDetermined, authorized) or 15 more (else) → explain",
                    "  step: in 'explain': button \"Settings\" → settings",
                    "  step: reaches 'settings'",
                    "1️⃣-2️⃣ FL1209 warning: photos can still be notDetermined on this path: Settings shows no photos switch for a permission the app has not requested, so the user cannot turn it on there",
                    "  note 3️⃣-4️⃣: for example (camera, photos) = (restricted, notDetermined) takes this branch",
                    "  note: request photos on this path instead: iOS shows the prompt while it is notDetermined",
                    "  step: flow 'camera_and_album' starts at 'check'",
                    "  step: in 'check': status (camera, photos) = (notDetermined, restricted) or (notDetermined, denied) or (notDetermined, authorized) or 15 more (else) → explain",
                    "  step: in 'explain': button \"Settings\" → settings",
                    "  step: reaches 'settings'",
                ])
    }

    @Test func settingsAfterADecisionOrWithoutReadingTheStatusIsClean() {
        #expect(lintMarked(Rule.settingsForUndetermined.cleanExample, rules: [.settingsForUndetermined]) == [])
        // Nothing on the path read the camera: the caller decided it was worth Settings.
        #expect(
            lintMarked(
                """
                flow camera_settings {
                  uses camera
                  start -> explain
                  state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
                  state settings { open settings on return -> check }
                  state check { status camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.settingsForUndetermined]) == [])
        // The notification settings page is about notifications only.
        #expect(
            lintMarked(
                """
                flow reminders {
                  uses notifications, camera
                  start -> check
                  state check { status (notifications, camera) { (denied, _) -> settings  else -> done cancelled } }
                  state settings { open notificationSettings on return -> done denied }
                }
                """, rules: [.settingsForUndetermined]) == [])
    }

    /// Settings is right for the denied one of two permissions, although the other is undecided.
    @Test func aSettingsVisitForTheDeniedOneOfTwoIsNotReported() {
        #expect(
            lintMarked(
                """
                flow video {
                  uses camera, microphone
                  start -> check
                  state check {
                    status (camera, microphone) {
                      (authorized, granted)    -> done granted
                      (denied, _), (_, denied) -> explain
                      (notDetermined, _)       -> ask_camera
                      else                     -> ask_microphone
                    }
                  }
                  state ask_camera { request camera -> check }
                  state ask_microphone { request microphone -> check }
                  state explain { alert { title "Camera or microphone is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
                  state settings { open settings on return -> check }
                }
                """, rules: [.settingsForUndetermined]) == [])
    }
}
