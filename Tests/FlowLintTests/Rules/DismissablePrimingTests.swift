import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1302 (dismissable-priming): its documented examples, then its tests (add the next one here).
@Suite struct DismissablePrimingTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .dismissablePriming) }

    // A dismissable priming behind a branch the status analysis proves dead: FL1201 reports the
    // branch, and FL1302 stays silent (nobody sees the priming).
    @Test func aPrimingReachedOnlyThroughADeadBranchIsSilent() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> done granted  denied, restricted -> done denied  notDetermined -> prime } }
                  state prime { alert { title "Scan receipts" button "Continue" -> again  cancel "Not Now" -> done cancelled } }
                  state again { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.dismissablePriming]) == [])
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

    // Issue 29 item 6: FL1302's explanation gives the reason, the patterns that pass, and the one
    // configuration line for a team that decides otherwise (and that line works).
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
}
