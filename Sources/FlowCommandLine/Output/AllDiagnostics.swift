import FlowCodegen
import FlowLint
import FlowRuntime
import FlowSyntax

extension DiagnosticRegistry {
    /// Every ID the tools can report: flowlint's (syntax, checking, lint rules), flowrun's
    /// (scenarios, runs) and flowgen's (Swift generation). `--explain`, `--list-rules --all`, SARIF
    /// and the configuration use it.
    public static let all = flowlint + runtime + codegen
}
