import FlowSyntax
import FlowTestSupport
import Testing

/// Parses marked text and renders its diagnostics against the markers.
func parseMarked(_ source: String) -> [String] {
    let sources = MarkedSources(source)
    let file = SourceFile(id: FileID(0), path: "main.flow", text: sources.entryText)
    return sources.render(Parser.parse(file).diagnostics, fileNames: ["main.flow"])
}

/// Recovery, read where it matters: each broken state reports at its own place, and the
/// states after it are parsed as written.
@Suite struct MarkedParseTests {
    @Test func oneBrokenStateDoesNotHideTheNext() {
        #expect(
            parseMarked(
                """
                flow f {
                  start -> a
                  state a { status camera { authorized1️⃣ done granted } }
                  state b { 2️⃣stauts3️⃣ camera { else -> done denied } }
                  state c { -> done granted 4️⃣-> done denied5️⃣ }
                  state 6️⃣d7️⃣ { track "x" }
                }
                """) == [
                    "1️⃣ FL0020 error: expected '->' after 'authorized'",
                    "2️⃣-3️⃣ FL0026 error: expected 'track' or a transition in state 'b', found 'stauts'",
                    "4️⃣-5️⃣ FL0031 error: state 'c' has a second transition; a state ends with exactly one",
                    "6️⃣-7️⃣ FL0030 error: state 'd' has no transition; end it with '-> target' or a branching statement",
                ])
    }
}
