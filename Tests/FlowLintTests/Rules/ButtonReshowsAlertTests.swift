import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1304 (button-reshows-alert): its documented examples, then its tests (add the next one here).
@Suite struct ButtonReshowsAlertTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .buttonReshowsAlert) }

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

    /// FL1304 through another alert's limit: "Not Now" leads to an explanation that is skipped
    /// when its own limit is not due, and its `else` comes straight back to the priming.
    @Test func aWayBackThroughAnotherAlertsLimitElseIsReported() {
        func source(_ otherwise: String) -> String {
            """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> prime  else -> done denied } }
              state prime { alert { title "Scan receipts" button "Continue" -> ask  1️⃣cancel "Not Now" -> explain2️⃣ } }
              state explain {
                limit 1 time else -> \(otherwise)
                alert { title "Receipts need the camera" button "Continue" -> ask  cancel "Not Now" -> done cancelled }
              }
              state ask { request camera -> check }
            }
            """
        }
        #expect(
            lintMarked(source("check"), rules: [.buttonReshowsAlert], notes: true) == [
                "1️⃣-2️⃣ FL1304 warning: cancel \"Not Now\" shows the same alert again: the way back to 'prime' waits for nothing when 'explain' is not due, so the tap does nothing",
                "  note: after the tap: cancel \"Not Now\" → explain, limit 1 time: not due, limit reached (shown 1 of 1 time) → check, status camera = notDetermined → prime",
                "  note: let the button end the flow or lead somewhere else",
            ])
        // The `else` leaves: the only way back is the explanation's own buttons, which wait.
        #expect(lintMarked(source("done cancelled"), rules: [.buttonReshowsAlert]) == [])
        // The `else` goes to the request: the prompt (or iOS's answer) comes first.
        #expect(lintMarked(source("ask"), rules: [.buttonReshowsAlert]) == [])
    }

    /// The way back is followed path-sensitively past the other limit: the `else` goes to a
    /// check that sends only an undecided user to the alert, and the alert is shown to a user
    /// who denied, so there is no way back (the plain graph has one).
    @Test func aLimitElseIntoACheckThatLeadsElsewhereIsSilent() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { notDetermined -> ask  denied -> off  else -> done denied } }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                  state off { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> later } }
                  state later {
                    limit 1 time else -> again
                    alert { title "Maybe later" button "OK" -> done denied }
                  }
                  state again { status camera { notDetermined -> off  else -> done denied } }
                  state settings { open settings on return -> check }
                }
                """, rules: [.buttonReshowsAlert]) == [])
    }

    @Test func aDismissButtonThatBringsTheAlertBackIsReportedWithTheWayBack() {
        #expect(
            lintMarkedWithWitness(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> prime  else -> done denied } }
                  state prime { alert { title "Scan receipts" button "Continue" -> ask  1️⃣cancel "Not Now" -> check2️⃣ } }
                  state ask { request camera -> check }
                }
                """, rules: [.buttonReshowsAlert]) == [
                    "1️⃣-2️⃣ FL1304 warning: cancel \"Not Now\" shows the same alert again: the way back to 'prime' waits for nothing, so the tap does nothing",
                    "  note: after the tap: cancel \"Not Now\" → check, status camera = notDetermined → prime",
                    "  note: let the button end the flow or lead somewhere else",
                    "  step: flow 'camera' starts at 'check'",
                    "  step: in 'check': status camera = notDetermined → prime",
                    "  step: reaches 'prime' where camera is notDetermined",
                ])
        // Straight back, and through a goto and a capability check.
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime { alert { title "Scan receipts" button "Continue" -> ask  1️⃣button "Later" -> prime2️⃣  3️⃣cancel "Not Now" -> back4️⃣ } }
                  state back { -> device }
                  state device { capability camera { present -> prime  absent -> done unavailable } }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.buttonReshowsAlert], notes: true) == [
                    "1️⃣-2️⃣ FL1304 warning: button \"Later\" shows the same alert again: the way back to 'prime' waits for nothing, so the tap does nothing",
                    "  note: after the tap: button \"Later\" → prime",
                    "  note: let the button end the flow or lead somewhere else",
                    "3️⃣-4️⃣ FL1304 warning: cancel \"Not Now\" shows the same alert again: the way back to 'prime' waits for nothing, so the tap does nothing",
                    "  note: after the tap: cancel \"Not Now\" → back, goes on → device, capability camera = present → prime",
                    "  note: let the button end the flow or lead somewhere else",
                ])
    }

    /// The walk back is bounded (`reshowWalkLimit`, which the rule's documentation states).
    @Test func aWayBackLongerThanTheWalkLimitIsNotFollowed() {
        func findings(chain n: Int) -> Int {
            var text = "flow f {\n  start -> prime\n"
            text +=
                "  state prime { alert { title \"T\" button \"Continue\" -> done granted  cancel \"Not Now\" -> g0 } }\n"
            for i in 0..<n { text += "  state g\(i) { -> \(i + 1 < n ? "g\(i + 1)" : "prime") }\n" }
            text += "}\n"
            return lintText(text).findings.filter { $0.ruleID == "FL1304" }.count
        }
        #expect(findings(chain: FlowAnalysis.reshowWalkLimit) == 1)
        #expect(findings(chain: FlowAnalysis.reshowWalkLimit + 1) == 0)
        #expect(Rule.buttonReshowsAlert.documentation.contains("first \(FlowAnalysis.reshowNodeLimit) ways"))
        #expect(Rule.buttonReshowsAlert.documentation.contains("at most \(FlowAnalysis.reshowWalkLimit)\n"))
    }

    @Test func aButtonWhoseWayBackChangesSomethingOrGoesElsewhereIsClean() {
        #expect(lintMarked(Rule.buttonReshowsAlert.cleanExample, rules: [.buttonReshowsAlert]) == [])
        // The explanation is reached denied; its cancel goes through the check to the end, not back
        // (path-sensitive: on the graph alone `check` could lead to `explain` again).
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> ask  denied -> explain  restricted -> done unavailable } }
                  state ask { request camera -> check }
                  state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> recheck } }
                  state recheck { status camera { notDetermined -> explain  else -> done denied } }
                  state settings { open settings on return -> check }
                }
                """, rules: [.buttonReshowsAlert]) == [])
    }
}
