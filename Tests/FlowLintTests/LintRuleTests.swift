import FlowModel
import FlowSyntax
import Testing

@testable import FlowLint

/// Every lint rule on real `.flow` text: the ID, the exact range (markers) and the message of
/// each finding, and its notes. Other rules' findings on the same text are left out by `rules:`.
@Suite struct LintRuleTests {
    /// `exampleLibrary` with markers around the flow name FL1105 reports.
    static let markedLibrary = """
        flow 1️⃣ask_access2️⃣(p: permission) {
          start -> ask
          state ask { request p { granted -> done granted  else -> done denied } }
        }
        """
    var markedLibrary: String { Self.markedLibrary }

    @Test func suppressionWithoutReason() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  1️⃣// flowlint:disable FL11012️⃣
                  state old { -> ask }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.suppressionWithoutReason], notes: true) == [
                    "1️⃣-2️⃣ FL1001 warning: flowlint:disable needs a reason after '--'"
                ])
    }

    @Test func unknownRuleInDirective() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  1️⃣// flowlint:disable FL1110 -- kept for the A/B test2️⃣
                  state old { -> ask }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.unknownRuleInDirective], notes: true) == [
                    "1️⃣-2️⃣ FL1002 warning: unknown rule 'FL1110' in flowlint:disable"
                ])
    }

    @Test func unmetExpectation() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> done denied } } 1️⃣// flowlint:expect FL12032️⃣
                }
                """, rules: [.unmetExpectation], notes: true) == [
                    "1️⃣-2️⃣ FL1003 error: expected finding FL1203 is not reported here"
                ])
    }

    @Test func unknownDirective() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  1️⃣// flowlint:disabel FL1101 -- typo2️⃣
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.unknownDirective], notes: true) == [
                    "1️⃣-2️⃣ FL1004 warning: unknown flowlint directive 'disabel': expected 'disable' or 'expect'"
                ])
    }

    @Test func unreachableState() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                  state 1️⃣retry2️⃣ { -> again }
                  state 3️⃣again4️⃣ { -> retry }
                }
                """, rules: [.unreachableState], notes: true) == [
                    "1️⃣-2️⃣ FL1101 warning: state 'retry' is never reached from the start of flow 'camera'",
                    "  note: remove it, or add a transition to it from a reachable state",
                    "3️⃣-4️⃣ FL1101 warning: state 'again' is never reached from the start of flow 'camera'",
                    "  note: remove it, or add a transition to it from a reachable state",
                ])
    }

    @Test func trap() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> explain } }
                  state 1️⃣explain2️⃣ {
                    alert { title "Camera is off" message "Turn it on in Settings" button "Open Settings" -> settings }
                  }
                  state settings { open settings on return -> explain }
                }
                """, rules: [.trap], notes: true) == [
                    "1️⃣-2️⃣ FL1102 error: no outcome can be reached from state 'explain': the flow never ends once it gets here",
                    "  note: states 'explain', 'settings' only lead to each other",
                    "  note: add a transition that ends the flow, such as a cancel button or an else branch",
                ])
    }

    @Test func eventlessLoop() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state 1️⃣check2️⃣ { status camera { authorized -> done granted  notDetermined -> ask  else -> wait } }
                  state wait { -> check }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.eventlessLoop], notes: true) == [
                    "1️⃣-2️⃣ FL1103 error: states 'check', 'wait' form a loop that waits for no user or device event: it would spin forever",
                    "  note: nothing in the loop can change the statuses it reads; add an alert, a request or a Settings visit, or end the flow",
                ])
    }

    @Test func unreachedOutcome() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  outcomes granted, denied, 1️⃣unavailable2️⃣
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.unreachedOutcome], notes: true) == [
                    "1️⃣-2️⃣ FL1104 warning: outcome 'unavailable' of flow 'camera' is declared but no path ends with it",
                    "  note: end a path with 'done unavailable', or remove it from 'outcomes'",
                ])
    }

    @Test func unusedFlow() {
        #expect(
            lintMarked(
                """
                import "helpers.flow"
                flow camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.unusedFlow], imports: ["helpers.flow": markedLibrary], notes: true) == [
                    "helpers.flow 1️⃣-2️⃣ FL1105 warning: flow 'ask_access' is never called",
                    "  note: call it from a flow, or remove it",
                ])
    }

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

    @Test func deadBranch() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { notDetermined -> ask  authorized -> done granted  else -> done denied } }
                  state ask {
                    request camera { authorized -> done granted  1️⃣notDetermined -> retry2️⃣  denied -> done denied }
                  }
                  state 3️⃣retry4️⃣ { -> ask }
                }
                """, rules: [.deadBranch], notes: true) == [
                    "1️⃣-2️⃣ FL1201 warning: branch 'notDetermined' is never taken: request camera never returns notDetermined",
                    "  note 3️⃣-4️⃣: state 'retry' is reachable only through this branch",
                ])
    }

    @Test func promptNeverShown() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> ask  else -> ask_again } }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                  state ask_again { 1️⃣request camera { authorized -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.promptNeverShown], notes: true) == [
                    "1️⃣-2️⃣ FL1202 warning: request camera never shows the system prompt here: the status is already restricted or denied, so iOS returns it at once",
                    "  note: explain why the permission is needed and offer 'open settings' instead",
                ])
    }

    @Test func unhandledStatus() {
        #expect(
            lintMarked(
                """
                flow photos {
                  uses photos
                  start -> check
                  state check {
                    1️⃣status photos { authorized -> done granted  notDetermined -> ask  denied, restricted -> done denied }2️⃣
                  }
                  state ask { request photos { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.unhandledStatus], notes: true) == [
                    "1️⃣-2️⃣ FL1203 error: status check on photos does not handle limited",
                    "  note: at run time an unmatched status is a flow error; add a branch for it or an 'else'",
                ])
    }

    @Test func shadowedBranch() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check {
                    status camera { authorized -> done granted  3️⃣denied, restricted -> done denied4️⃣  notDetermined -> ask  1️⃣denied -> explain2️⃣ }
                  }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                  state explain { alert { title "Camera is off" button "OK" -> done denied } }
                }
                """, rules: [.shadowedBranch], notes: true) == [
                    "1️⃣-2️⃣ FL1204 warning: pattern 'denied' is already matched by the branch 'denied, restricted'",
                    "  note 3️⃣-4️⃣: 'denied, restricted' matches it first",
                    "  note: the first matching branch wins; remove it or move it up",
                ])
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

    @Test func elseHidesLimited() {
        #expect(
            lintMarked(
                """
                flow photos {
                  uses photos
                  start -> ask
                  state ask { request photos { authorized -> done granted  else 1️⃣-> explain2️⃣ } }
                  state explain {
                    alert { title "Photos are off" message "You can allow access in Settings"
                            button "Open Settings" -> settings  cancel "Not Now" -> done denied }
                  }
                  state settings { open settings on return -> check }
                  state check { status photos { authorized, limited -> done granted  else -> done denied } }
                }
                """, rules: [.elseHidesLimited], notes: true) == [
                    "1️⃣-2️⃣ FL1206 warning: 'else' also receives photos 'limited': a limited grant is not a refusal",
                    "  note: give it a branch of its own (it may go to the same state) so the choice is deliberate",
                ])
    }

    @Test func steeringPrimingButton() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime {
                    alert { title "Scan receipts" message "We use the camera to scan receipts" 1️⃣button @prime.allow -> ask2️⃣ }
                  }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                strings en { prime.allow = "Continue" }
                strings zh-Hant { 3️⃣prime.allow = "允許"4️⃣ }
                """, rules: [.steeringPrimingButton], notes: true) == [
                    "1️⃣-2️⃣ FL1301 error: priming button '允許' steers the permission decision in 'zh-Hant'",
                    "  note 3️⃣-4️⃣: zh-Hant: '允許'",
                    "  note: App Review rejects priming buttons that steer the decision; use a neutral label such as 'Continue'",
                ])
    }

    @Test func dismissablePriming() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime {
                    alert { title "Scan receipts" message "We use the camera to scan receipts"
                            button "Continue" -> ask  1️⃣cancel "Not Now" -> done cancelled2️⃣ }
                  }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.dismissablePriming], notes: true) == [
                    "1️⃣-2️⃣ FL1302 warning: priming alert can be dismissed with 'Not Now' without ever reaching the system prompt",
                    "  note: App Review rejects priming screens that skip the system prompt; let every button lead to the request",
                ])
    }

    @Test func emptyCopy() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime { alert { title 1️⃣""2️⃣ message "We use the camera to scan receipts" button "Continue" -> ask } }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.emptyCopy], notes: true) == [
                    "1️⃣-2️⃣ FL1401 warning: empty title in state 'prime'"
                ])
    }

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

    @Test func missingUsageDescription() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  state ask { 1️⃣request camera { authorized -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.missingUsageDescription], plist: examplePlist(for: "FL1501"), notes: true) == [
                    "1️⃣-2️⃣ FL1501 error: request camera needs 'NSCameraUsageDescription' in Info.plist: without it iOS terminates the app at the request",
                    "  note: add 'NSCameraUsageDescription' with a sentence that says why the app needs it",
                ])
    }

    @Test func placeholderUsageDescription() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  state ask { 1️⃣request camera { authorized -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.placeholderUsageDescription], plist: examplePlist(for: "FL1502"), notes: true) == [
                    "1️⃣-2️⃣ FL1502 warning: usage description 'NSCameraUsageDescription' in Info.plist still holds the placeholder 'TODO': iOS shows it in the camera prompt"
                ])
    }

    @Test func locationAlwaysWithoutWhenInUse() {
        #expect(
            lintMarked(
                """
                flow location {
                  uses location
                  start -> ask
                  state ask { 1️⃣request location(always) { authorizedAlways, authorizedWhenInUse -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.locationAlwaysWithoutWhenInUse], plist: examplePlist(for: "FL1503"), notes: true) == [
                    "1️⃣-2️⃣ FL1503 error: location Always is requested but Info.plist lacks 'NSLocationWhenInUseUsageDescription'",
                    "  note: an Always request needs both location keys",
                ])
    }

    @Test func missingAccuracyPurpose() {
        #expect(
            lintMarked(
                """
                flow accuracy {
                  uses locationAccuracy
                  start -> ask
                  state ask { 1️⃣request locationAccuracy(purpose: "Navigation") { fullAccuracy -> done granted  else -> done limited }2️⃣ }
                }
                """, rules: [.missingAccuracyPurpose], plist: examplePlist(for: "FL1504"), notes: true) == [
                    "1️⃣-2️⃣ FL1504 error: purpose key 'Navigation' is missing from 'NSLocationTemporaryUsageDescriptionDictionary' in Info.plist"
                ])
    }
}
