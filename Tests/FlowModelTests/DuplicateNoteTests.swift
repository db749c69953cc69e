import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowModel

/// Loads marked text as `main.flow` and renders its diagnostics against the markers, notes
/// included: `1️⃣-2️⃣ FL0104 error: message` then `  note 3️⃣-4️⃣: first defined here`.
func checkMarked(_ source: String, notes: Bool = true) -> [String] {
    let sources = MarkedSources(source)
    let load = Loader(reader: MemoryReader([:])).load(text: sources.entryText, path: "main.flow")
    return sources.render(load.diagnostics, fileNames: load.files.map(\.path), notes: notes)
}

/// A duplicate's note points at the first definition of that name: not the previous
/// duplicate, and not the previous declaration of another name.
@Suite struct DuplicateNoteTests {
    @Test func everyDuplicateStatePointsAtTheFirst() {
        #expect(
            checkMarked(
                """
                flow f {
                  start -> a
                  state 1️⃣a2️⃣ { -> b }
                  state b { -> done granted }
                  state 3️⃣a4️⃣ { -> done denied }
                  state c { -> done denied }
                  state 5️⃣a6️⃣ { -> done cancelled }
                }
                """) == [
                    "3️⃣-4️⃣ FL0104 error: duplicate state 'a' in flow 'f'",
                    "  note 1️⃣-2️⃣: first defined here",
                    "5️⃣-6️⃣ FL0104 error: duplicate state 'a' in flow 'f'",
                    "  note 1️⃣-2️⃣: first defined here",
                ])
    }

    @Test func everyDuplicateFlowPointsAtTheFirst() {
        #expect(
            checkMarked(
                """
                flow 1️⃣f2️⃣ { start -> s  state s { -> done granted } }
                flow g { start -> s  state s { -> done granted } }
                flow 3️⃣f4️⃣ { start -> s  state s { -> done denied } }
                flow 5️⃣f6️⃣ { start -> s  state s { -> done cancelled } }
                """) == [
                    "3️⃣-4️⃣ FL0108 error: duplicate flow 'f'",
                    "  note 1️⃣-2️⃣: first defined here",
                    "5️⃣-6️⃣ FL0108 error: duplicate flow 'f'",
                    "  note 1️⃣-2️⃣: first defined here",
                ])
    }

    @Test func everyDuplicateValueAndStringPointsAtTheFirst() {
        #expect(
            checkMarked(
                """
                let 1️⃣a2️⃣ = "x"
                let b = "y"
                let 3️⃣a4️⃣ = "z"
                flow f {
                  let 5️⃣v6️⃣ = "1"
                  let w = "2"
                  let 7️⃣v8️⃣ = "3"
                  start -> s
                  state s { -> done granted }
                }
                """) == [
                    "3️⃣-4️⃣ FL0140 error: duplicate value 'a'",
                    "  note 1️⃣-2️⃣: first defined here",
                    "7️⃣-8️⃣ FL0140 error: duplicate value 'v'",
                    "  note 5️⃣-6️⃣: first defined here",
                ])
        // The error marks the repeated key, the note the whole first entry.
        #expect(
            checkMarked(
                """
                strings en { 1️⃣k = "x"2️⃣  other = "o" }
                strings en { 3️⃣k4️⃣ = "y" }
                strings en { 5️⃣k6️⃣ = "z" }
                """) == [
                    "3️⃣-4️⃣ FL0127 error: duplicate string 'k' in locale 'en'",
                    "  note 1️⃣-2️⃣: first defined here",
                    "5️⃣-6️⃣ FL0127 error: duplicate string 'k' in locale 'en'",
                    "  note 1️⃣-2️⃣: first defined here",
                ])
    }
}
