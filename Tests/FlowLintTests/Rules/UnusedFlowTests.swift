import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1105 (unused-flow): its documented examples, then its tests (add the next one here).
@Suite struct UnusedFlowTests {
    /// `exampleLibrary` with markers around the flow name FL1105 reports.
    static let markedLibrary = """
        flow 1️⃣ask_access2️⃣(p: permission) {
          start -> ask
          state ask { request p { granted -> done granted  else -> done denied } }
        }
        """
    var markedLibrary: String { Self.markedLibrary }

    @Test func documentedExamples() { expectDocumentedExamples(of: .unusedFlow) }

    @Test func unusedFlow() {
        #expect(
            lintMarked(
                """
                import "helpers.flow"
                flow camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.unusedFlow], imports: ["helpers.flow": markedLibrary], notes: true) == [
                    "helpers.flow 1️⃣-2️⃣ FL1105 warning: flow 'ask_access' is never called",
                    "  note: call it from a flow, or remove it",
                ])
    }
}
