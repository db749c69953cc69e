// More tests: LimitLoopTests.swift (to move here)
// Also to move here: LintRuleTests.eventlessLoop and RecallMissTests' InnerEventlessLoopTests.

import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1103 (eventless-loop): its documented examples, then its tests (add the next one here).
@Suite struct EventlessLoopTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .eventlessLoop) }
}
