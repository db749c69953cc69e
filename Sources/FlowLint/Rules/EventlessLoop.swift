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

            A state's `limit` counts: once it says "not now" (the state was shown as often as
            `N times` allows, or `every N days` has not passed; in one run that lasts from the
            first showing on), the flow takes its `else` without running the state. A loop back
            through that `else` waits for nothing even when the state is an alert, and is reported
            (at the `limit`); its witness takes the `else` and goes round back to the state. A loop of gotos and checks through a limited state's own statement
            runs only until the limit says not now, so it is reported only when that `else` comes
            back round too.
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
            // Components of the flow reported as a whole loop.
            var whole = Set<Int>()
            for component in analysis.components.components {
                guard let first = component.first, analysis.graphReachable[first] else { continue }
                let isCycle =
                    component.count > 1
                    || flow.states[first].terminator.transitions.contains { $0.target == .state(StateID(first)) }
                guard isCycle else { continue }
                // A limit's `else` may leave the loop (it is bounded) or close one through an
                // alert: the loops over edges found below decide both.
                guard !component.contains(where: { flow.states[$0].waits || flow.states[$0].limit != nil }) else {
                    continue
                }
                whole.insert(analysis.components.componentOf[first])
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
            findings += innerEventlessLoops(
                flow, analysis, reported: whole, callees: context.analysis.calleeTable, witnesses: &witnesses)
        }
        return findings
    }

    /// Eventless loops inside a larger loop that waits somewhere else (an alert on the way in, two
    /// status checks that send each other back and forth), and loops closed by a limit's `else`:
    /// the cycles over the edges the status analysis takes that wait for nothing. A limited state
    /// contributes its `else` edge only (its statement runs at most as often as the limit allows,
    /// so a loop through it ends); another state its terminator's edges when it waits for nothing.
    /// Whole loops of the flow reported above (`reported`, by component) are skipped. A loop
    /// through a limit's `else` has a witness that takes that `else` and goes round back to the
    /// limited state, naming each branch.
    fileprivate static func innerEventlessLoops(
        _ flow: Flow, _ analysis: FlowAnalysis, reported: Set<Int>, callees: [FlowAnalysis?],
        witnesses: inout WitnessBuilder
    ) -> [RuleFinding] {
        let count = flow.states.count
        let member = (0..<count).map { s in
            !analysis.nodesOfState[s].isEmpty && (flow.states[s].limit != nil || !flow.states[s].waits)
        }
        let successors = (0..<count).map { s -> [Int] in
            guard member[s] else { return [] }
            let edges = analysis.stateEdges[s]
            return edges.indices.compactMap { e in
                guard analysis.takenEdges[s].contains(e),
                    flow.states[s].limit == nil || edges[e].kind == .limitElse,
                    case .state(let t) = edges[e].transition.target, member[t.index]
                else { return nil }
                return t.index
            }
        }
        let inner = StronglyConnectedComponents(count: count) { successors[$0] }
        var findings: [RuleFinding] = []
        for component in inner.components {
            guard let first = component.first, member[first],
                component.count > 1 || successors[first].contains(first)
            else { continue }
            let limited = component.sorted().filter { flow.states[$0].limit != nil }
            // A whole loop of the flow is the finding above.
            if limited.isEmpty, reported.contains(analysis.components.componentOf[first]) { continue }
            let entry = component.min { analysis.nodesOfState[$0].first! < analysis.nodesOfState[$1].first! } ?? first
            let names = component.sorted().map { "'\(flow.states[$0].name)'" }.joined(separator: ", ")
            if let l = limited.first, let limit = flow.states[l].limit {
                let limitedNames = limited.map { "'\(flow.states[$0].name)'" }.joined(separator: ", ")
                let which = limited.count == 1 ? "the limit of \(limitedNames) is" : "the limits of \(limitedNames) are"
                findings.append(
                    RuleFinding(
                        "states \(names) form a loop that waits for no user or device event once \(which) not due: it would spin forever",
                        at: limit.range,
                        notes: [
                            DiagnosticNote(
                                "after 'limit \(limit.clauseText)' says not now, its 'else' comes back round without showing anything; send the 'else' out of the loop (an outcome, or a state that leads on)"
                            )
                        ],
                        witness: witnesses.witness(
                            toLimited: StateID(l), aroundLimitLoop: Set(component), callees: callees)))
                continue
            }
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

extension FlowState {
    /// Whether running the state waits for an event: the user (an alert or screen), iOS (a
    /// request), Settings or a subflow. Gotos and checks read what is already there.
    var waits: Bool {
        switch terminator {
        case .alert, .request, .openSettings, .call: true
        case .goto, .status, .capability, .variant: false
        }
    }
}
