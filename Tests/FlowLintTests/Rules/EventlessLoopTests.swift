import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

// Issue 34: the loop rules follow a limit's `else` edge (the tests of a limit below). The `else` is
// taken when the state is not due (used up, or shown too recently), and in one run it stays not
// due from the first showing on: a loop back through it waits for nothing, and a loop through the
// limited state's own statement ends when the limit is used up.

/// FL1103 (eventless-loop): its documented examples, then its tests (add the next one here).
@Suite struct EventlessLoopTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .eventlessLoop) }

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
                    "  step: in 'prime': limit 3 times: not due, limit reached (shown 3 of 3 times) → check",
                    "  step: in 'check': status camera = notDetermined → prime",
                    "  step: reaches 'prime' again where camera is notDetermined, still not due: the same steps repeat",
                ])
    }

    /// The witness of a loop of `else` edges names each "not due" step, with the reason
    /// exploration gives first for each limit (used up with `N times`, shown today with
    /// `every N days`), and goes round through gotos back to the first limited state.
    @Test func theWitnessOfALoopOfElseEdgesNamesEachNotDueStep() {
        #expect(
            lintMarkedWithWitness(
                """
                flow camera {
                  uses camera
                  start -> a
                  state a {
                    1️⃣limit every 7 days else -> b2️⃣
                    alert { title "Scan receipts" button "Continue" -> ask  cancel "Not Now" -> done cancelled }
                  }
                  state b {
                    limit 2 times, every 3 days else -> back
                    alert { title "Receipts need the camera" button "Continue" -> ask  cancel "Not Now" -> done cancelled }
                  }
                  state back { -> a }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.eventlessLoop]) == [
                    "1️⃣-2️⃣ FL1103 error: states 'a', 'b', 'back' form a loop that waits for no user or device event once the limits of 'a', 'b' are not due: it would spin forever",
                    "  note: after 'limit every 7 days' says not now, its 'else' comes back round without showing anything; send the 'else' out of the loop (an outcome, or a state that leads on)",
                    "  step: flow 'camera' starts at 'a'",
                    "  step: in 'a': limit every 7 days: not due, shown today, every 7 days → b",
                    "  step: in 'b': limit 2 times, every 3 days: not due, limit reached (shown 2 of 2 times) → back",
                    "  step: in 'back': goes on → a",
                    "  step: reaches 'a' again, still not due: the same steps repeat",
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

    /// The way round is followed from what is known on the way in: the shortest way to 'prime'
    /// (an undecided user) leaves at the check after the `else`, so the witness comes in by the
    /// other branch, whose user the check sends back.
    @Test func theLimitLoopWitnessComesInTheWayThatGoesRound() {
        #expect(
            lintMarkedWithWitness(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { notDetermined -> prime  else -> prime } }
                  state prime {
                    1️⃣limit 3 times else -> again2️⃣
                    alert { title "Scan receipts" button "Continue" -> ask  cancel "Not Now" -> done cancelled }
                  }
                  state again { status camera { notDetermined -> done cancelled  else -> prime } }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.eventlessLoop]) == [
                    "1️⃣-2️⃣ FL1103 error: states 'prime', 'again' form a loop that waits for no user or device event once the limit of 'prime' is not due: it would spin forever",
                    "  note: after 'limit 3 times' says not now, its 'else' comes back round without showing anything; send the 'else' out of the loop (an outcome, or a state that leads on)",
                    "  step: flow 'camera' starts at 'check'",
                    "  step: in 'check': status camera = restricted, denied or authorized (else) → prime",
                    "  step: in 'prime': limit 3 times: not due, limit reached (shown 3 of 3 times) → again",
                    "  step: in 'again': status camera = restricted, denied or authorized (else) → prime",
                    "  step: reaches 'prime' again where camera is restricted, denied or authorized, still not due: the same steps repeat",
                ])
    }

    /// A limit loop's witness is abridged like any other: the first and last steps whether the
    /// way in, the way round or both are long (the way round is held apart from the path tree).
    @Test func aLongLimitLoopWitnessKeepsItsFirstAndLastSteps() throws {
        func flow(chain: Int, loop: Int) -> String {
            var text = "flow camera {\n  uses camera\n  start -> s0\n"
            for i in 0..<chain { text += "  state s\(i) { -> \(i + 1 < chain ? "s\(i + 1)" : "prime") }\n" }
            text += "  state prime {\n    limit 3 times else -> l0\n"
            text +=
                "    alert { title \"Scan receipts\" button \"Continue\" -> ask  cancel \"Not Now\" -> done cancelled }\n  }\n"
            for i in 0..<loop { text += "  state l\(i) { -> \(i + 1 < loop ? "l\(i + 1)" : "prime") }\n" }
            return text + "  state ask { request camera { authorized -> done granted  else -> done denied } }\n}\n"
        }
        // (chain, loop): both long; a short way in; a short way round.
        for (chain, loop) in [(40, 30), (2, 60), (60, 5), (30, 20)] {
            let witness = try #require(
                lintText(flow(chain: chain, loop: loop)).findings.first { $0.ruleID == "FL1103" }
            )
            .witness
            let steps = witness.steps
            // The start, one step per goto of the way in, the limit's `else`, the way round, the arrival.
            #expect(witness.count == chain + loop + 3 && steps.count == witness.count, "\(chain), \(loop)")
            #expect(
                steps[chain + 1].message
                    == "in 'prime': limit 3 times: not due, limit reached (shown 3 of 3 times) → l0")
            #expect(steps.last?.message == "reaches 'prime' again, still not due: the same steps repeat")
            let (head, omitted, tail) = witness.abridged()
            #expect(head == Array(steps.prefix(25)) && tail == Array(steps.suffix(25)), "\(chain), \(loop)")
            #expect(omitted == witness.count - 50)
            let (shortHead, shortOmitted, shortTail) = witness.abridged(head: 3, tail: 2)
            #expect(shortHead == Array(steps.prefix(3)) && shortTail == Array(steps.suffix(2)))
            #expect(shortOmitted == witness.count - 5)
        }
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

    @Test func eventlessLoop() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state 1️⃣check2️⃣ { status camera { authorized -> done granted  notDetermined -> ask  else -> wait } }
                  state wait { -> check }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.eventlessLoop], notes: true) == [
                    "1️⃣-2️⃣ FL1103 error: states 'check', 'wait' form a loop that waits for no user or device event: it would spin forever",
                    "  note: nothing in the loop can change the statuses it reads; add an alert, a request or a Settings visit, or end the flow",
                ])
    }

    /// An eventless loop between two status checks, inside a larger loop that has an alert.
    @Test func twoDeniedPermissionsThatSendEachOtherBackAndForthAreReported() {
        #expect(
            lintMarked(
                """
                flow video {
                  uses camera, microphone
                  start -> camera
                  state 1️⃣camera2️⃣ { status camera { authorized -> microphone  notDetermined -> ask_camera  else -> microphone } }
                  state microphone { status microphone { granted -> done granted  undetermined -> ask_microphone  denied -> camera } }
                  state ask_camera { request camera -> explain }
                  state ask_microphone { request microphone -> explain }
                  state explain { alert { title "Video calls need both" button "Continue" -> camera  cancel "Not Now" -> done denied } }
                }
                """, rules: [.eventlessLoop], notes: true) == [
                    "1️⃣-2️⃣ FL1103 error: states 'camera', 'microphone' form a loop that waits for no user or device event: it would spin forever",
                    "  note: the larger loop around it waits elsewhere, but a run that enters these states never leaves them; add an alert, a request or a Settings visit, or end the flow",
                ])
    }
}
