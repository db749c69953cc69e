import Testing
@testable import FlowLint

@Suite struct ElseHidesLimitedTests {
    func findings(_ text: String) -> [String] {
        lintText(text).findings.filter { $0.ruleID == "FL1206" }.map(\.diagnostic.message)
    }

    @Test func provisionalNotificationsInAnElseAreReported() {
        let flow = """
            flow n {
              uses notifications
              start -> ask
              state ask { request notifications(alert, provisional) { authorized -> done granted  else -> done denied } }
            }
            """
        // Ephemeral too: an App Clip starts ephemeral, and a request then returns it at once.
        #expect(findings(flow) == ["'else' also receives notifications 'provisional', notifications 'ephemeral': a limited grant is not a refusal"])
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
                  else -> done denied
                }
              }
            }
            """
        // (authorized, limited) is caught by the second arm; (denied, limited) etc. reach else.
        #expect(findings(flow) == ["'else' also receives photos 'limited': a limited grant is not a refusal"])
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
        #expect(findings(flow).isEmpty)
    }
}
