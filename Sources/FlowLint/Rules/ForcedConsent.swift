import FlowModel
import FlowSyntax

extension Rule {
    /// FL1303: an alert a user who keeps refusing can never get out of.
    public static let forcedConsent = Rule(
        id: "FL1303", name: "forced-consent", severity: .warning,
        summary: "an alert that a user who keeps refusing can leave only by granting: every way out leads back to it",
        documentation: """
            App Review guideline 5.1.1(iv) requires that an app respect the user's decision: a user
            who declines must be able to go on without granting. A flow breaks it when a user who
            keeps refusing (answers every prompt with a refusal and changes nothing in Settings) can
            never end it: every button of the explanation leads, through the request or Settings,
            back to the same alert until the status changes. Found by running the status analysis
            once more for such a user; the witness is that user's path to the alert. The finding is
            at an alert the refusing user comes back to (an explanation after the refusal), not at a
            priming alert they passed once on the way in. A subflow that can end `granted` frees no
            such user: through a `call`, a refusing user gets only the outcomes that need no grant
            the caller's status did not have. Give the alert a way out that ends the flow
            (`cancel "Not Now" -> done denied`).
            """,
        triggering: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> ask  else -> explain } }
              state ask { request camera -> check }
              state explain { 1️⃣alert { title "The camera is required" button "Open Settings" -> settings } }
              state settings { open settings on return -> check }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> ask  else -> explain } }
              state ask { request camera -> check }
              state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
              state settings { open settings on return -> check }
            }
            """,
        buildsOwnAnalysis: true
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            // Only an alert on a cycle can hold a user; one that cannot end at all is FL1102's.
            let candidates = flow.states.indices.map { s -> Bool in
                guard case .alert = flow.states[s].terminator, analysis.graphReachable[s], analysis.canReachOutcome[s]
                else { return false }
                let c = analysis.components.componentOf[s]
                return analysis.components.components[c].count > 1
                    || flow.states[s].terminator.transitions.contains { $0.target == .state(StateID(s)) }
            }
            guard candidates.contains(true) else { continue }
            let refusing = context.analysis.refusing(analysis.id)
            let canLeave = refusing.nodesThatCanEnd()
            let onCycle = refusing.nodesOnCycles()
            func priming(_ s: Int) -> Bool {
                guard case .alert(let alert) = flow.states[s].terminator else { return false }
                return alert.buttons.contains { analysis.leadsToRequestDirectly($0.transition) }
            }
            // Per component of the flow: the first alert node the refusing user keeps coming
            // back to, an explanation before a priming alert (which the user may pass only once,
            // on the way in, while the status is still undecided).
            var held: [Int: Int] = [:]
            for n in refusing.nodes.indices where !canLeave[n] && onCycle[n] {
                let s = refusing.nodes[n].state.index
                guard candidates[s] else { continue }
                let c = analysis.components.componentOf[s]
                if let old = held[c], !(priming(refusing.nodes[old].state.index) && !priming(s)) { continue }
                held[c] = n
            }
            var witnesses = WitnessBuilder(refusing)
            for n in held.values.sorted() {
                let s = refusing.nodes[n].state.index
                guard case .alert(let alert) = flow.states[s].terminator else { continue }
                let k = refusing.nodes[n].knowledge
                let held = refusing.subjects.indices.filter { i in
                    !k[i].isEmpty && !k[i].contains { $0.statusClass == .granted || $0.statusClass == .limited }
                }.map { refusing.name(of: refusing.subjects[$0]) }
                let until = held.isEmpty ? "a permission is granted" : held.joined(separator: " or ") + " is granted"
                findings.append(
                    RuleFinding(
                        "a user who refuses cannot leave '\(flow.states[s].name)': every way out leads back to it until \(until)",
                        at: alert.range,
                        notes: [
                            DiagnosticNote(
                                "App Review 5.1.1(iv): a user who declines must be able to go on; give the \(alert.noun) a way out that ends the flow"
                            )
                        ],
                        witness: witnesses.witness(to: n)))
            }
        }
        return findings
    }
}

extension ProgramAnalysis {
    /// The status analysis of `flow` for a user who refuses everything (`FlowAnalysis.refusing`).
    func refusing(_ flow: FlowID) -> FlowAnalysis {
        FlowAnalysis(refusingLike: self[flow], callees: calleeTable)
    }
}

extension FlowAnalysis {
    /// For each node of an analysis that keeps `links`: whether some path from it comes back to it.
    func nodesOnCycles() -> [Bool] {
        let components = StronglyConnectedComponents(count: nodes.count) { n in
            links[n].compactMap { $0 >= 0 ? Int($0) : nil }
        }
        return nodes.indices.map { n in
            components.components[components.componentOf[n]].count > 1 || links[n].contains(Int32(n))
        }
    }

    /// For each node of an analysis that keeps `links`: whether some path from it ends the flow.
    /// One backward pass over the links.
    func nodesThatCanEnd() -> [Bool] {
        let count = nodes.count
        var can = [Bool](repeating: false, count: count)
        // Predecessors as one array grouped by node (counting sort), not an array per node.
        var start = [Int32](repeating: 0, count: count + 1)
        for t in links.all where t >= 0 { start[Int(t) + 1] += 1 }
        for i in 0..<count { start[i + 1] += start[i] }
        var fill = Array(start.dropLast())
        var predecessors = [Int32](repeating: 0, count: Int(start[count]))
        var work: [Int] = []
        for n in 0..<count {
            for t in links[n] {
                if t < 0 {
                    if !can[n] {
                        can[n] = true
                        work.append(n)
                    }
                } else {
                    predecessors[Int(fill[Int(t)])] = Int32(n)
                    fill[Int(t)] += 1
                }
            }
        }
        while let n = work.popLast() {
            for p in predecessors[Int(start[n])..<Int(start[n + 1])] where !can[Int(p)] {
                can[Int(p)] = true
                work.append(Int(p))
            }
        }
        return can
    }
}
