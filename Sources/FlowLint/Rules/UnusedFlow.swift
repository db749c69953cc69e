import FlowModel
import FlowSyntax

extension Rule {
    /// FL1105: an imported flow that nothing calls.
    public static let unusedFlow = Rule(
        id: "FL1105", name: "unused-flow", severity: .warning,
        summary: "a flow in an imported file that no flow calls",
        documentation: """
            Flows of the file being linted are entry points. A flow that comes from an imported file
            and that no loaded flow calls is dead code. When many files are linted in one run, the
            finding stands only if no entry file uses the flow.
            """,
        triggering: """
            import "helpers.flow"
            flow camera {
              uses camera
              start -> ask
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """,
        clean: """
            import "helpers.flow"
            flow camera {
              uses camera
              start -> ask
              state ask { call ask_access(p: camera) { granted -> done granted  else -> done denied } }
            }
            """,
        isUsageRule: true
    ) { context in
        var findings: [RuleFinding] = []
        for (f, flow) in context.program.flows.enumerated()
        where flow.nameRange.file != FileID(0) && context.analysis.callers[f].isEmpty {
            findings.append(
                RuleFinding(
                    "flow '\(flow.name)' is never called", at: flow.nameRange,
                    notes: [DiagnosticNote("call it from a flow, or remove it")]))
        }
        return findings
    }
}
