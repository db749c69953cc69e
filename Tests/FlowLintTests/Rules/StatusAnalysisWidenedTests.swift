import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1211 (status-analysis-widened): its documented examples, then its tests (add the next one here).
@Suite struct StatusAnalysisWidenedTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .statusAnalysisWidened) }
}
