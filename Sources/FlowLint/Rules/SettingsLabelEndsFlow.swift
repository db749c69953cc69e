import FlowModel
import FlowSyntax

extension Rule {
    /// FL1405: a button that says "Open Settings" and ends the flow instead.
    public static let settingsLabelEndsFlow = Rule(
        id: "FL1405", name: "settings-label-ends-flow", severity: .warning,
        summary: "a button labelled for Settings whose action ends the flow without opening Settings",
        documentation: """
            A button that reads "Open Settings" promises the app's page in Settings; when its
            target ends the flow (`-> done denied`, directly or through states that only go on),
            the user taps it and nothing opens. Point the button at an `open settings` state, or
            label it for what it does ("Not Now", "OK").

            The label is read in every locale, in each language iOS ships (the Settings app's
            name: "Settings", "Einstellungen", "Réglages", "Ajustes", "設定", ...; matched case- and
            diacritic-insensitively). To stay clear of labels that only mention Settings, a label
            counts when it is little more than the name ("Open Settings", "Go to Settings": at
            most two other words) and has no "later" word. Not reported when the outcome names
            Settings (`done open_settings`: the app opens it) or when a caller of the flow goes
            to `open settings` on that outcome.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> ask
              state ask { request camera { authorized -> done granted  else -> explain } }
              state explain {
                alert { title "Camera is off" message "Turn on Camera in Settings to scan receipts."
                        1️⃣button "Open Settings" -> done denied  cancel "Not Now" -> done cancelled }
              }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> ask
              state ask { request camera { authorized -> done granted  else -> explain } }
              state explain {
                alert { title "Camera is off" message "Turn on Camera in Settings to scan receipts."
                        button "Open Settings" -> settings  cancel "Not Now" -> done cancelled }
              }
              state settings { open settings on return -> check }
              state check { status camera { authorized -> done granted  else -> done denied } }
            }
            """
    ) { context in
        let program = context.program
        let localeCount = max(1, program.strings.locales.count)
        let settingsOutcomes = outcomesCallersSendToSettings(program)
        var findings: [RuleFinding] = []
        for (f, flow) in program.flows.enumerated() {
            for state in flow.states {
                guard case .alert(let alert) = state.terminator else { continue }
                for button in alert.buttons {
                    guard let o = flow.outcomeEnding(button.transition.target),
                        !SteeringWords.fold(flow.outcomes[o].name).contains("setting"),
                        !settingsOutcomes.contains(OutcomeRef(flow: f, outcome: o)),
                        let label = (0..<localeCount).lazy.compactMap({ l in
                            program.labelText(button.label, locale: l)
                        }).first(where: SettingsWords.promisesSettings)
                    else { continue }
                    findings.append(
                        RuleFinding(
                            "button '\(label)' in state '\(state.name)' promises Settings but ends the flow with '\(flow.outcomes[o].name)' without opening it",
                            at: button.range,
                            notes: [
                                DiagnosticNote("send it to a state with 'open settings', or label it for what it does")
                            ]))
                }
            }
        }
        return findings
    }
}

/// A flow's outcome, for the set of outcomes some caller sends to Settings.
struct OutcomeRef: Hashable {
    var flow: Int
    var outcome: Int
}

/// The callee outcomes some `call` arm (or `else`) sends to a state that opens Settings.
private func outcomesCallersSendToSettings(_ program: Program) -> Set<OutcomeRef> {
    var found = Set<OutcomeRef>()
    for flow in program.flows {
        for state in flow.states {
            guard case .call(let call) = state.terminator else { continue }
            let callee = program[call.callee]
            let armed = Set(call.arms.flatMap(\.outcomes))
            for arm in call.arms where flow.opensSettings(at: arm.transition.target) {
                for o in arm.outcomes { found.insert(OutcomeRef(flow: call.callee.index, outcome: o)) }
            }
            if let otherwise = call.otherwise, flow.opensSettings(at: otherwise.target) {
                for o in callee.outcomes.indices where !armed.contains(o) {
                    found.insert(OutcomeRef(flow: call.callee.index, outcome: o))
                }
            }
        }
    }
    return found
}

extension Flow {
    /// The outcome `target` ends the flow with when it does so at once: an outcome, or a chain
    /// of states that only go on (`-> next`) to one, none of them a `handoff` (where a caller
    /// takes over). Nil for anything else.
    func outcomeEnding(_ target: Target) -> Int? {
        var target = target
        var seen = Set<StateID>()
        while true {
            switch target {
            case .outcome(let o): return o
            case .state(let s):
                guard seen.insert(s).inserted, self[s].handoff == nil, case .goto(let g) = self[s].terminator else {
                    return nil
                }
                target = g.transition.target
            }
        }
    }

    /// Whether `target` is an `open settings` state, or reaches one through states that only go on.
    func opensSettings(at target: Target) -> Bool {
        var target = target
        var seen = Set<StateID>()
        while case .state(let s) = target, seen.insert(s).inserted {
            switch self[s].terminator {
            case .openSettings: return true
            case .goto(let g): target = g.transition.target
            default: return false
            }
        }
        return false
    }
}

extension Program {
    /// A button label's text in `locale` with its placeholders as written, or nil when it has none
    /// there (a key the locale lacks is read through its fallbacks).
    func labelText(_ text: FlowText, locale: Int) -> String? {
        switch text {
        case .literal(let literal): literal.template.rendered
        case .localized(let localized): strings.lookup(localized.key, locale: locale).map(\.template.rendered)
        }
    }
}
