import FlowModel
import FlowSyntax
import Testing

@testable import FlowLint

/// The analyses know that a caller handling an outcome gets it at the callee's `handoff` states,
/// so the caller's arm for it is live even when the callee never ends with it otherwise.
@Suite struct HandoffLintTests {
    /// `ask` ends with `denied` only by handing it off: its own alert loops back or opens Settings.
    static func source(handling: String) -> String {
        """
        app "Snap"
        flow ask {
          uses camera
          start -> s
          state s { status camera { authorized -> done granted  notDetermined -> req  else -> explain } }
          state req { request camera { authorized -> done granted  else -> explain } }
          state explain handoff denied {
            alert { title "Camera is off" button "Settings" -> settings  cancel "Not now" -> s }
          }
          state settings { open settings on return -> s }
        }
        flow main {
          uses camera
          start -> go
          state go { call ask\(handling) { granted -> done granted  1️⃣denied -> mine2️⃣ } }
          state 3️⃣mine4️⃣ { alert { title "No camera, no scan" button "OK" -> done denied } }
        }
        """
    }

    /// Only the graph rules this is about: `ask`'s own alert is a loop for a refusing user when
    /// it runs with no handling caller (FL1303 and FL1304 say so, rightly), which is not the point here.
    @Test func aHandledOutcomeMakesItsArmLive() {
        let graphRules = RuleRegistry.rules.filter { ["FL1201", "FL1101", "FL1104"].contains($0.id.rawValue) }
        #expect(lintMarked(Self.source(handling: " handling denied"), rules: graphRules) == [])
        // Without the filter the alert-loop rules report on `ask` itself, and nothing on `main`.
        let all = lintMarked(Self.source(handling: " handling denied"))
        #expect(all.allSatisfy { $0.contains("FL1303") || $0.contains("FL1304") }, "\(all)")
    }

    /// The same caller without `handling`: the arm is dead, as before.
    @Test func withoutHandlingTheArmIsDead() {
        #expect(
            lintMarked(
                Self.source(handling: ""),
                rules: RuleRegistry.rules.filter { ["FL1201", "FL1101"].contains($0.id.rawValue) }) == [
                    "1️⃣-2️⃣ FL1201 warning: branch 'denied' is never taken: subflow 'ask' never ends with it here",
                    "3️⃣-4️⃣ FL1101 warning: state 'mine' is never reached from the start of flow 'main'",
                ])
    }

    /// A declared outcome reached only by a handoff is not "declared but never reached".
    @Test func anOutcomeReachedOnlyByAHandoffIsReached() {
        #expect(
            lintMarked(
                """
                flow ask {
                  outcomes ok, refused
                  uses camera
                  start -> s
                  state s { status camera { authorized -> done ok  else -> explain } }
                  state explain handoff refused { alert { title "Camera is off" button "Try again" -> s } }
                }
                """, rules: RuleRegistry.rules.filter { $0.id.rawValue == "FL1104" }) == [])
    }
}
