import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1207 (prompt-skipped-on-some-paths): its documented examples, then its tests (add the next one here).
@Suite struct PromptSkippedOnSomePathsTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .promptSkippedOnSomePaths) }

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

    // Issue 29 item 2's third miss: `notDetermined, restricted -> prime` with no loop between them.
    @Test func aRestrictedUserSentThroughPrimingWithNoLoopIsReported() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined, restricted -> prime  denied -> done denied } }
                  state prime { alert { title "Scan receipts" button "Continue" -> ask } }
                  state ask { 1️⃣request camera { authorized -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.promptSkippedOnSomePaths], notes: true) == [
                    "1️⃣-2️⃣ FL1207 warning: request camera shows the system prompt on some paths, but on this path camera may already be restricted, so iOS returns it at once without asking",
                    "  note: it prompts only while camera is notDetermined; send a user whose status is decided to an explanation or Settings before the priming",
                ])
    }
}
