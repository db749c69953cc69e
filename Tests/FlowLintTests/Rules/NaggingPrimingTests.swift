import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1306: a priming shown again to a user who declined, with no `limit`; and where it stays
/// silent (a limit, Settings in between, a status that is not certainly denied).
@Suite struct NaggingPrimingTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .naggingPriming) }

    @Test func aDeniedUserLoopedBackToThePrimingIsNagged() {
        #expect(
            lintMarkedWithWitness(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> prime  else -> done denied } }
                  state 1️⃣prime2️⃣ { alert { title "Scan receipts" button "Continue" -> ask } }
                  state ask { request camera { authorized -> done granted  denied -> prime } }
                }
                """, rules: [.naggingPriming]) == NaggingPrimingTests.deniedFinding)
    }

    static let deniedFinding = [
        "1️⃣-2️⃣ FL1306 warning: priming alert 'prime' is shown again to a user who denied camera, and it has no 'limit'",
        "  note: make 'limit 3 times, every 7 days else -> ...' its first statement, or send a denied user to an explanation that opens Settings",
        "  step: flow 'camera' starts at 'check'",
        "  step: in 'check': status camera = notDetermined → prime",
        "  step: in 'prime': button \"Continue\" → ask",
        "  step: in 'ask': request camera: Don't Allow → prime",
        "  step: reaches 'prime' where camera is denied",
    ]

    @Test func aNotNowThatComesStraightBackIsNagged() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime { alert { title "Scan receipts" button "Continue" -> ask  1️⃣cancel "Not Now" -> again2️⃣ } }
                  state again { -> prime }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.naggingPriming]) == [
                    "1️⃣-2️⃣ FL1306 warning: 'Not Now' on priming alert 'prime' shows it again at once, and it has no 'limit'"
                ])
    }

    @Test func aLimitSettingsOrAnUncertainStatusKeepItQuiet() {
        let quiet = [
            // The limit caps it.
            """
            flow camera {
              uses camera
              outcomes granted, denied, later
              start -> prime
              state prime {
                limit 3 times, every 7 days else -> done later
                alert { title "Scan receipts" button "Continue" -> ask  cancel "Not Now" -> prime }
              }
              state ask { request camera { authorized -> done granted  denied -> prime } }
            }
            """,
            // Settings is not priming: a denied user goes there, and back to the check.
            """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> prime  else -> explain } }
              state prime { alert { title "Scan receipts" button "Continue" -> ask } }
              state ask { request camera -> check }
              state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
              state settings { open settings on return -> check }
            }
            """,
        ]
        for text in quiet { #expect(lintMarked(text, rules: [.naggingPriming]) == []) }
    }
}
