import FlowModel
import FlowSyntax

extension Rule {
    /// FL1205: coming back from Settings without looking at the status again.
    public static let settingsReturnUnchecked = Rule(
        id: "FL1205", name: "settings-return-unchecked", severity: .warning,
        summary: "a return from Settings that can end the flow without checking the status again",
        documentation: """
        In Settings the user may have changed any switch, and for most permissions iOS terminated
        and relaunched the app meanwhile. What the flow knew before is stale: after `on return` a
        path must reach a `status` check, a `request` or a subflow before it ends or goes back to
        Settings. Alerts on the way are fine.
        """,
        triggering: """
        flow camera {
          uses camera
          start -> check
          state check { status camera { authorized -> done granted  notDetermined -> ask  else -> settings } }
          state ask { request camera { authorized -> done granted  else -> done denied } }
          state settings { open settings on return -> done denied }
        }
        """,
        clean: """
        flow camera {
          uses camera
          start -> check
          state check { status camera { authorized -> done granted  notDetermined -> ask  else -> explain } }
          state ask { request camera { authorized -> done granted  else -> done denied } }
          state explain {
            alert { title "Camera is off" message "You can turn it on in Settings"
                    button "Open Settings" -> settings  cancel "Not Now" -> done denied }
          }
          state settings { open settings on return -> check }
        }
        """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            for (s, state) in flow.states.enumerated() where analysis.graphReachable[s] {
                guard case .openSettings(let open) = state.terminator else { continue }
                let onReturn = open.onReturn
                // Walk forward until every path meets a check; fail on an ending or Settings.
                var bad: String?
                var seen = Set<Int>()
                var work: [Target] = [onReturn.target]
                while let target = work.popLast(), bad == nil {
                    guard case .state(let t) = target else { bad = "the flow can end"; break }
                    guard seen.insert(t.index).inserted else { continue }
                    switch flow[t].terminator {
                    case .status, .request, .call: continue
                    case .openSettings: bad = "it can go back to Settings"
                    case .goto, .capability, .alert: work += flow[t].terminator.transitions.map(\.target)
                    }
                }
                guard let bad else { continue }
                findings.append(RuleFinding("after returning from Settings the status is not checked again before \(bad)",
                                            at: onReturn.range,
                                            notes: [DiagnosticNote("the user may have changed the permission there, and iOS may have relaunched the app; go to a 'status' check")],
                                            witness: witnesses.witness(toState: StateID(s))))
            }
        }
        return findings
    }
}
