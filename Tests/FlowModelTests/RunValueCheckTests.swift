import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowModel

/// `{status}`, `{button}` and `{outcome}` in track properties: where the checker proves they have
/// a value, and where it reports the path on which they have none.
@Suite struct RunValueCheckTests {
    @Test func eachValueNeedsItsSetterOnEveryPath() {
        #expect(
            checkMarked(
                """
                flow f {
                  uses camera
                  start -> check
                  state check { status camera { notDetermined -> prime  else -> settings } }
                  state prime {
                    track "prime_shown" { status: "{status}", button: "1️⃣{button}2️⃣" }
                    alert { title "Camera" button "Continue" -> ask  track "prime_tapped" { button: "{button}", status: "{status}" } }
                  }
                  state ask { request camera -> after }
                  state after { track "asked" { status: "{status}", button: "{button}" } -> done granted }
                  state settings { 5️⃣open settings on return -> back6️⃣ }
                  state back { track "back" { status: "3️⃣{status}4️⃣" } -> done denied }
                }
                """) == [
                    "1️⃣-2️⃣ FL0162 error: '{button}' has no value on the path check → prime: no alert button sets it before state 'prime'",
                    "3️⃣-4️⃣ FL0162 error: '{status}' has no value on the path check → settings → back: no 'status' or 'request' sets it again after state 'settings' before state 'back'",
                    "  note 5️⃣-6️⃣: opening Settings in state 'settings' forgets '{status}': it may have changed there",
                ])
    }

    @Test func aCallSetsOutcomeAndForgetsTheRest() {
        #expect(
            checkMarked(
                """
                flow main {
                  uses camera
                  start -> check
                  state check { status camera { else -> sub } }
                  state sub { 5️⃣call helper { else -> after }6️⃣ }
                  state after { track "after" { outcome: "{outcome}", status: "1️⃣{status}2️⃣" } -> done granted }
                }
                flow helper {
                  start -> s
                  state s { track "h" { outcome: "3️⃣{outcome}4️⃣" } -> done granted }
                }
                """) == [
                    "1️⃣-2️⃣ FL0162 error: '{status}' has no value on the path check → sub → after: no 'status' or 'request' sets it again after state 'sub' before state 'after'",
                    "  note 5️⃣-6️⃣: the call in state 'sub' forgets '{status}': the called flow may have changed it",
                    "3️⃣-4️⃣ FL0162 error: '{outcome}' has no value on the path s: no 'call' sets it before state 's'",
                ])
    }

    /// Reachable by one path with the value and one without: the error names the one without.
    @Test func onePathWithoutIsEnough() {
        #expect(
            checkMarked(
                """
                flow f {
                  uses camera
                  start -> check
                  state check { capability camera { present -> read  absent -> shown } }
                  state read { status camera { else -> shown } }
                  state shown { track "shown" { status: "1️⃣{status}2️⃣" } -> done granted }
                }
                """) == [
                    "1️⃣-2️⃣ FL0162 error: '{status}' has no value on the path check → shown: no 'status' or 'request' sets it before state 'shown'"
                ])
    }

    @Test func runValuesAreForTrackPropertiesOnly() {
        #expect(
            checkMarked(
                """
                flow f {
                  uses camera
                  start -> check
                  state check { status camera { else -> shown } }
                  state shown {
                    track "shown_1️⃣{status}2️⃣"
                    alert { title "Camera is 3️⃣{status}4️⃣" button "OK" -> done granted }
                  }
                }
                """, notes: false) == [
                    "1️⃣-2️⃣ FL0123 error: '{status}' is a run-time value; it can only be used in a track property value",
                    "3️⃣-4️⃣ FL0123 error: '{status}' is a run-time value; it can only be used in a track property value",
                ])
    }

    /// A `let` of the same name keeps its meaning, so older flows are unchanged.
    @Test func aValueOfTheSameNameWins() throws {
        let result = load(
            """
            let status = "first_run"
            flow f {
              start -> s
              state s { track "shown" { status: "{status}" } -> done granted }
            }
            """)
        let program = try #require(result.program, "\(lines(result))")
        let f = try #require(program.flow(named: "f"))
        #expect(
            program[f].states[0].effects[0].properties[0].value
                == .text(Template(segments: [.placeholder(.value("status"))])))
    }

    @Test func theModelKeepsRunValuePlaceholders() throws {
        let result = load(
            """
            flow f {
              uses camera
              start -> check
              state check { status camera { else -> shown } }
              state shown { track "shown" { status: "camera_{status}" } -> done granted }
            }
            """)
        let program = try #require(result.program, "\(lines(result))")
        let f = try #require(program.flow(named: "f"))
        #expect(
            program[f].states[1].effects[0].properties[0].value
                == .text(Template(segments: [.text("camera_"), .placeholder(.run(.status))])))
    }
}
