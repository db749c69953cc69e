import FlowModel
import FlowSyntax
import Testing

@testable import FlowLint

/// A lint rule on real `.flow` text: the ID, the exact range (markers) and the message of each
/// finding, and its notes. The other rules' tests are in `Rules/<RuleFile>Tests.swift`.
@Suite struct LintRuleTests {
}
