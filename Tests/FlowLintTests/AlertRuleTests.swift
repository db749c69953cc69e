import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// The App Review and HIG rules of issue 11 (FL1303-FL1305), and the refused import that the
/// checker's knock-on errors now name.
@Suite struct AlertRuleTests {
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

    @Test func anUnknownFlowNamesTheRefusedImportItMayBeIn() {
        let sources = MarkedSources(
            """
            import 1️⃣"../lib/access.flow"2️⃣
            flow camera {
              uses camera
              start -> access
              state access { call 3️⃣photo_access4️⃣ { else -> done denied } }
            }
            """)
        let load = Loader(reader: MemoryReader([:])).load(text: sources.entryText, path: "main.flow")
        let rendered = sources.render(load.diagnostics, fileNames: load.files.map(\.path), notes: true)
        #expect(
            rendered.contains(
                "3️⃣-4️⃣ FL0107 error: unknown flow 'photo_access' (it may be declared in '../lib/access.flow', whose import was refused)"
            ))
        #expect(rendered.contains("  note 1️⃣-2️⃣: '../lib/access.flow' was not loaded: see the error at its import"))
        #expect(rendered.contains { $0.hasPrefix("1️⃣-2️⃣ FL0103 error: import '../lib/access.flow' leaves the root") })
        // Without a refused import the message is as before.
        let plain = Loader(reader: MemoryReader([:])).load(
            text: MarkedText(sources.entryText).text.replacingOccurrences(
                of: "import \"../lib/access.flow\"", with: ""), path: "main.flow")
        #expect(plain.diagnostics.map(\.message) == ["unknown flow 'photo_access'"])
    }
}
