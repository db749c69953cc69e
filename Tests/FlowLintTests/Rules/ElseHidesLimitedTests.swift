import Testing

@testable import FlowLint

/// FL1206 (else-hides-limited): its documented examples, then its tests (add the next one here).
@Suite struct ElseHidesLimitedTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .elseHidesLimited) }

    @Test func provisionalNotificationsInAnElseAreReported() {
        let flow = """
            flow n {
              uses notifications
              start -> ask
              state ask { request notifications(alert, provisional) { authorized -> done granted  else 1️⃣-> done denied2️⃣ } }
            }
            """
        // Ephemeral too: an App Clip starts ephemeral, and a request then returns it at once.
        #expect(
            lintMarked(flow, rules: [.elseHidesLimited]) == [
                "1️⃣-2️⃣ FL1206 warning: 'else' also receives notifications 'provisional', notifications 'ephemeral': a limited grant is not a refusal"
            ])
    }

    @Test func aTupleElseReportsThePositionThatIsLimited() {
        let flow = """
            flow t {
              uses camera, photos
              start -> check
              state check {
                status (camera, photos) {
                  (authorized, authorized) -> done granted
                  (authorized, _) -> done limited
                  else 1️⃣-> done denied2️⃣
                }
              }
            }
            """
        // (authorized, limited) is caught by the second arm; (denied, limited) etc. reach else.
        #expect(
            lintMarked(flow, rules: [.elseHidesLimited]) == [
                "1️⃣-2️⃣ FL1206 warning: 'else' also receives photos 'limited': a limited grant is not a refusal"
            ])
    }

    @Test func reducedAccuracyAndBranchlessRequestsAreNotReported() {
        let flow = """
            flow p {
              uses location, locationAccuracy
              start -> check
              state check { status location { authorizedWhenInUse, authorizedAlways -> precise  else -> done denied } }
              state precise { request locationAccuracy(purpose: "Delivery") { fullAccuracy -> again  else -> done limited } }
              state again { request locationAccuracy(purpose: "Delivery") -> done granted }
            }
            """
        #expect(lintMarked(flow, rules: [.elseHidesLimited]) == [])
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
}
