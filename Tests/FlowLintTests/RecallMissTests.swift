import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// A kind both the caller and the subflow name in `uses` is one permission on the device: what
/// the subflow asked holds after it returns.
@Suite struct SharedKindAcrossCallTests {
    /// The subflow asked: the caller's second check can find it authorized (was FL1201).
    @Test func aRequestInTheSubflowChangesTheCallersStatus() {
        #expect(
            lintMarked(
                """
                flow ask_camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                flow scan {
                  uses camera
                  start -> check
                  state check { status camera { notDetermined -> ask  authorized -> done granted  else -> done denied } }
                  state ask { call ask_camera { granted -> recheck  else -> recheck } }
                  state recheck { status camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.deadBranch]) == [])
    }

    /// The subflow made the one Always request Core Location honours: the caller's is ignored.
    @Test func anAlwaysRequestInTheSubflowIsTheOneIOSHonours() {
        #expect(
            lintMarked(
                """
                flow upgrade {
                  uses location
                  outcomes always, whileUsing
                  start -> ask
                  state ask { request location(always) { authorizedAlways -> done always  else -> done whileUsing } }
                }
                flow background {
                  uses location
                  outcomes always, whileUsing, denied
                  start -> check
                  state check { status location { authorizedWhenInUse -> first  authorizedAlways -> done always  else -> done denied } }
                  state first { call upgrade { always -> done always  whileUsing -> again } }
                  state again { 1️⃣request location(always) { authorizedAlways -> done always  else -> done whileUsing }2️⃣ }
                }
                """, rules: [.locationUpgradeIgnored]) == [
                    "1️⃣-2️⃣ FL1208 warning: request location(always) shows no prompt on this path: requestAlwaysAuthorization() was already called, and iOS honours it once"
                ])
    }
}
