import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// Issue 34: the loop rules follow a limit's `else` edge. The `else` is taken when the state is
/// not due (used up, or shown too recently), and in one run it stays not due from the first
/// showing on: a loop back through it waits for nothing, and a loop through the limited state's
/// own statement ends when the limit is used up.
@Suite struct LimitLoopTests {
    @Test func aLimitsElseBackToTheCheckBeforeAPrimingAlertIsAnEventlessLoop() {
        #expect(
            lintMarkedWithWitness(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> prime  else -> done denied } }
                  state prime {
                    1️⃣limit 3 times else -> check2️⃣
                    alert { title "Scan receipts" button "Continue" -> ask  cancel "Not Now" -> done cancelled }
                  }
                  state ask { request camera -> check }
                }
                """, rules: [.eventlessLoop]) == [
                    "1️⃣-2️⃣ FL1103 error: states 'check', 'prime' form a loop that waits for no user or device event once the limit of 'prime' is not due: it would spin forever",
                    "  note: after 'limit 3 times' says not now, its 'else' comes back round without showing anything; send the 'else' out of the loop (an outcome, or a state that leads on)",
                    "  step: flow 'camera' starts at 'check'",
                    "  step: in 'check': status camera = notDetermined → prime",
                    "  step: reaches 'prime' where camera is notDetermined",
                ])
    }

    @Test func aLimitsElseThatLeavesTheLoopIsSilent() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> prime  else -> done denied } }
                  state prime {
                    limit 3 times else -> done cancelled
                    alert { title "Scan receipts" button "Continue" -> ask  cancel "Not Now" -> done cancelled }
                  }
                  state ask { request camera -> check }
                }
                """, rules: [.eventlessLoop]) == [])
    }

    /// A goto loop that passes a limited state's own statement runs at most as often as the
    /// limit allows, then leaves by the `else`.
    @Test func aGotoLoopBoundedByALimitIsSilent() {
        let source = """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> ask  else -> wait } }
              state wait {
                limit 3 times else -> done denied
                -> check
              }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """
        #expect(lintMarked(source, rules: [.eventlessLoop]) == [])
        // Without the limit the same loop spins.
        #expect(
            lintMarked(
                source.replacingOccurrences(of: "limit 3 times else -> done denied", with: ""), rules: [.eventlessLoop]
            )
            .count == 1)
    }

    /// Two limited gotos that send each other back: their `else` edges form the loop.
    @Test func aLoopOfElseEdgesIsReportedAtTheFirstLimit() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> a
                  state a {
                    1️⃣limit every 7 days else -> b2️⃣
                    alert { title "Scan receipts" button "Continue" -> ask  cancel "Not Now" -> done cancelled }
                  }
                  state b {
                    limit 1 time else -> a
                    alert { title "Receipts need the camera" button "Continue" -> ask  cancel "Not Now" -> done cancelled }
                  }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.eventlessLoop], notes: true) == [
                    "1️⃣-2️⃣ FL1103 error: states 'a', 'b' form a loop that waits for no user or device event once the limits of 'a', 'b' are not due: it would spin forever",
                    "  note: after 'limit every 7 days' says not now, its 'else' comes back round without showing anything; send the 'else' out of the loop (an outcome, or a state that leads on)",
                ])
    }

    /// FL1304: an alert whose own limit cannot show it twice in a row takes the `else` instead of
    /// coming back; with `N times` alone it does come back.
    @Test func anAlertThatCannotShowTwiceInARowIsNotReshown() {
        func source(_ limit: String) -> String {
            """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> prime  else -> done denied } }
              state prime {
                limit \(limit) else -> done cancelled
                alert { title "Scan receipts" button "Continue" -> ask  1️⃣cancel "Not Now" -> check2️⃣ }
              }
              state ask { request camera -> check }
            }
            """
        }
        #expect(lintMarked(source("every 7 days"), rules: [.buttonReshowsAlert]) == [])
        #expect(lintMarked(source("1 time"), rules: [.buttonReshowsAlert]) == [])
        #expect(
            lintMarked(source("3 times"), rules: [.buttonReshowsAlert]) == [
                "1️⃣-2️⃣ FL1304 warning: cancel \"Not Now\" shows the same alert again: the way back to 'prime' waits for nothing, so the tap does nothing"
            ])
    }

    /// FL1306's advice taken two ways: a limit whose `else` ends the flow is clean for both
    /// rules; one whose `else` goes back to the check trades the nagging for an eventless loop.
    @Test func naggingPrimingAndTheLoopRuleAgreeOnALimitsElse() {
        func source(_ limit: String) -> String {
            """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined, denied -> prime  else -> done denied } }
              state 3️⃣prime4️⃣ {
                \(limit)
                alert { title "Scan receipts" button "Continue" -> ask }
              }
              state ask { request camera -> check }
            }
            """
        }
        let rules: [Rule] = [.naggingPriming, .eventlessLoop]
        #expect(
            lintMarked(source(""), rules: rules) == [
                "3️⃣-4️⃣ FL1306 warning: priming alert 'prime' is shown again to a user who denied camera, and it has no 'limit'"
            ])
        #expect(lintMarked(source("limit 3 times else -> done denied"), rules: rules) == [])
        #expect(
            lintMarked(source("1️⃣limit 3 times else -> check2️⃣"), rules: rules) == [
                "1️⃣-2️⃣ FL1103 error: states 'check', 'prime' form a loop that waits for no user or device event once the limit of 'prime' is not due: it would spin forever"
            ])
    }
}
