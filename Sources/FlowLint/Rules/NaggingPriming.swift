import FlowModel
import FlowSyntax

extension Rule {
    /// FL1306: a priming shown again to a user who declined, with no `limit` on it.
    public static let naggingPriming = Rule(
        id: "FL1306", name: "nagging-priming", severity: .warning,
        summary: "a priming shown again to a user who declined it or the system prompt, with no `limit`",
        documentation: """
            A user who answered "Don't Allow" at the system prompt, or tapped a priming screen's
            way out, has answered. Showing the same priming again on the same path (a loop back to
            it after the denial, or a "Not Now" that comes straight back to it) asks again with
            nothing in between: no time, no cap. Marketing SDKs that prime push permission cap it
            for this reason (Braze shows its push primer only while the user is undecided;
            Pushwoosh's `minInterval` spaces it out).

            Give the priming state a `limit` as its first statement, so it is shown at most a few
            times and not more often than every few days, or branch on the status before it so a
            denied user goes to an explanation that leads to Settings (an alert that opens
            Settings is not priming, and this rule does not look at it).

            Reported, each with a witness path that names every branch:
            - a priming state reached on a path where the permission it asks for is known to be
              denied (the user answered "Don't Allow", or a check found it denied);
            - a button of a priming that does not lead to the request and comes back to the same
              priming through plain `-> state` steps.

            Precision first: a path where the status is not known for certain, or that passes an
            alert or Settings before coming back, is not reported.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> prime  denied -> prime  else -> done denied } }
              state 1️⃣prime {
                alert { title "Scan receipts" message "We use the camera to scan receipts" button "Continue" -> ask }
              }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> prime  denied -> explain  else -> done denied } }
              state prime {
                alert { title "Scan receipts" message "We use the camera to scan receipts" button "Continue" -> ask }
              }
              state ask { request camera { authorized -> done granted  else -> done denied } }
              state explain {
                alert { title "The camera is off" message "Turn it on in Settings to scan receipts"
                        button "Open Settings" -> settings  cancel "Not Now" -> done denied }
              }
              state settings { open settings on return -> check }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            for (s, state) in flow.states.enumerated() where analysis.graphReachable[s] && state.limit == nil {
                guard case .alert(let alert) = state.terminator else { continue }
                // A priming leads straight to its request; an explanation whose way out goes back
                // to a status check (which may lead to a request) is not one.
                let primed = analysis.subjectsRequestedDirectly(after: alert)
                guard !primed.isEmpty else { continue }
                deniedSearch: for n in analysis.nodesOfState[s] {
                    let k = analysis.nodes[n].knowledge
                    // Only a check or a request narrows a subject to denied: it starts as any status.
                    for i in primed where !k[i].isEmpty && k[i].allSatisfy({ $0.statusClass == .denied }) {
                        let name = analysis.name(of: analysis.subjects[i])
                        findings.append(
                            RuleFinding(
                                "priming \(alert.noun) '\(state.name)' is shown again to a user who denied \(name), and it has no 'limit'",
                                at: state.nameRange,
                                notes: [
                                    DiagnosticNote(
                                        "make 'limit 3 times, every 7 days else -> ...' its first statement, or send a denied user to an explanation that opens Settings"
                                    )
                                ],
                                witness: witnesses.witness(to: n)))
                        break deniedSearch
                    }
                }
                for button in alert.buttons where !analysis.leadsToRequestDirectly(button.transition) {
                    guard analysis.comesStraightBack(button.transition, to: s) else { continue }
                    let label = context.program.baseText(button.label)
                    findings.append(
                        RuleFinding(
                            "'\(label)' on priming \(alert.noun) '\(state.name)' shows it again at once, and it has no 'limit'",
                            at: button.range,
                            notes: [
                                DiagnosticNote(
                                    "make 'limit 3 times, every 7 days else -> ...' its first statement, or let the button leave the priming"
                                )
                            ],
                            witness: witnesses.witness(toState: StateID(s))))
                }
            }
        }
        return findings
    }
}

extension FlowAnalysis {
    /// The subjects (indices into `subjects`) a button of `alert` requests without passing
    /// another alert, Settings, a call or a status check: through `-> state` and `capability`
    /// steps only.
    func subjectsRequestedDirectly(after alert: FlowAlert) -> [Int] {
        let flow = program[id]
        var seen = Set<Int>()
        var queue: [Int] = alert.buttons.compactMap {
            if case .state(let t) = $0.transition.target { t.index } else { nil }
        }
        var found: [Int] = []
        while let s = queue.popLast() {
            guard seen.insert(s).inserted else { continue }
            switch flow.states[s].terminator {
            case .request(let request):
                let i = subjectIndex(request.subject)
                if !found.contains(i) { found.append(i) }
            case .goto, .capability:
                for edge in stateEdges[s] { if case .state(let t) = edge.transition.target { queue.append(t.index) } }
            // A variant is not certain either: another install goes the other way.
            case .alert, .openSettings, .call, .status, .variant:
                break
            }
        }
        return found
    }

    /// Whether `transition` comes back to state `s` through plain `-> state` steps only (each
    /// state on the way has nothing but a goto and no limit), so the return is certain.
    func comesStraightBack(_ transition: FlowTransition, to s: Int) -> Bool {
        let flow = program[id]
        var target = transition.target
        var steps = 0
        while case .state(let t) = target, steps <= flow.states.count {
            if t.index == s { return true }
            guard case .goto(let goto) = flow.states[t.index].terminator, flow.states[t.index].limit == nil else {
                return false
            }
            target = goto.transition.target
            steps += 1
        }
        return false
    }
}
