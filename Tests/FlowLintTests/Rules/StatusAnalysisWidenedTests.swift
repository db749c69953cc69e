import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

@Suite struct StatusAnalysisWidenedTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .statusAnalysisWidened) }
}
