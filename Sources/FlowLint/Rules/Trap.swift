import FlowModel
import FlowSyntax

extension Rule {
    /// FL1102: states from which no outcome can ever be reached.
    public static let trap = Rule(
        id: "FL1102", name: "trap", severity: .error,
        summary: "a state from which the flow can never end",
        documentation: """
            Once a run enters such a state it can only move among states that never reach a `done`:
            the user is stuck in an alert loop or the flow never returns to the app. Computed on the
            strongly connected components of the state graph; reported once where the trap is entered,
            with the shortest path that gets there. Give the loop a way out (a cancel button, an else
            branch that ends the flow).
            """,
        triggering: """
            flow camera {
              uses camera
              start -> ask
              state ask { request camera { authorized -> done granted  else -> explain } }
              state 1️⃣explain {
                alert { title "Camera is off" message "Turn it on in Settings" button "Open Settings" -> settings }
              }
              state settings { open settings on return -> explain }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> ask
              state ask { request camera { authorized -> done granted  else -> explain } }
              state explain {
                alert { title "Camera is off" message "Turn it on in Settings"
                        button "Open Settings" -> settings  cancel "Not Now" -> done denied }
              }
              state settings { open settings on return -> check }
              state check { status camera { authorized -> done granted  else -> done denied } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            let scc = analysis.components
            for component in scc.components {
                guard let first = component.first, !analysis.canReachOutcome[first],
                    component.contains(where: { analysis.graphReachable[$0] })
                else { continue }
                // Report where the trap is entered: the start, or a component some
                // outcome-reaching state leads into.
                let members = Set(component)
                var entered = component.contains(flow.start.index)
                if !entered {
                    outer: for (s, state) in flow.states.enumerated()
                    where analysis.graphReachable[s] && analysis.canReachOutcome[s] {
                        let edges = analysis.stateEdges[s]
                        for e in analysis.graphEdges[s] {
                            if case .state(let t) = edges[e].transition.target, members.contains(t.index) {
                                entered = true
                                break outer
                            }
                        }
                    }
                }
                guard entered else { continue }
                let entry =
                    component.min {
                        (analysis.nodesOfState[$0].first ?? .max) < (analysis.nodesOfState[$1].first ?? .max)
                    } ?? first
                let names = component.map { "'\(flow.states[$0].name)'" }.joined(separator: ", ")
                var notes = [
                    DiagnosticNote("add a transition that ends the flow, such as a cancel button or an else branch")
                ]
                if component.count > 1 {
                    notes.insert(DiagnosticNote("states \(names) only lead to each other"), at: 0)
                }
                findings.append(
                    RuleFinding(
                        "no outcome can be reached from state '\(flow.states[entry].name)': the flow never ends once it gets here",
                        at: flow.states[entry].nameRange, notes: notes,
                        witness: witnesses.witness(toState: StateID(entry))))
            }
        }
        return findings
    }
}
