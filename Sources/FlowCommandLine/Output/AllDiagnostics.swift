import FlowLint
import FlowRuntime
import FlowSyntax

extension DiagnosticRegistry {
    /// Every ID the tools can report: flowlint's (syntax, checking, lint rules) and flowrun's
    /// (scenarios, runs). `--explain`, `--list-rules --all`, SARIF and the configuration use it.
    public static let all = flowlint + runtime
}
