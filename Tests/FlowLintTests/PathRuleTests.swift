import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// `lintMarked` with notes, and each finding's witness under it, one `  step:` line per step.
func lintMarkedWithWitness(_ source: String, rules: [Rule]) -> [String] {
    let sources = MarkedSources(source)
    let load = Loader(reader: MemoryReader(sources.importTexts)).load(text: sources.entryText, path: "main.flow")
    let report = Linter(rules: rules).lint(load)
    let wanted = Set(rules.map(\.id))
    var out: [String] = []
    for f in report.findings where wanted.contains(f.ruleID) {
        out += sources.render([f.diagnostic], fileNames: load.files.map(\.path), notes: true)
        out += f.witness.steps.map { "  step: " + $0.message }
    }
    return out
}

/// The path-sensitive rules of issue 11 (FL1207-FL1210): each finding, its range, message,
/// notes and the witness path on which the defect happens, and the cases that must stay quiet.
@Suite struct PathRuleTests {
    @Test func aRestrictedUserLoopingThroughPrimingIsReportedAtTheRequest() {
        #expect(
            lintMarkedWithWitness(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> prime  else -> explain } }
                  state prime { alert { title "Scan receipts" button "Continue" -> ask } }
                  state explain { alert { title "Camera is off" button "Try Again" -> prime  cancel "Not Now" -> done denied } }
                  state ask { 1️⃣request camera -> check2️⃣ }
                }
                """, rules: [.promptSkippedOnSomePaths, .promptNeverShown]) == [
                    "1️⃣-2️⃣ FL1207 warning: request camera shows the system prompt on some paths, but on this one camera is already restricted or denied, so iOS returns it at once without asking",
                    "  note: it prompts only while camera is notDetermined; send a user whose status is decided to an explanation or Settings before the priming",
                    "  step: flow 'camera' starts at 'check'",
                    "  step: in 'check': status camera = restricted or denied (else) → explain",
                    "  step: in 'explain': button \"Try Again\" → prime",
                    "  step: in 'prime': button \"Continue\" → ask",
                    "  step: reaches 'ask' where camera is restricted or denied",
                ])
    }

    @Test func aRequestThatPromptsOnEveryPathOrOnNoneIsNotThisRule() {
        // Every path arrives undecided: fine.
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> ask  else -> done denied } }
                  state ask { request camera -> check }
                }
                """, rules: [.promptSkippedOnSomePaths]) == [])
        // No path arrives undecided: FL1202's finding, not this one.
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { notDetermined -> done cancelled  else -> ask } }
                  state ask { 1️⃣request camera { authorized -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.promptSkippedOnSomePaths, .promptNeverShown]) == [
                    "1️⃣-2️⃣ FL1202 warning: request camera never shows the system prompt here: the status is already restricted, denied or authorized, so iOS returns it at once"
                ])
    }

    @Test func anAlwaysUpgradeAfterAllowOnceIsReportedWithTheAnswerAsWitness() {
        #expect(
            lintMarkedWithWitness(
                """
                flow background {
                  uses location
                  outcomes always, whileUsing, denied
                  start -> ask
                  state ask { 3️⃣request location(whenInUse) { authorizedWhenInUse -> upgrade  else -> done denied }4️⃣ }
                  state upgrade { 1️⃣request location(always) { authorizedAlways -> done always  else -> done whileUsing }2️⃣ }
                }
                """, rules: [.locationUpgradeIgnored]) == [
                    "1️⃣-2️⃣ FL1208 warning: request location(always) shows no prompt on this path: the when-in-use grant came from 'Allow Once', and iOS ignores requestAlwaysAuthorization() for a one-time grant",
                    "  note 3️⃣-4️⃣: the user chose 'Allow Once' at this request",
                    "  note: no status tells 'Allow Once' from 'While Using': end with the when-in-use outcome and ask for Always on a later run",
                    "  step: flow 'background' starts at 'ask'",
                    "  step: in 'ask': request location: Allow Once → upgrade",
                    "  step: reaches 'upgrade' where location is authorizedWhenInUse",
                ])
    }

    @Test func aSecondAlwaysRequestOnOnePathIsReportedWithTheFirstAsNote() {
        #expect(
            lintMarkedWithWitness(
                """
                flow background {
                  uses location
                  outcomes always, whileUsing, denied
                  start -> check
                  state check { status location { authorizedWhenInUse -> upgrade  authorizedAlways -> done always  else -> done denied } }
                  state upgrade { 3️⃣request location(always) { authorizedAlways -> done always  else -> again }4️⃣ }
                  state again { alert { title "Background use is off" button "Try Again" -> upgrade_again  cancel "Not Now" -> done whileUsing } }
                  state upgrade_again { 1️⃣request location(always) { authorizedAlways -> done always  else -> done whileUsing }2️⃣ }
                }
                """, rules: [.locationUpgradeIgnored]) == [
                    "1️⃣-2️⃣ FL1208 warning: request location(always) shows no prompt on this path: requestAlwaysAuthorization() was already called, and iOS honours it once",
                    "  note 3️⃣-4️⃣: the first Always request, on the same path",
                    "  note: offer Settings instead: its location page offers Always once the app has asked",
                    "  step: flow 'background' starts at 'check'",
                    "  step: in 'check': status location = authorizedWhenInUse → upgrade",
                    "  step: in 'upgrade': request location: Keep Only While Using (prompt shown while authorizedWhenInUse) → again",
                    "  step: in 'again': button \"Try Again\" → upgrade_again",
                    "  step: reaches 'upgrade_again' where location is authorizedWhenInUse",
                ])
    }

    @Test func anUpgradeOnARunThatStartsWithWhenInUseIsClean() {
        #expect(lintMarked(Rule.locationUpgradeIgnored.cleanExample, rules: [.locationUpgradeIgnored]) == [])
        // After Settings the one-time grant may have ended (a relaunch): no "Allow Once" fact.
        #expect(
            lintMarked(
                """
                flow background {
                  uses location
                  outcomes always, whileUsing, denied
                  start -> ask
                  state ask { request location(whenInUse) { authorizedWhenInUse -> explain  else -> done denied } }
                  state explain { alert { title "Background use" button "Open Settings" -> settings  cancel "Not Now" -> done whileUsing } }
                  state settings { open settings on return -> check }
                  state check { status location { authorizedWhenInUse -> upgrade  authorizedAlways -> done always  else -> done denied } }
                  state upgrade { request location(always) { authorizedAlways -> done always  else -> done whileUsing } }
                }
                """, rules: [.locationUpgradeIgnored]) == [])
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

    @Test func trackingStraightFromAnotherPromptsAnswerIsReported() {
        #expect(
            lintMarkedWithWitness(
                """
                flow onboarding {
                  uses notifications, tracking
                  start -> ask_notifications
                  state ask_notifications { 3️⃣request notifications(alert, sound, badge) -> check4️⃣ }
                  state check { status notifications { authorized -> ask_tracking  else -> ask_tracking } }
                  state ask_tracking { 1️⃣request tracking { authorized -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.promptWhilePromptFinishing]) == [
                    "1️⃣-2️⃣ FL1210 warning: request tracking runs while the notifications prompt is finishing: iOS shows the tracking prompt only to an active app, so it returns notDetermined without asking",
                    "  note 3️⃣-4️⃣: the prompt whose answer leads here",
                    "  note: show an alert or screen first, so the app is active again when it asks",
                    "  step: flow 'onboarding' starts at 'ask_notifications'",
                    "  step: in 'ask_notifications': request notifications: Allow → check",
                    "  step: in 'check': status notifications = authorized → ask_tracking",
                    "  step: reaches 'ask_tracking' where notifications is authorized",
                ])
    }

    @Test func trackingAfterSomethingVisibleOrAfterNoPromptIsClean() {
        #expect(lintMarked(Rule.promptWhilePromptFinishing.cleanExample, rules: [.promptWhilePromptFinishing]) == [])
        // Notifications already decided: the request shows nothing, so nothing is finishing.
        #expect(
            lintMarked(
                """
                flow onboarding {
                  uses notifications, tracking
                  start -> check
                  state check { status notifications { notDetermined, provisional -> done cancelled  else -> ask_notifications } }
                  state ask_notifications { request notifications(alert) -> ask_tracking }
                  state ask_tracking { request tracking { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.promptWhilePromptFinishing]) == [])
        // Tracking already decided: no prompt to lose.
        #expect(
            lintMarked(
                """
                flow onboarding {
                  uses notifications, tracking
                  start -> check
                  state check { status tracking { notDetermined -> done cancelled  else -> ask_notifications } }
                  state ask_notifications { request notifications(alert) -> ask_tracking }
                  state ask_tracking { request tracking { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.promptWhilePromptFinishing]) == [])
    }
}
