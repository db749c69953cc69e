// More tests: LimitLoopTests.swift (to move here)

import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

@Suite struct ButtonReshowsAlertTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .buttonReshowsAlert) }
}
