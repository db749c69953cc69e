import FlowModel

/// The linter as the benchmark sees it: lint one load result, return the number of findings.
/// Nil until FlowLint has its `Linter` engine.
enum LintBench {
    static let fullLint: (@Sendable (LoadResult) -> Int)? = nil
}
