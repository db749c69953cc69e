import Testing
@testable import FlowLint

/// `request location(always)` from notDetermined can complete authorizedAlways ("provisional
/// Always") as well as a temporary authorizedWhenInUse ("Allow Once"): neither arm is dead.
@Suite struct LocationAlwaysTests {
    let flow = """
        flow background {
          uses location
          start -> check
          state check {
            status location {
              notDetermined -> ask
              authorizedAlways -> done granted
              authorizedWhenInUse -> done limited
              denied, restricted -> done denied
            }
          }
          state ask {
            request location(always) {
              authorizedAlways -> done granted
              authorizedWhenInUse -> done limited
              denied -> done denied
            }
          }
        }
        """

    @Test func bothGrantsOfAnAlwaysRequestFromNotDeterminedAreReachable() {
        #expect(lintMarked(flow, rules: [.deadBranch]) == [])
    }

    @Test func aWhenInUseRequestFromNotDeterminedNeverGivesAlways() {
        let whenInUse = flow.replacingOccurrences(of: "request location(always)", with: "request location")
            .replacingOccurrences(of: "      authorizedAlways -> done granted\n      authorizedWhenInUse -> done limited\n      denied -> done denied",
                                  with: "      1️⃣authorizedAlways -> done granted2️⃣\n      authorizedWhenInUse -> done limited\n      denied -> done denied")
        #expect(lintMarked(whenInUse, rules: [.deadBranch]) == [
            "1️⃣-2️⃣ FL1201 warning: branch 'authorizedAlways' is never taken: the request starts from location notDetermined here",
        ])
    }
}
