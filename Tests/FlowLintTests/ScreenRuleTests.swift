import FlowModel
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

@testable import FlowLint

/// A priming screen is a priming exactly as an alert is: the rules that read an alert's buttons
/// and copy read a screen's, and say "screen".
@Suite struct ScreenRuleTests {
    @Test func steeringAndDismissableScreensAreReported() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { notDetermined -> prime  else -> done denied } }
                  state prime {
                    screen sheet {
                      title "Scan receipts"
                      1️⃣button "Allow Camera" -> ask2️⃣
                      3️⃣cancel "Not Now" -> done cancelled4️⃣
                    }
                  }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.steeringPrimingButton, .dismissablePriming]) == [
                    "1️⃣-2️⃣ FL1301 error: priming button 'Allow Camera' steers the permission decision in every locale",
                    "3️⃣-4️⃣ FL1302 warning: priming screen can be dismissed with 'Not Now' without ever reaching the system prompt",
                ])
    }

    @Test func copyRulesReadBulletsAndButtonsOfAScreen() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime {
                    screen fullScreen {
                      title "Scan receipts"
                      bullet 1️⃣" "2️⃣
                      bullet 3️⃣"TODO: benefit"4️⃣
                      button "Continue" -> ask
                      7️⃣button "Continue" -> ask8️⃣
                    }
                  }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.emptyCopy, .placeholderCopy, .duplicateButtonLabel]) == [
                    "1️⃣-2️⃣ FL1401 warning: empty bullet in state 'prime'",
                    "3️⃣-4️⃣ FL1402 warning: copy 'TODO: benefit' still holds the placeholder 'TODO'",
                    "7️⃣-8️⃣ FL1404 warning: buttons 1 and 2 of the screen in state 'prime' both read 'Continue'",
                ])
    }

    @Test func theExampleScreenFlowLintsClean() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("flows/camera_priming_screen.flow")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(lintMarked(text) == [])
    }
}
