import FlowModel
import FlowSyntax

// https://developer.apple.com/documentation/avfoundation/avauthorizationstatus/restricted
// https://developer.apple.com/documentation/corelocation/clauthorizationstatus/restricted
extension Rule {
    /// FL1212: sending a user to Settings on a path where the permission is restricted for certain.
    public static let settingsForRestricted = Rule(
        id: "FL1212", name: "settings-for-restricted", severity: .warning,
        summary: "a visit to Settings on a path where the permission is restricted, which the user cannot change",
        documentation: """
            `restricted` means something other than the user decides: Screen Time's content and
            privacy restrictions, or a device management profile. The app's page in Settings shows
            the permission greyed out, so a user sent there to turn it on finds nothing to turn on
            (Apple, `AVAuthorizationStatus.restricted`: "This status occurs when a user can't change
            the authorization status, possibly due to the system imposing restrictions like parental
            controls"; `CLAuthorizationStatus.restricted` and `CNAuthorizationStatus.restricted` say
            the same). Tell that user why the feature is unavailable instead, or offer what works
            without it.

            Reported only where the path has read the permission and every status it can have at
            `open settings` is restricted: a branch `denied, restricted -> explain` that shows
            Settings is right for the denied user and is not reported, and neither is a visit that
            another permission the path read (denied or limited) justifies. The witness is the
            path on which it is restricted.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> check
              state check {
                status camera {
                  authorized    -> done granted
                  notDetermined -> ask
                  denied        -> explain
                  restricted    -> managed
                }
              }
              state ask { request camera -> check }
              state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
              state managed { alert { title "Camera is restricted" button "Open Settings" -> settings  cancel "OK" -> done denied } }
              state settings { 1️⃣open settings on return -> check }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> check
              state check {
                status camera {
                  authorized    -> done granted
                  notDetermined -> ask
                  denied        -> explain
                  restricted    -> managed
                }
              }
              state ask { request camera -> check }
              state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
              state managed { alert { title "Camera is restricted on this iPhone" button "OK" -> done denied } }
              state settings { open settings on return -> check }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            for (s, state) in flow.states.enumerated() {
                guard case .openSettings(let open) = state.terminator else { continue }
                var reported = Set<Int>()
                for n in analysis.nodesOfState[s] {
                    for i in analysis.restrictedForCertain(at: n, page: open.page) where reported.insert(i).inserted {
                        let name = analysis.name(of: analysis.subjects[i])
                        findings.append(
                            RuleFinding(
                                "\(name) is restricted on this path: Screen Time or a device management profile decides it, and Settings shows its switch greyed out, so the user cannot turn it on there",
                                at: open.range,
                                notes: [
                                    DiagnosticNote(
                                        "tell a restricted user that \(name) is unavailable on this device instead of sending them to Settings"
                                    )
                                ],
                                witness: witnesses.witness(to: n)))
                    }
                }
            }
        }
        return findings
    }
}

extension FlowAnalysis {
    /// The subjects the path to `node` has read and that are restricted there whatever the way
    /// in, when no other permission the path read could be denied or limited (a visit to Settings
    /// for that one is right). Unsure is silent: empty.
    func restrictedForCertain(at node: Int, page: SettingsPage) -> [Int] {
        let k = nodes[node].knowledge
        func changeable(_ s: Status) -> Bool { s.statusClass == .denied || s.statusClass == .limited }
        var restricted: [Int] = []
        for i in subjects.indices where k.has(.observed, i) {
            if page == .notificationSettings, subjects[i] != .kind(.notifications) { continue }
            let statuses = k[i]
            if !statuses.isEmpty, statuses.allSatisfy({ $0.statusClass == .restricted }) {
                restricted.append(i)
            } else if statuses.contains(where: changeable) {
                return []
            }
        }
        return restricted
    }
}
