import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// Issue 29's false alarms on correct flows: each flow here is right, and was reported.
@Suite struct FalseAlarmTests {
    /// A location request after a tap gets one of its three answers: the app is in the
    /// foreground, which is all the location prompt needs.
    @Test func aLocationRequestAfterATapDoesNotCompleteNotDetermined() {
        #expect(
            lintMarked(
                """
                flow nearby {
                  uses location
                  start -> prime
                  state prime { alert { title "Find stores near you" button "Continue" -> ask } }
                  state ask {
                    request location {
                      authorizedWhenInUse, authorizedAlways -> done granted
                      denied, restricted                    -> done denied
                    }
                  }
                }
                """, rules: [.unhandledStatus, .promptWhilePromptFinishing]) == [])
    }

    /// Straight from another prompt's answer, location still prompts (only ATT needs an active
    /// app); tracking there is dropped and its notDetermined must be handled.
    @Test func onlyTrackingIsDroppedStraightFromAnotherPromptsAnswer() {
        #expect(
            lintMarked(
                """
                flow onboarding {
                  uses notifications, location
                  start -> ask_notifications
                  state ask_notifications { request notifications(alert) -> ask_location }
                  state ask_location {
                    request location {
                      authorizedWhenInUse, authorizedAlways -> done granted
                      denied, restricted                    -> done denied
                    }
                  }
                }
                """, rules: [.unhandledStatus, .promptWhilePromptFinishing]) == [])
        #expect(
            lintMarked(
                """
                flow onboarding {
                  uses notifications, tracking
                  start -> ask_notifications
                  state ask_notifications { request notifications(alert) -> ask_tracking }
                  state ask_tracking { 1️⃣request tracking { authorized -> done granted  denied, restricted -> done denied }2️⃣ }
                }
                """, rules: [.unhandledStatus, .promptWhilePromptFinishing]) == [
                    "1️⃣-2️⃣ FL1203 error: request tracking does not handle the result notDetermined",
                    "1️⃣-2️⃣ FL1210 warning: request tracking runs while the notifications prompt is finishing: iOS shows the tracking prompt only to an active app, so it returns notDetermined without asking",
                ])
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

    /// A request reached while already granted returns the grant at once: nothing is lost, and
    /// FL1207 is silent. The priming before it is another matter (the lead's decision): a granted
    /// user is asked to agree to a prompt that never comes, FL1215 at the priming.
    @Test func aRequestReachedWhileGrantedIsNotPromptSkipped() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { denied, restricted -> explain  else -> prime } }
                  state prime { 1️⃣alert { title "Scan receipts" button "Continue" -> ask }2️⃣ }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                  state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
                  state settings { open settings on return -> check }
                }
                """, rules: [.promptSkippedOnSomePaths, .primingWhileGranted]) == [
                    "1️⃣-2️⃣ FL1215 warning: priming alert in state 'prime' is shown on a path where camera can already be authorized: iOS shows no prompt then, so the user agrees to a prompt that never comes"
                ])
    }

    /// The refusing user is held by the explanation they keep coming back to, not by the
    /// priming alert they passed once while undecided.
    @Test func forcedConsentIsReportedAtTheExplanationThatHoldsTheUser() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> prime  else -> explain } }
                  state prime { alert { title "Scan receipts" button "Continue" -> ask } }
                  state ask { request camera -> check }
                  state explain { 1️⃣alert { title "The camera is required" button "Open Settings" -> settings }2️⃣ }
                  state settings { open settings on return -> check }
                }
                """, rules: [.forcedConsent]) == [
                    "1️⃣-2️⃣ FL1303 warning: a user who refuses cannot leave 'explain': every way out leads back to it until camera is granted"
                ])
    }

    /// An alert that offers a feature before a subflow that primes its own request is not a
    /// priming alert: its "Skip" is fine. One before a subflow that asks at once still is.
    @Test func aFeatureOfferBeforeASelfPrimingCallIsNotPriming() {
        let callee = """
            flow voice_replies {
              uses microphone
              start -> prime
              state prime { alert { title "Voice replies" message "Next, iOS asks for the microphone." button "Continue" -> ask } }
              state ask { request microphone { granted -> done granted  else -> done denied } }
            }
            """
        #expect(
            lintMarked(
                callee + """

                    flow chat {
                      uses microphone
                      start -> offer
                      state offer { alert { title "Set Up Voice Replies" button "Set Up" -> setup  cancel "Skip" -> done cancelled } }
                      state setup { call voice_replies { granted -> done granted  else -> done denied } }
                    }
                    """, rules: [.dismissablePriming]) == [])
        #expect(
            lintMarked(
                """
                flow dictate {
                  uses microphone
                  start -> ask
                  state ask { request microphone { granted -> done granted  else -> done denied } }
                }
                flow chat {
                  uses microphone
                  start -> offer
                  state offer { alert { title "Set Up Voice Replies" button "Set Up" -> setup  1️⃣cancel "Skip" -> done cancelled2️⃣ } }
                  state setup { call dictate { granted -> done granted  else -> done denied } }
                }
                """, rules: [.dismissablePriming]) == [
                    "1️⃣-2️⃣ FL1302 warning: priming alert can be dismissed with 'Skip' without ever reaching the system prompt"
                ])
    }
}

/// Issue 29 item 6: FL1302's explanation gives the reason, the patterns that pass, and the one
/// configuration line for a team that decides otherwise (and that line works).
@Suite struct DismissablePrimingExplanationTests {
    @Test func theExplanationGivesTheReasonThePassingPatternsAndTheOneLine() throws {
        let text = Rule.dismissablePriming.explanation
        #expect(
            text.contains(
                """
                What developers report of these rejections under guideline 5.1.1 (their
                reports, paraphrased: this is not Apple's guideline text) is that a custom message
                before a permission request must lead to the request
                """))
        #expect(
            text.contains(
                """
                Patterns that pass review:
                - A single neutral button ("Continue", "Next") that leads to the request.
                - No modal at all: ask later, from an in-context control the user taps when they want
                  the feature
                """))
        let line = "dismissable-priming = off  # our \"Not Now\" was accepted in review, 2026-11"
        #expect(text.contains("    # .flowlint\n    " + line))
        let configuration = try LintConfiguration.parse(lines: line + "\n", path: ".flowlint")
        #expect(configuration.severity(of: Rule.dismissablePriming) == nil)
        #expect(
            lintMarked(
                Rule.dismissablePriming.triggeringExample, rules: [.dismissablePriming], configuration: configuration)
                == [])
    }
}
