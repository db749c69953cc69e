import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// The refused import that the checker's knock-on errors name (FL1304's tests are in
/// `Rules/ButtonReshowsAlertTests.swift`).
@Suite struct AlertRuleTests {
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
