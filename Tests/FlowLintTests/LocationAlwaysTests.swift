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
        let report = lintText(flow)
        #expect(report.findings.filter { $0.ruleID == "FL1201" }.isEmpty, "\(report.findings.map(\.diagnostic.message))")
    }

    @Test func aWhenInUseRequestFromNotDeterminedNeverGivesAlways() {
        let whenInUse = flow.replacingOccurrences(of: "request location(always)", with: "request location")
        let dead = lintText(whenInUse).findings.filter { $0.ruleID == "FL1201" }.map(\.diagnostic.message)
        #expect(dead.count == 1 && dead[0].contains("authorizedAlways"), "\(dead)")
    }
}
