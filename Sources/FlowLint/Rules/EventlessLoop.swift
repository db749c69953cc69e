import FlowModel
import FlowSyntax

extension Rule {
    /// FL1103: a cycle that waits for nothing, so it would spin forever.
    public static let eventlessLoop = Rule(
        id: "FL1103", name: "eventless-loop", severity: .error,
        summary: "a loop that no user or device event can change, so it spins forever",
        documentation: """
            A cycle of states made only of plain transitions, status checks and capability checks
            reads the same answers every time round: nothing in it waits for the user (an alert), for
            iOS (a request), for Settings or for a subflow. If the run enters it, it never leaves.
            A loop inside a larger one that waits elsewhere is found too (two status checks that send
            each other back and forth while both permissions are denied, with an alert on the way in):
            the cycles of the states that wait for nothing, over the edges some path takes.
            Put an alert, a request or a Settings visit in the loop, or break it.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> check
              state 1️⃣check { status camera { authorized -> done granted  notDetermined -> ask  else -> wait } }
              state wait { -> check }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> ask  else -> explain } }
              state explain {
                alert { title "Camera is off" message "You can turn it on in Settings"
                        button "Open Settings" -> settings  cancel "Not Now" -> done denied }
              }
              state settings { open settings on return -> check }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            for component in analysis.components.components {
                guard let first = component.first, analysis.graphReachable[first] else { continue }
                let isCycle =
                    component.count > 1
                    || flow.states[first].terminator.transitions.contains { $0.target == .state(StateID(first)) }
                guard isCycle else { continue }
                let waits = component.contains { s in
                    switch flow.states[s].terminator {
                    case .alert, .request, .openSettings, .call: true
                    case .goto, .status, .capability, .variant: false
                    }
                }
                guard !waits else { continue }
                let entry =
                    component.min {
                        (analysis.nodesOfState[$0].first ?? .max) < (analysis.nodesOfState[$1].first ?? .max)
                    } ?? first
                let names = component.map { "'\(flow.states[$0].name)'" }.joined(separator: ", ")
                findings.append(
                    RuleFinding(
                        "states \(names) form a loop that waits for no user or device event: it would spin forever",
                        at: flow.states[entry].nameRange,
                        notes: [
                            DiagnosticNote(
                                "nothing in the loop can change the statuses it reads; add an alert, a request or a Settings visit, or end the flow"
                            )
                        ],
                        witness: witnesses.witness(toState: StateID(entry))))
            }
            findings += innerEventlessLoops(flow, analysis, witnesses: &witnesses)
        }
        return findings
    }

    /// Eventless loops inside a larger loop that waits somewhere else (an alert on the way in, two
    /// status checks that send each other back and forth): the cycles of the states that wait for
    /// nothing, over the edges the status analysis takes, that are not a whole loop of the flow
    /// (those are reported above).
    fileprivate static func innerEventlessLoops(
        _ flow: Flow, _ analysis: FlowAnalysis, witnesses: inout WitnessBuilder
    ) -> [RuleFinding] {
        let count = flow.states.count
        let eventless = (0..<count).map { s -> Bool in
            guard !analysis.nodesOfState[s].isEmpty else { return false }
            switch flow.states[s].terminator {
            case .goto, .status, .capability, .variant: return true
            case .alert, .request, .openSettings, .call: return false
            }
        }
        let inner = StronglyConnectedComponents(count: count) { s in
            guard eventless[s] else { return [] }
            return analysis.stateEdges[s].indices.compactMap { e in
                guard analysis.takenEdges[s].contains(e),
                    case .state(let t) = analysis.stateEdges[s][e].transition.target,
                    eventless[t.index]
                else { return nil }
                return t.index
            }
        }
        var findings: [RuleFinding] = []
        for component in inner.components {
            guard let first = component.first, eventless[first] else { continue }
            let isCycle =
                component.count > 1
                || flow.states[first].terminator.transitions.contains { $0.target == .state(StateID(first)) }
            // A whole loop of the flow is the finding above.
            let outer = analysis.components.components[analysis.components.componentOf[first]]
            guard isCycle, outer.count != component.count else { continue }
            let entry = component.min { analysis.nodesOfState[$0].first! < analysis.nodesOfState[$1].first! } ?? first
            let names = component.sorted().map { "'\(flow.states[$0].name)'" }.joined(separator: ", ")
            findings.append(
                RuleFinding(
                    "states \(names) form a loop that waits for no user or device event: it would spin forever",
                    at: flow.states[entry].nameRange,
                    notes: [
                        DiagnosticNote(
                            "the larger loop around it waits elsewhere, but a run that enters these states never leaves them; add an alert, a request or a Settings visit, or end the flow"
                        )
                    ],
                    witness: witnesses.witness(toState: StateID(entry))))
        }
        return findings
    }
}
