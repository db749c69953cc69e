import FlowModel
import FlowSyntax

extension Rule {
    /// FL1302: a priming alert with a way out that never reaches the system prompt.
    public static let dismissablePriming = Rule(
        id: "FL1302", name: "dismissable-priming", severity: .warning,
        summary: "a priming alert that can be dismissed without ever reaching the system request",
        documentation: """
        App Review has rejected priming screens that let the user leave without ever seeing the
        system prompt ("Not Now" that ends the flow). A button of a priming alert (see FL1301)
        from which no request is reachable at all is reported. Explanation alerts shown after a
        denial, which send the user to Settings, are not priming alerts and are fine, and so is
        an alert that offers a feature before a `call` whose callee primes its own request (an
        alert of its own before every request it makes).
        """,
        triggering: """
        flow camera {
          uses camera
          start -> prime
          state prime {
            alert { title "Scan receipts" message "We use the camera to scan receipts"
                    button "Continue" -> ask  1️⃣cancel "Not Now" -> done cancelled }
          }
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }
        """,
        clean: """
        flow camera {
          uses camera
          start -> prime
          state prime {
            alert { title "Scan receipts" message "We use the camera to scan receipts" button "Continue" -> ask }
          }
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }
        """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            for (s, state) in flow.states.enumerated() where analysis.graphReachable[s] {
                guard case .alert(let alert) = state.terminator,
                      alert.buttons.contains(where: { analysis.leadsToRequestDirectly($0.transition) }) else { continue }
                for button in alert.buttons where !analysis.reachesRequest(button.transition) {
                    let label = context.program.baseText(button.label)
                    findings.append(RuleFinding("priming alert can be dismissed with '\(label)' without ever reaching the system prompt",
                                                at: button.range,
                                                notes: [DiagnosticNote("App Review rejects priming screens that skip the system prompt; let every button lead to the request")],
                                                witness: witnesses.witness(toState: StateID(s))))
                }
            }
        }
        return findings
    }
}
