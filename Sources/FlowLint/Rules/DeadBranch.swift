import FlowModel
import FlowSyntax

extension Rule {
    /// FL1201: a branch that no feasible path takes.
    public static let deadBranch = Rule(
        id: "FL1201", name: "dead-branch", severity: .warning,
        summary: "a branch that can never be taken, with the states reachable only through it",
        documentation: """
            The status analysis follows every path and knows, at each state, which statuses each
            permission may still have: after a status branch, after a request (only results iOS can
            give: `PermissionKind.requestBehavior`), after a return from Settings (any status the user
            can pick there), after a subflow (what it can end with). A branch no path can take is dead:
            a second check of a status already known, `notDetermined` right after a request, a result
            the kind never returns, the other branch of a second `capability` check of hardware
            (camera, front camera, biometry: a device's hardware does not change during a run) that
            every path there has already checked. States reachable only through dead branches are
            listed in notes.
            `else` branches are never reported: they are the `@unknown default` of a flow.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { notDetermined -> ask  authorized -> done granted  else -> done denied } }
              state ask {
                request camera { authorized -> done granted  1️⃣notDetermined -> retry  denied -> done denied }
              }
              state retry { -> ask }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { notDetermined -> ask  authorized -> done granted  else -> done denied } }
              state ask { request camera { authorized -> done granted  denied -> done denied } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            let live = analysis.semanticReachable
            let generic = context.analysis.genericFlows[analysis.id.index]
            for (s, state) in flow.states.enumerated() where live[s] {
                let edges = analysis.stateEdges[s]
                let shadowed: Set<Int>
                switch state.terminator {
                case .status(let check): shadowed = Shadowing.shadowedArms(arms: check.arms, refs: check.subjects)
                case .request(let request):
                    shadowed = Shadowing.shadowedArms(arms: request.arms, refs: [request.subject])
                default: shadowed = []
                }
                // A request that can never prompt is FL1202's finding; its arms follow from it.
                if case .request = state.terminator,
                    !analysis.nodesOfState[s].contains(where: { analysis.evaluations[$0].promptPossible })
                {
                    continue
                }
                for (e, edge) in edges.enumerated() where !analysis.takenEdges[s].contains(e) {
                    // Live for some kind no caller passes: a generic flow's branch, not dead code.
                    if let generic, generic.takenEdges[s].contains(e) { continue }
                    guard case .arm(let a) = edge.kind, !shadowed.contains(a) else { continue }  // FL1204 reports those
                    let knowledge = analysis.nodesOfState[s].reduce(
                        into: [StatusSet](repeating: StatusSet(), count: analysis.subjects.count)
                    ) { acc, n in
                        for i in acc.indices { acc[i] = acc[i].union(analysis.nodes[n].knowledge[i]) }
                    }
                    let message: String
                    let range: SourceRange
                    switch state.terminator {
                    case .status(let check):
                        let (refs, arms) = (check.subjects, check.arms)
                        range = arms[a].range
                        let known = refs.map {
                            "\(analysis.name(of: $0)) is \(knowledge[analysis.subjectIndex($0)].phrase)"
                        }.joined(separator: ", ")
                        message = "branch '\(arms[a].spelling)' is never taken: here \(known)"
                    case .request(let request):
                        let (ref, options, arms) = (request.subject, request.options, request.arms)
                        range = arms[a].range
                        let kinds = context.analysis.kinds(of: ref, in: analysis.id)
                        let possible =
                            kinds.isEmpty
                            ? nil
                            : kinds.reduce(into: Set<Status>()) {
                                $0.formUnion($1.possibleRequestResults(options: options, inBackground: true))
                            }
                        let statuses = arms[a].patterns.compactMap { p -> Status? in
                            if case .status(let st) = p.first { return st } else { return nil }
                        }
                        // What an app in the background gets back (`resultInBackground`): the
                        // status analysis takes flows to run in the foreground, as the explorer
                        // does, but whether this request ever runs from the background (a
                        // notification action, a background task) is not in the flow, so an arm
                        // for it is not called dead.
                        let from = knowledge[analysis.subjectIndex(ref)]
                        // (A generic flow's arm counts for every kind it may be called with.)
                        let background = (kinds.isEmpty || generic != nil ? PermissionKind.allCases : kinds).contains {
                            k in
                            from.contains { s in
                                guard let r = k.resultInBackground(current: s) else { return false }
                                return arms[a].patterns.contains { $0.first?.matches(r) ?? false }
                            }
                        }
                        if background { continue }
                        if let possible, !statuses.isEmpty, statuses.allSatisfy({ !possible.contains($0) }) {
                            message =
                                "branch '\(arms[a].spelling)' is never taken: request \(analysis.name(of: ref)) never returns \(arms[a].spelling)"
                        } else {
                            message =
                                "branch '\(arms[a].spelling)' is never taken: the request starts from \(analysis.name(of: ref)) \(knowledge[analysis.subjectIndex(ref)].phrase) here"
                        }
                    case .call(let call):
                        let (callee, arms) = (call.callee, call.arms)
                        range = arms[a].range
                        let names = arms[a].outcomes.map { context.program[callee].outcomes[$0].name }.joined(
                            separator: ", ")
                        message =
                            "branch '\(names)' is never taken: subflow '\(context.program[callee].name)' never ends with it here"
                    default: continue
                    }
                    // States that become reachable only through this dead branch.
                    var notes: [DiagnosticNote] = []
                    if case .state(let t) = edge.transition.target, !live[t.index] {
                        var seen: Set<Int> = [t.index]
                        var stack = [t.index]
                        while let x = stack.popLast() {
                            notes.append(
                                DiagnosticNote(
                                    "state '\(flow.states[x].name)' is reachable only through this branch",
                                    at: flow.states[x].nameRange))
                            for tr in flow.states[x].terminator.transitions {
                                if case .state(let y) = tr.target, !live[y.index], seen.insert(y.index).inserted {
                                    stack.append(y.index)
                                }
                            }
                        }
                    }
                    findings.append(
                        RuleFinding(message, at: range, notes: notes, witness: witnesses.witness(toState: StateID(s))))
                }
            }
            findings += deadCapabilityBranches(flow, analysis, witnesses: &witnesses)
        }
        return findings
    }
}
