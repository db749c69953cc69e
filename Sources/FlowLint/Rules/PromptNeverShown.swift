import FlowModel
import FlowSyntax

extension Rule {
    /// FL1202: a request whose system prompt iOS can never show at that point.
    public static let promptNeverShown = Rule(
        id: "FL1202", name: "prompt-never-shown", severity: .warning,
        summary: "a request that can never show the system prompt because the status is already decided",
        documentation: """
            iOS shows a permission prompt only while the status is undecided (plus a few upgrades:
            location Always after When In Use, calendar full access after write-only, notifications
            after provisional). Anywhere else a request returns the old answer at once and the user sees
            nothing. If every path reaching a request arrives with a decided status, the request is
            useless there: explain and send the user to Settings instead. A request that changes the
            status without a prompt (notifications with `provisional`) is not reported.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> ask  else -> ask_again } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
              state ask_again { 1️⃣request camera { authorized -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> ask  else -> done denied } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            for (s, state) in flow.states.enumerated() {
                guard case .request(let request) = state.terminator, let first = analysis.nodesOfState[s].first else {
                    continue
                }
                let (ref, range) = (request.subject, request.range)
                var from = StatusSet()
                var prompt = false
                for n in analysis.nodesOfState[s] {
                    let ev = analysis.evaluations[n]
                    if ev.promptPossible {
                        prompt = true
                        break
                    }
                    from = from.union(ev.requestFrom)
                }
                guard !prompt else { continue }
                if let generic = context.analysis.genericFlows[analysis.id.index],
                    generic.nodesOfState[s].contains(where: { generic.evaluations[$0].promptPossible })
                {
                    continue
                }
                findings.append(
                    RuleFinding(
                        "request \(analysis.name(of: ref)) never shows the system prompt here: the status is already \(from.phrase), so iOS returns it at once",
                        at: range,
                        notes: [
                            DiagnosticNote("explain why the permission is needed and offer 'open settings' instead")
                        ],
                        witness: witnesses.witness(to: first)))
            }
        }
        return findings
    }
}
