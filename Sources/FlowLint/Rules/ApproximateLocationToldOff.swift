import FlowModel
import FlowSyntax

extension Rule {
    /// FL1214: a user who granted location with Approximate accuracy told that location is off.
    public static let approximateLocationToldOff = Rule(
        id: "FL1214", name: "approximate-location-told-off", severity: .warning,
        summary: "an alert saying location is off on a path where location is granted with reduced accuracy",
        documentation: """
            A user who switched Precise off in the location prompt (or in Settings) has granted
            location: `CLLocationManager.authorizationStatus` is `authorizedWhenInUse` or
            `authorizedAlways`, and only `accuracyAuthorization` is `reducedAccuracy`. Telling that
            user "Location is off" is false, and sends them to a Settings page where location is
            on. Say what is missing ("Precise Location is off"), or ask for temporary full
            accuracy (`request locationAccuracy(purpose: ...)`).

            Reported at an alert or screen whose title or message, in some locale, names location
            and says it is off ("off", "disabled", "denied", "not allowed") without naming
            accuracy ("precise", "approximate", "accuracy"), on a path where location is granted
            for certain and `locationAccuracy` is `reducedAccuracy` for certain. The words are
            English: copy in other languages is not read (the rule stays silent).
            (https://developer.apple.com/documentation/corelocation/claccuracyauthorization)
            """,
        triggering: """
            flow nearby {
              uses location, locationAccuracy
              start -> check
              state check {
                status location {
                  authorizedWhenInUse, authorizedAlways -> accuracy
                  notDetermined                         -> ask
                  else                                  -> done denied
                }
              }
              state ask { request location -> check }
              state accuracy { status locationAccuracy { fullAccuracy -> done granted  reducedAccuracy -> off } }
              state off { 1️⃣alert { title "Location is off" message "Turn on location to find stores near you." button "OK" -> done denied } }
            }
            """,
        clean: """
            flow nearby {
              uses location, locationAccuracy
              start -> check
              state check {
                status location {
                  authorizedWhenInUse, authorizedAlways -> accuracy
                  notDetermined                         -> ask
                  else                                  -> done denied
                }
              }
              state ask { request location -> check }
              state accuracy { status locationAccuracy { fullAccuracy -> done granted  reducedAccuracy -> off } }
              state off { alert { title "Precise Location is off" message "Nearby stores are shown for your area." button "OK" -> done limited } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            guard let location = analysis.subjects.firstIndex(of: .kind(.location)),
                let accuracy = analysis.subjects.firstIndex(of: .kind(.locationAccuracy))
            else { continue }
            var witnesses = WitnessBuilder(analysis)
            for (s, state) in flow.states.enumerated() {
                guard case .alert(let alert) = state.terminator,
                    let said = alert.saysLocationIsOff(program: context.program),
                    let n = analysis.nodesOfState[s].first(where: { n in
                        let k = analysis.nodes[n].knowledge
                        return !k[location].isEmpty && k[location].allSatisfy { $0.statusClass == .granted }
                            && !k[accuracy].isEmpty && k[accuracy].allSatisfy { $0 == .reducedAccuracy }
                    })
                else { continue }
                findings.append(
                    RuleFinding(
                        "the \(alert.noun) in state '\(state.name)' says '\(said)' to a user who granted location with Approximate accuracy",
                        at: alert.range,
                        notes: [
                            DiagnosticNote(
                                "location is granted on this path; say that Precise Location is off, or request locationAccuracy"
                            )
                        ],
                        witness: witnesses.witness(to: n)))
            }
        }
        return findings
    }
}

extension FlowAlert {
    /// The title or message, in some locale, that says location is off (see FL1214), if any.
    func saysLocationIsOff(program: Program) -> String? {
        let locales = max(1, program.strings.locales.count)
        for text in [title, message].compactMap({ $0 }) {
            for l in 0..<locales {
                guard let copy = program.labelText(text, locale: l) else { continue }
                let words = Set(copy.lowercased().split { !$0.isLetter }.map(String.init))
                let phrase = copy.lowercased()
                guard words.contains("location"),
                    ["precise", "approximate", "accuracy"].allSatisfy({ !words.contains($0) })
                else { continue }
                if !words.isDisjoint(with: ["off", "disabled", "denied"]) || phrase.contains("not allowed") {
                    return copy
                }
            }
        }
        return nil
    }
}
