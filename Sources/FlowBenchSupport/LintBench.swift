import FlowLint
import FlowModel

/// The linter as the benchmark sees it: lint one load result with every rule, return the number
/// of findings (so the work cannot be optimized away and the table can show it).
enum LintBench {
    static let fullLint: (@Sendable (LoadResult) -> Int)? = { Linter().lint($0).findings.count }
}
