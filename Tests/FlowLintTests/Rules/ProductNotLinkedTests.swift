import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1509 (product-not-linked): its documented examples, then its tests (add the next one here).
@Suite struct ProductNotLinkedTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .productNotLinked) }
}
