import FlowModel
import FlowSyntax

extension Rule {
    /// FL1302: a priming alert with a way out that never reaches the system prompt.
    public static let dismissablePriming = Rule(
        id: "FL1302", name: "dismissable-priming", severity: .warning,
        summary: "a priming alert that can be dismissed without ever reaching the system request",
        documentation: """
            A priming alert is a custom screen shown before the system request to explain it. App
            Review has rejected priming screens that let the user leave without ever seeing the
            system prompt. What developers report of these rejections under guideline 5.1.1 (their
            reports, paraphrased: this is not Apple's guideline text) is that a custom message
            before a permission request must lead to the request: a button on it that closes it or
            skips the request ("Not Now", "Cancel", "Skip", "Maybe Later") bypasses the system
            prompt, and the reviewer asks for it to be removed (secondary sources: developers'
            published rejections; Apple's guideline 5.1.1(iv) itself says only that apps must
            respect the user's permission settings). The user's choice belongs in the system
            prompt, which always has its own "Don't Allow".

            Patterns that pass review:
            - A single neutral button ("Continue", "Next") that leads to the request.
            - No modal at all: ask later, from an in-context control the user taps when they want
              the feature (a "Scan receipt" button that primes and then requests).
            - A screen that offers a feature ("Set Up Voice Replies" / "Skip") before a subflow that
              primes its own request: the offer is not a priming alert (the subflow's is).
            - An explanation after a denial, which sends the user to Settings and may have a
              "Not Now": it is not a priming alert.

            A button of a priming alert from which no request is reachable at all is reported. A
            priming that no run reaches (only through a branch the status analysis proves dead, which
            FL1201 reports) is not.

            A team that decides otherwise (its reviewers accepted its screen) says so in one line of
            its configuration, with the reason beside it:

                # .flowlint
                dismissable-priming = off  # our "Not Now" was accepted in review, 2026-11
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
            // Reached in the status analysis, not only in the graph: a priming behind a branch
            // the analysis proves dead is FL1201's finding, and nobody sees the priming.
            for (s, state) in flow.states.enumerated() where !analysis.nodesOfState[s].isEmpty {
                guard case .alert(let alert) = state.terminator,
                    alert.buttons.contains(where: { analysis.leadsToRequestDirectly($0.transition) })
                else { continue }
                for button in alert.buttons where !analysis.reachesRequest(button.transition) {
                    let label = context.program.baseText(button.label)
                    findings.append(
                        RuleFinding(
                            "priming \(alert.noun) can be dismissed with '\(label)' without ever reaching the system prompt",
                            at: button.range,
                            notes: [
                                DiagnosticNote(
                                    "App Review rejects priming screens that skip the system prompt; let every button lead to the request"
                                )
                            ],
                            witness: witnesses.witness(toState: StateID(s))))
                }
            }
        }
        return findings
    }
}
