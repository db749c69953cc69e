import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1210 (prompt-while-prompt-finishing): its documented examples, then its tests (add the next one here).
@Suite struct PromptWhilePromptFinishingTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .promptWhilePromptFinishing) }

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
}
