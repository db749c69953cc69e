import FlowModel
import FlowSyntax

extension Rule {
    /// FL1210: a request iOS drops because another prompt is still finishing.
    public static let promptWhilePromptFinishing = Rule(
        id: "FL1210", name: "prompt-while-prompt-finishing", severity: .warning,
        summary: "a tracking request made straight from another prompt's answer, when iOS does not show it",
        documentation: """
            The tracking prompt is shown only while the app is active
            (ATTrackingManager.requestTrackingAuthorization: "only prompts when the application state
            is UIApplicationStateActive"). System prompts are shown out of process and make the app
            inactive while they are on screen and going away, so a tracking request made straight
            from another prompt's answer, with nothing the user sees in between (only gotos and
            status or capability checks), returns notDetermined without asking. The witness is the
            path from the first prompt's answer. A subflow that ends right after a prompt's answer
            returns while that prompt is finishing: a tracking request straight after the `call` is
            reported too. Show something first (an alert that explains the
            next request), or make the request later. Location needs only the foreground ("Your app
            must be in the foreground to show a location authorization prompt"), which an app whose
            prompt is going away still is: a location request there prompts and is not reported.
            """,
        triggering: """
            flow onboarding {
              uses notifications, tracking
              start -> ask_notifications
              state ask_notifications { request notifications(alert, sound, badge) -> ask_tracking }
              state ask_tracking { 1️⃣request tracking { authorized -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow onboarding {
              uses notifications, tracking
              start -> ask_notifications
              state ask_notifications { request notifications(alert, sound, badge) -> prime_tracking }
              state prime_tracking { alert { title "Personalised offers" message "Next, iOS asks whether we may track." button "Continue" -> ask_tracking } }
              state ask_tracking { request tracking { authorized -> done granted  else -> done denied } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            for (s, state) in flow.states.enumerated() {
                guard case .request(let request) = state.terminator,
                    let kind = analysis.kinds(of: request.subject).first(where: \.dropsRequestWhilePromptFinishing)
                else { continue }
                let i = analysis.subjectIndex(request.subject)
                guard
                    let n = analysis.nodesOfState[s].first(where: { n in
                        let k = analysis.nodes[n].knowledge
                        return k.promptFinishing
                            && k[i].contains { s in
                                if case .prompt = kind.requestBehavior(options: request.options, current: s) {
                                    return true
                                }
                                return false
                            }
                    })
                else { continue }
                let name = analysis.name(of: request.subject)
                // The nearest prompt answered on the path: a request here, or a subflow that
                // returned straight from one.
                let earlier = analysis.earlierStep(from: n) { cause, _ in
                    switch cause {
                    case .request(_, .prompt, _), .callOutcome: return true
                    default: return false
                    }
                }
                var notes: [DiagnosticNote] = []
                var what = "another permission's prompt"
                if let (from, _) = earlier {
                    switch flow.states[from].terminator {
                    case .request(let prompt):
                        what = "the \(analysis.name(of: prompt.subject)) prompt"
                        notes.append(DiagnosticNote("the prompt whose answer leads here", at: prompt.range))
                    case .call(let call):
                        what = "a prompt of subflow '\(context.program[call.callee].name)'"
                        notes.append(
                            DiagnosticNote("the subflow returns straight from a prompt's answer", at: call.range))
                    default: break
                    }
                }
                notes.append(DiagnosticNote("show an alert or screen first, so the app is active again when it asks"))
                findings.append(
                    RuleFinding(
                        "request \(name) runs while \(what) is finishing: iOS shows the \(name) prompt only to an active app, so it returns \(kind.resultWhilePromptFinishing(current: .notDetermined)?.rawValue ?? "notDetermined") without asking",
                        at: request.range, notes: notes, witness: witnesses.witness(to: n)))
            }
        }
        return findings
    }
}
