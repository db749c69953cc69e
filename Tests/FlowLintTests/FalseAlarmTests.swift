import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// Issue 29's false alarms on correct flows: each flow here is right, and was reported.
@Suite struct FalseAlarmTests {
    /// A location request after a tap gets one of its three answers: the app is in the
    /// foreground, which is all the location prompt needs.
    @Test func aLocationRequestAfterATapDoesNotCompleteNotDetermined() {
        #expect(
            lintMarked(
                """
                flow nearby {
                  uses location
                  start -> prime
                  state prime { alert { title "Find stores near you" button "Continue" -> ask } }
                  state ask {
                    request location {
                      authorizedWhenInUse, authorizedAlways -> done granted
                      denied, restricted                    -> done denied
                    }
                  }
                }
                """, rules: [.unhandledStatus, .promptWhilePromptFinishing]) == [])
    }
}
