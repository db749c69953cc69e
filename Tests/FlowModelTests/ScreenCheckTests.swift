import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowModel

/// The checker's rules for `screen`: an alert's rules said of a screen, its layout and image
/// source, its limits, and what the model keeps of it.
@Suite struct ScreenCheckTests {
    @Test func unknownLayoutsAndImageSourcesAreErrors() {
        #expect(
            checkMarked(
                """
                flow f {
                  start -> s
                  state s { screen 1️⃣shet2️⃣ { title "A"  button "OK" -> done granted } }
                  state t { screen sheet { image 3️⃣icon4️⃣ "camera.fill"  title "A"  button "OK" -> done granted } }
                  state u { screen sheet { image symbol 5️⃣""6️⃣  title "A"  button "OK" -> done granted } }
                }
                """, notes: false) == [
                    "1️⃣-2️⃣ FL0147 error: unknown screen layout 'shet' (use 'sheet' or 'fullScreen')",
                    "3️⃣-4️⃣ FL0147 error: unknown image source 'icon' (use 'symbol' for an SF Symbol or 'asset' for the asset catalog)",
                    "5️⃣-6️⃣ FL0147 error: image name is empty",
                ])
    }

    /// The alert's rules, in the screen's words.
    @Test func aScreenHasTheAlertsButtonRules() {
        #expect(
            checkMarked(
                """
                flow f {
                  start -> s
                  state s { 1️⃣screen sheet { title "A" }2️⃣ }
                  state t { 3️⃣screen fullScreen { button "OK" -> done granted }4️⃣ }
                  state u { screen sheet { title "A"  cancel "No" -> done denied  5️⃣cancel "Later" -> done cancelled6️⃣ } }
                }
                """, notes: false) == [
                    "1️⃣-2️⃣ FL0136 error: screen has no button; add 'button \"OK\" -> state'",
                    "3️⃣-4️⃣ FL0138 warning: screen has neither a title nor a message",
                    "5️⃣-6️⃣ FL0137 error: screen has more than one 'cancel' button",
                ])
    }

    @Test func bulletsAreLimitedInNumberAndLength() {
        let long = String(repeating: "x", count: 81)
        #expect(
            checkMarked(
                """
                flow f {
                  start -> s
                  state s {
                    screen sheet {
                      title "A"
                      bullet "1"  bullet "2"  bullet "3"  bullet "4"  bullet "5"
                      1️⃣bullet "6"2️⃣
                      bullet 3️⃣"\(long)"4️⃣
                      button "OK" -> done granted
                    }
                  }
                }
                """, notes: false) == [
                    "1️⃣-2️⃣ FL0148 warning: screen has 7 bullets; keep it to at most 5 short points",
                    "3️⃣-4️⃣ FL0148 warning: bullet is 81 characters; keep it under 81 so it fits on two lines",
                ])
    }

    @Test func theModelKeepsLayoutImageAndBullets() throws {
        let load = Loader(reader: MemoryReader([:])).load(
            text: """
                flow f {
                  start -> s
                  state s {
                    screen fullScreen {
                      image asset "PrimingCamera"
                      title "A"
                      bullet "one"  bullet "two"
                      button "OK" -> done granted
                    }
                  }
                  state t { alert { title "B"  button "OK" -> done granted } }
                }
                """, path: "main.flow")
        #expect(load.diagnostics.isEmpty, "\(load.diagnostics)")
        let flow = try #require(load.program?.flows.first)
        guard case .alert(let screen) = flow.states[0].terminator, case .alert(let alert) = flow.states[1].terminator
        else {
            Issue.record("no alerts")
            return
        }
        let parts = try #require(screen.screen)
        #expect(parts.layout == .fullScreen)
        #expect(parts.image == .asset("PrimingCamera"))
        #expect(parts.bullets.count == 2)
        #expect(screen.noun == "screen")
        #expect(alert.screen == nil)
        #expect(alert.noun == "alert")
    }
}
