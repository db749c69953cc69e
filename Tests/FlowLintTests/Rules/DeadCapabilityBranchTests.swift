import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// A capability answer cannot change during a run: a branch on it after it was decided is dead.
@Suite struct DeadCapabilityBranchTests {
    @Test func aSecondCameraCheckAfterItWasFoundPresentHasADeadBranch() {
        #expect(
            lintMarked(
                """
                flow scan {
                  uses camera
                  start -> device
                  state device { capability camera { present -> check  absent -> done unavailable } }
                  state check { status camera { authorized -> again  notDetermined -> ask  else -> done denied } }
                  state ask { request camera -> check }
                  state again { capability camera { present -> done granted  absent 1️⃣-> done unavailable2️⃣ } }
                }
                """, rules: [.deadBranch], notes: true) == [
                    "1️⃣-2️⃣ FL1201 warning: branch 'absent' is never taken: every path here already found camera present, and a device's camera does not change during a run",
                    "  note: check camera once, where the flow starts",
                ])
    }

    /// Location Services can be switched on in Settings during the run: a second check is live.
    @Test func aSecondLocationServicesCheckIsLive() {
        #expect(
            lintMarked(
                """
                flow nearby {
                  uses location
                  start -> services
                  state services { capability locationServices { on -> ask  off -> explain } }
                  state explain { alert { title "Location Services are off" button "Open Settings" -> settings  cancel "Not Now" -> done cancelled } }
                  state settings { open settings on return -> again }
                  state again { capability locationServices { on -> ask  off -> done unavailable } }
                  state ask { request location { authorizedWhenInUse, authorizedAlways -> done granted  else -> done denied } }
                }
                """, rules: [.deadBranch]) == [])
    }
}
