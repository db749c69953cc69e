import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1503 (location-always-without-when-in-use): its documented examples, then its tests (add the next one here).
@Suite struct LocationAlwaysWithoutWhenInUseTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .locationAlwaysWithoutWhenInUse) }

    @Test func locationAlwaysWithoutWhenInUse() {
        #expect(
            lintMarked(
                """
                flow location {
                  uses location
                  start -> ask
                  state ask { 1️⃣request location(always) { authorizedAlways, authorizedWhenInUse -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.locationAlwaysWithoutWhenInUse], plist: examplePlist(for: "FL1503"), notes: true) == [
                    "1️⃣-2️⃣ FL1503 error: location Always is requested but Info.plist lacks 'NSLocationWhenInUseUsageDescription'",
                    "  note: an Always request needs both location keys",
                ])
    }
}
