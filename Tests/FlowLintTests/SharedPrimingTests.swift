import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// Issue 29's remaining misses, their witnesses and the cases next to them that must stay quiet:
/// `notDetermined, restricted -> prime` with no loop between them (FL1207), and a prompt just
/// answered in a subflow before the caller asks for tracking (FL1210).
@Suite struct SharedPrimingTests {
    static func camera(
        _ check: String, prime: String = "state prime { alert { title \"Scan receipts\" button \"Continue\" -> ask } }"
    ) -> String {
        """
        flow camera {
          uses camera
          start -> check
          state check { status camera { \(check) } }
          \(prime)
          state ask { 1️⃣request camera { authorized -> done granted  else -> done denied }2️⃣ }
          state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
          state settings { open settings on return -> check }
        }
        """
    }

    /// The witness names the branch at each step: the check's arm, the priming's button.
    @Test func theRestrictedUsersWitnessNamesEveryBranch() {
        #expect(
            lintMarkedWithWitness(
                Self.camera("authorized -> done granted  notDetermined, restricted -> prime  denied -> explain"),
                rules: [.promptSkippedOnSomePaths]) == [
                    "1️⃣-2️⃣ FL1207 warning: request camera shows the system prompt on some paths, but on this path camera may already be restricted, so iOS returns it at once without asking",
                    "  note: it prompts only while camera is notDetermined; send a user whose status is decided to an explanation or Settings before the priming",
                    "  step: flow 'camera' starts at 'check'",
                    "  step: in 'check': status camera = notDetermined or restricted → prime",
                    "  step: in 'prime': button \"Continue\" → ask",
                    "  step: reaches 'ask' where camera is notDetermined or restricted",
                ])
    }

    /// Separate arms for the two statuses: still one priming, still reported.
    @Test func separateArmsIntoTheSamePrimingAreReported() {
        #expect(
            lintMarked(
                Self.camera(
                    "authorized -> done granted  notDetermined -> prime  restricted -> prime  denied -> explain"),
                rules: [.promptSkippedOnSomePaths]) == [
                    "1️⃣-2️⃣ FL1207 warning: request camera shows the system prompt on some paths, but on this one camera is already restricted, so iOS returns it at once without asking"
                ])
    }

    @Test func aRestrictedUserSentElsewhereIsSilent() {
        #expect(
            lintMarked(
                Self.camera(
                    "authorized -> done granted  notDetermined -> prime  restricted -> done denied  denied -> explain"),
                rules: [.promptSkippedOnSomePaths, .promptNeverShown]) == [])
    }

    /// A check after the priming sends the restricted user away before the request.
    @Test func aRecheckBetweenPrimingAndRequestIsSilent() {
        #expect(
            lintMarked(
                Self.camera(
                    "authorized -> done granted  notDetermined, restricted -> prime  denied -> explain",
                    prime: """
                        state prime { alert { title "Scan receipts" button "Continue" -> recheck } }
                          state recheck { status camera { notDetermined -> ask  authorized -> done granted  else -> explain } }
                        """),
                rules: [.promptSkippedOnSomePaths, .promptNeverShown]) == [])
    }

    /// FL1210 in the caller: silent when the caller shows an alert between the subflow's prompt and
    /// its tracking request (the app is active again).
    @Test func anAlertInTheCallerAfterTheSubflowsPromptIsSilent() {
        #expect(
            lintMarked(
                """
                flow ask_camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                flow onboarding {
                  uses camera, tracking
                  start -> camera
                  state camera { call ask_camera { granted -> next  else -> next } }
                  state next { alert { title "One more thing" button "Continue" -> tracking } }
                  state tracking { request tracking { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.promptWhilePromptFinishing]) == [])
    }

    /// The prompt finishing is carried through two returns: a subflow that ends by calling another
    /// that ends at its prompt.
    @Test func aPromptFinishingIsCarriedThroughTwoReturns() {
        #expect(
            lintMarked(
                """
                flow ask_camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                flow camera_step {
                  uses camera
                  start -> go
                  state go { call ask_camera { granted -> done granted  else -> done denied } }
                }
                flow onboarding {
                  uses camera, tracking
                  start -> camera
                  state camera { 3️⃣call camera_step { granted -> tracking  else -> tracking }4️⃣ }
                  state tracking { 1️⃣request tracking { authorized -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.promptWhilePromptFinishing], notes: true) == [
                    "1️⃣-2️⃣ FL1210 warning: request tracking runs while a prompt of subflow 'camera_step' is finishing: iOS shows the tracking prompt only to an active app, so it returns notDetermined without asking",
                    "  note 3️⃣-4️⃣: the subflow returns straight from a prompt's answer",
                    "  note: show an alert or screen first, so the app is active again when it asks",
                ])
    }
}
