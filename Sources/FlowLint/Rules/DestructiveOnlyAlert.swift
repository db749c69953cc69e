import FlowModel
import FlowSyntax

extension Rule {
    /// FL1305: an alert whose only buttons are destructive.
    public static let destructiveOnlyAlert = Rule(
        id: "FL1305", name: "destructive-only-alert", severity: .warning,
        summary: "an alert whose every button is destructive, so it has no neutral way out",
        documentation: """
            The Human Interface Guidelines ask for a way out of every alert: a destructive action is
            offered next to a Cancel button, never alone. An alert whose only button (or every button)
            is `destructive` forces the user into the action it warns about. SwiftUI has been seen
            adding a Cancel of its own to such an alert, which no path of the flow handles (see the
            README). Add a `cancel` button, or make the action a plain `button`.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> ask  else -> explain } }
              state ask { request camera -> check }
              state explain { alert { title "Camera is off" 1️⃣destructive "Continue Without Camera" -> done denied } }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> ask  else -> explain } }
              state ask { request camera -> check }
              state explain { alert { title "Camera is off" destructive "Continue Without Camera" -> done denied  cancel "Back" -> done cancelled } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            for (s, state) in flow.states.enumerated() {
                guard case .alert(let alert) = state.terminator, alert.buttons.allSatisfy({ $0.role == .destructive })
                else { continue }
                let message =
                    alert.buttons.count == 1
                    ? "the alert's only button is destructive: it has no neutral way out"
                    : "every button of the alert is destructive: it has no neutral way out"
                findings.append(
                    RuleFinding(
                        message, at: alert.buttons[0].range,
                        notes: [DiagnosticNote("add a cancel button, or make the action a plain button (HIG: alerts)")],
                        witness: witnesses.witness(toState: StateID(s))))
            }
        }
        return findings
    }
}
