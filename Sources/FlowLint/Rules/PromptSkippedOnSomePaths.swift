import FlowModel
import FlowSyntax

extension Rule {
    /// FL1207: a request that prompts on one path and returns at once on another.
    public static let promptSkippedOnSomePaths = Rule(
        id: "FL1207", name: "prompt-skipped-on-some-paths", severity: .warning,
        summary: "a request that shows the system prompt on some paths but returns at once on another path through it",
        documentation: """
            A request shows the system prompt only while the status is undecided. When one path
            reaches it undecided and another reaches it with the status already decided (a denied or
            restricted user sent round through the priming alert into the same request), the second
            user sees the priming promise a prompt that never comes: iOS returns the old answer at
            once, and a flow that goes back to its check loops through priming again. FL1202 reports a
            request that never prompts on any path; this rule the one that prompts on some paths only.
            A path that may arrive either undecided or refused (`notDetermined, restricted -> prime`)
            is reported too. A path on which the permission is already granted (or limited) is not
            reported: iOS returns the grant at once and the user loses nothing. The witness is the
            path on which the request returns a refusal at once. Route decided statuses to an
            explanation (and Settings) before the priming alert.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> prime  else -> explain } }
              state prime { alert { title "Scan receipts" button "Continue" -> ask } }
              state explain { alert { title "Camera is off" button "Try Again" -> prime  cancel "Not Now" -> done denied } }
              state ask { 1️⃣request camera -> check }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> prime  else -> explain } }
              state prime { alert { title "Scan receipts" button "Continue" -> ask } }
              state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
              state settings { open settings on return -> check }
              state ask { request camera -> check }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            for (s, state) in flow.states.enumerated() {
                guard case .request(let request) = state.terminator else { continue }
                let nodes = analysis.nodesOfState[s]
                // Only a refusal returned at once hides something from the user: a grant returned
                // at once is what the flow wanted anyway. A path that arrives refused is one
                // on which nothing prompts; failing that, one that may arrive undecided or
                // refused (`notDetermined, restricted -> prime` with no loop between them).
                func refusedAtOnce(_ n: Int) -> StatusSet {
                    analysis.evaluations[n].requestFrom.filter { s in
                        s.refused && !analysis.requestResults(request.subject, options: request.options, from: s).prompt
                    }
                }
                guard let prompting = nodes.first(where: { analysis.evaluations[$0].promptPossible }),
                    let silent = nodes.first(where: {
                        !analysis.evaluations[$0].promptPossible && !refusedAtOnce($0).isEmpty
                    })
                        ?? nodes.first(where: { n in
                            // Mixed: only where a check narrowed the status and an alert (the
                            // priming) comes straight before the request; a request without
                            // priming that returns a refusal at once promises nothing.
                            guard case .button = analysis.nodes[n].parent?.cause else { return false }
                            let from = analysis.evaluations[n].requestFrom
                            return from != analysis.domains[analysis.subjectIndex(request.subject)]
                                && !refusedAtOnce(n).isEmpty
                        })
                else { continue }
                // A generic flow's other kinds may prompt where the callers' kinds cannot.
                if let generic = context.analysis.genericFlows[analysis.id.index],
                    generic.nodesOfState[s].allSatisfy({ generic.evaluations[$0].promptPossible })
                {
                    continue
                }
                let name = analysis.name(of: request.subject)
                let decided = refusedAtOnce(silent).phrase
                let path =
                    analysis.evaluations[silent].promptPossible
                    ? "on this path \(name) may already be \(decided)" : "on this one \(name) is already \(decided)"
                let shown = analysis.evaluations[prompting].requestFrom.filter { s in
                    analysis.requestResults(request.subject, options: request.options, from: s).prompt
                }
                findings.append(
                    RuleFinding(
                        "request \(name) shows the system prompt on some paths, but \(path), so iOS returns it at once without asking",
                        at: request.range,
                        notes: [
                            DiagnosticNote(
                                "it prompts only while \(name) is \(shown.phrase); send a user whose status is decided to an explanation or Settings before the priming"
                            )
                        ],
                        witness: witnesses.witness(to: silent)))
            }
        }
        return findings
    }
}

extension Status {
    /// Denied or restricted: a status a request returns at once, with nothing the user can do
    /// in the app to change it.
    var refused: Bool { statusClass == .denied || statusClass == .restricted }
}
