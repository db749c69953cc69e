import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1214 (approximate-location-told-off): its documented examples, then its tests (add the next one here).
@Suite struct ApproximateLocationToldOffTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .approximateLocationToldOff) }

    @Test func anApproximateUserToldLocationIsOffIsReported() {
        #expect(
            lintMarked(
                """
                flow delivery {
                  uses location, locationAccuracy
                  start -> check
                  state check { status location { authorizedWhenInUse, authorizedAlways -> accuracy  notDetermined -> ask  else -> off } }
                  state ask { request location -> check }
                  state accuracy { status locationAccuracy { fullAccuracy -> done granted  reducedAccuracy -> off } }
                  state off { 1️⃣alert { title @off.title  button "OK" -> done denied }2️⃣ }
                }
                strings en { off.title = "Location access denied" }
                """, rules: [.approximateLocationToldOff], notes: true) == [
                    "1️⃣-2️⃣ FL1214 warning: the alert in state 'off' says 'Location access denied' to a user who granted location with Approximate accuracy",
                    "  note: location is granted on this path; say that Precise Location is off, or request locationAccuracy",
                ])
    }

    /// Reached only by users who did not grant location, or saying what is off: silent.
    @Test func copyThatIsTrueOnItsPathIsSilent() {
        #expect(
            lintMarked(
                """
                flow delivery {
                  uses location, locationAccuracy
                  start -> check
                  state check { status location { authorizedWhenInUse, authorizedAlways -> accuracy  notDetermined -> ask  else -> off } }
                  state ask { request location -> check }
                  state accuracy { status locationAccuracy { fullAccuracy -> done granted  reducedAccuracy -> precise } }
                  state off { alert { title "Location is off" button "OK" -> done denied } }
                  state precise { alert { title "Precise Location is off" button "OK" -> done limited } }
                }
                """, rules: [.approximateLocationToldOff]) == [])
    }
}
