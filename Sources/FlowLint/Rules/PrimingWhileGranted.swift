import FlowModel
import FlowSyntax

extension Rule {
    /// FL1215: a priming alert or screen on a path where its permission can already be granted.
    public static let primingWhileGranted = Rule(
        id: "FL1215", name: "priming-while-granted", severity: .warning,
        summary: "a priming alert or screen shown on a path where its permission can already be granted",
        documentation: """
            A priming alert explains the system prompt that follows it. A user who has already
            granted the permission gets no prompt (iOS returns the grant at once), so they are asked
            to agree to a prompt that never comes. Send granted users past the priming
            (`authorized -> done granted`) before it is shown.

            Reported at the priming (an alert or `screen` with a button that leads to a request
            without passing another alert or Settings) when the path to it has read the permission
            (a `status` check, a request or a Settings visit narrowed what it can be) and it can
            still be granted there; the note points at the branch that sends granted users there.
            A priming shown before anything was read is not reported: the flow may well be started
            only for users who have not decided. For an Always upgrade (`request location(always)`),
            only `authorizedAlways` counts as granted: a When In Use user does get the upgrade prompt.
            The request itself is not reported (FL1207 is about users who see nothing after agreeing
            because they are denied or restricted).
            """,
        triggering: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { denied, restricted -> explain  else -> prime } }
              state prime { 1️⃣alert { title "Scan receipts" message "Next, iOS asks for the camera." button "Continue" -> ask } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
              state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
              state settings { open settings on return -> check }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> prime  else -> explain } }
              state prime { alert { title "Scan receipts" message "Next, iOS asks for the camera." button "Continue" -> ask } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
              state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
              state settings { open settings on return -> check }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            for (s, state) in flow.states.enumerated() {
                guard case .alert(let alert) = state.terminator else { continue }
                let primed = analysis.requestsPrimed(by: alert)
                guard !primed.isEmpty else { continue }
                var reported = Set<Int>()
                for n in analysis.nodesOfState[s] {
                    let k = analysis.nodes[n].knowledge
                    for (i, always) in primed where !reported.contains(i) && k[i] != analysis.domains[i] {
                        guard
                            let granted = k[i].first(where: {
                                always ? $0 == .authorizedAlways : $0.statusClass == .granted
                            })
                        else { continue }
                        reported.insert(i)
                        let name = analysis.name(of: analysis.subjects[i])
                        findings.append(
                            RuleFinding(
                                "priming \(alert.noun) in state '\(state.name)' is shown on a path where \(name) can already be \(granted.rawValue): iOS shows no prompt then, so the user agrees to a prompt that never comes",
                                at: alert.range,
                                notes: analysis.grantingBranch(subject: i, before: n, status: granted)
                                    + [DiagnosticNote("send users who granted \(name) past the priming")],
                                witness: witnesses.witness(to: n)))
                    }
                }
            }
        }
        return findings
    }
}

extension FlowAnalysis {
    /// The subjects of the requests a priming leads to (a button's target reaches them without
    /// another alert, a Settings visit or a call), each with whether it is an Always upgrade.
    func requestsPrimed(by alert: FlowAlert) -> [(subject: Int, always: Bool)] {
        var found: [(subject: Int, always: Bool)] = []
        var seen = Set<Int>()
        var queue: [Int] = alert.buttons.compactMap {
            if case .state(let t) = $0.transition.target { t.index } else { nil }
        }
        while let s = queue.popLast() {
            guard seen.insert(s).inserted else { continue }
            switch flow.states[s].terminator {
            case .request(let request):
                let i = subjectIndex(request.subject)
                let always = request.options.contains(.always) && kinds(of: request.subject).contains(.location)
                if !found.contains(where: { $0.subject == i }) { found.append((i, always)) }
                continue
            case .alert, .openSettings, .call: continue
            case .goto, .status, .capability, .variant: break
            }
            for transition in flow.states[s].terminator.transitions {
                if case .state(let next) = transition.target { queue.append(next.index) }
            }
        }
        return found
    }

    /// A note at the branch of the last status check of subject `i` on the path to `node`, which
    /// lets `status` through.
    func grantingBranch(subject i: Int, before node: Int, status: Status) -> [DiagnosticNote] {
        let flow = self.flow
        guard
            let (from, entered) = earlierStep(
                from: node,
                matches: { cause, from in
                    guard case .status = cause, case .status(let check) = flow.states[from].terminator else {
                        return false
                    }
                    return check.subjects.contains(subjects[i])
                }), let parent = nodes[entered].parent
        else { return [] }
        return [
            DiagnosticNote(
                "this branch sends \(status.rawValue) here", at: stateEdges[from][parent.edge].transition.range)
        ]
    }
}
