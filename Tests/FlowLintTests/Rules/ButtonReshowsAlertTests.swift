// More tests: LimitLoopTests.swift (to move here)
// Also to move here: the three FL1304 tests in AlertRuleTests.swift.

import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1304 (button-reshows-alert): its documented examples, then its tests (add the next one here).
@Suite struct ButtonReshowsAlertTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .buttonReshowsAlert) }
}
