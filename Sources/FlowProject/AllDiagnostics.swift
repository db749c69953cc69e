import FlowCodegen
import FlowLint
import FlowRuntime
import FlowStrings
import FlowSyntax

extension DiagnosticRegistry {
    /// Every ID the tools can report: flowlint's (syntax, checking, lint rules), flowrun's
    /// (scenarios, runs), flowgen's (Swift generation) and flowstrings' (catalogs). `--explain`,
    /// `--list-rules --all`, SARIF and the configuration use it.
    public static let all = flowlint + runtime + codegen + strings
}
