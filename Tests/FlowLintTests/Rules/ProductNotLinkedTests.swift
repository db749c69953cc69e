import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

@Suite struct ProductNotLinkedTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .productNotLinked) }
}
