import FlowModel
import FlowSyntax

extension Rule {
    /// FL1101: a state no path from the start reaches, following subflow outcomes.
    public static let unreachableState = Rule(
        id: "FL1101", name: "unreachable-state", severity: .warning,
        summary: "a state that no path from the start reaches",
        documentation: """
            Reachability is computed from the flow's `start`, not from "has an incoming arrow": two
            states that point at each other but are never entered are both unreachable. A call state
            continues only through the arms whose outcomes the called flow can actually end with.
            Delete the state or connect it.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> ask
              state ask { request camera { authorized -> done granted  else -> done denied } }
              state 1️⃣retry { -> again }
              state again { -> retry }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> ask
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            for (s, state) in flow.states.enumerated() where !analysis.graphReachable[s] {
                findings.append(
                    RuleFinding(
                        "state '\(state.name)' is never reached from the start of flow '\(flow.name)'",
                        at: state.nameRange,
                        notes: [DiagnosticNote("remove it, or add a transition to it from a reachable state")]))
            }
        }
        return findings
    }
}
