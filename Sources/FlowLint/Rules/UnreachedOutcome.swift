import FlowModel
import FlowSyntax

extension Rule {
    /// FL1104: a declared outcome that no feasible path ends with.
    public static let unreachedOutcome = Rule(
        id: "FL1104", name: "unreached-outcome", severity: .warning,
        summary: "a declared outcome that no path ends with",
        documentation: """
            Callers branch on a flow's outcomes; one that no path can produce makes their branch for it
            dead code and usually means a state forgot to end with it. Paths are checked with the
            status analysis, so a `done` behind a branch that can never be taken does not count.
            """,
        triggering: """
            flow camera {
              uses camera
              outcomes granted, denied, 1️⃣unavailable
              start -> ask
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow camera {
              uses camera
              outcomes granted, denied, unavailable
              start -> device
              state device { capability camera { present -> ask  absent -> done unavailable } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows where flow.outcomesDeclared {
            // A `handoff` state ends the flow with its outcome for a caller that handles it.
            for (i, outcome) in flow.outcomes.enumerated()
            where analysis.outcomeKnowledge[i] == nil && analysis.handoffKnowledge[i] == nil {
                findings.append(
                    RuleFinding(
                        "outcome '\(outcome.name)' of flow '\(flow.name)' is declared but no path ends with it",
                        at: outcome.range ?? flow.nameRange,
                        notes: [DiagnosticNote("end a path with 'done \(outcome.name)', or remove it from 'outcomes'")])
                )
            }
        }
        return findings
    }
}
