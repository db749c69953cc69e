import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1303 (forced-consent): its documented examples, then its tests (add the next one here).
@Suite struct ForcedConsentTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .forcedConsent) }

    // Forced consent through a `call`: the subflow can end `granted`, but not for a user who
    // refuses, so the explanation still holds them.
    @Test func aSubflowsGrantedOutcomeDoesNotFreeARefusingUser() {
        #expect(
            lintMarked(
                """
                flow ask_access(p: permission) {
                  start -> ask
                  state ask { request p { granted -> done granted  else -> done denied } }
                }
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> ask  else -> explain } }
                  state ask { call ask_access(p: camera) { granted -> done granted  else -> check } }
                  state explain { 1️⃣alert { title "The camera is required" button "Try Again" -> ask }2️⃣ }
                }
                """, rules: [.forcedConsent]) == [
                    "1️⃣-2️⃣ FL1303 warning: a user who refuses cannot leave 'explain': every way out leads back to it until camera is granted"
                ])
    }

    /// The same flow with a way out is clean.
    @Test func aWayOutEndsIt() {
        #expect(
            lintMarked(
                """
                flow ask_access(p: permission) {
                  start -> ask
                  state ask { request p { granted -> done granted  else -> done denied } }
                }
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> ask  else -> explain } }
                  state ask { call ask_access(p: camera) { granted -> done granted  else -> check } }
                  state explain { alert { title "The camera is off" button "Try Again" -> ask  cancel "Not Now" -> done denied } }
                }
                """, rules: [.forcedConsent]) == [])
    }

    @Test func anExplanationWhoseOnlyWayOutIsGrantingIsForcedConsent() {
        #expect(
            lintMarkedWithWitness(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> ask  else -> explain } }
                  state ask { request camera -> check }
                  state explain { 1️⃣alert { title "The camera is required" button "Open Settings" -> settings }2️⃣ }
                  state settings { open settings on return -> check }
                }
                """, rules: [.forcedConsent]) == [
                    "1️⃣-2️⃣ FL1303 warning: a user who refuses cannot leave 'explain': every way out leads back to it until camera is granted",
                    "  note: App Review 5.1.1(iv): a user who declines must be able to go on; give the alert a way out that ends the flow",
                    "  step: flow 'camera' starts at 'check'",
                    "  step: in 'check': status camera = restricted or denied (else) → explain",
                    "  step: reaches 'explain' where camera is restricted or denied",
                ])
    }

    @Test func primingThatComesBackAfterEveryRefusalIsForcedConsentToo() {
        // The refusing user's path: Don't Allow, the check, the priming again.
        #expect(
            lintMarkedWithWitness(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  else -> prime } }
                  state prime { 1️⃣alert { title "Scan receipts" button "Continue" -> ask }2️⃣ }
                  state ask { request camera -> check }
                }
                """, rules: [.forcedConsent]) == [
                    "1️⃣-2️⃣ FL1303 warning: a user who refuses cannot leave 'prime': every way out leads back to it until camera is granted",
                    "  note: App Review 5.1.1(iv): a user who declines must be able to go on; give the alert a way out that ends the flow",
                    "  step: flow 'camera' starts at 'check'",
                    "  step: in 'check': status camera = notDetermined, restricted or denied (else) → prime",
                    "  step: in 'prime': button \"Continue\" → ask",
                    "  step: in 'ask': request camera: Don't Allow → check",
                    "  step: in 'check': status camera = restricted or denied (else) → prime",
                    "  step: reaches 'prime' where camera is restricted or denied",
                ])
    }

    @Test func aTwoStateLoopIsForcedConsentAndATrapIsReportedOnceForAllItsAlerts() {
        // The smallest cycle through an alert: the alert and the check it goes back to.
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  else -> explain } }
                  state explain { 1️⃣alert { title "The camera is required" button "Try again" -> check }2️⃣ }
                }
                """, rules: [.forcedConsent]) == [
                    "1️⃣-2️⃣ FL1303 warning: a user who refuses cannot leave 'explain': every way out leads back to it until camera is granted"
                ])
        // Two alerts on one cycle hold the user in one place: one finding, at the first reached.
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  else -> first } }
                  state first { 1️⃣alert { title "The camera is required" button "Why?" -> second }2️⃣ }
                  state second { alert { title "Receipts need the camera" button "Try again" -> check } }
                }
                """, rules: [.forcedConsent]) == [
                    "1️⃣-2️⃣ FL1303 warning: a user who refuses cannot leave 'first': every way out leads back to it until camera is granted"
                ])
    }

    @Test func aWayOutOrAnAlertOffEveryCycleIsNotForcedConsent() {
        #expect(lintMarked(Rule.forcedConsent.cleanExample, rules: [.forcedConsent]) == [])
        // A loop only a grant can leave, but a trap for everyone else is FL1102's, not this rule's;
        // here a refusal ends the flow after the request.
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> prime  else -> done denied } }
                  state prime { alert { title "Scan receipts" button "Continue" -> ask } }
                  state ask { request camera -> check }
                }
                """, rules: [.forcedConsent]) == [])
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
}
