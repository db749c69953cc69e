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
              state settings { open settings on return 1️⃣-> done denied }
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
            let opens = flow.states.indices.filter { s in
                if case .openSettings = flow.states[s].terminator { return analysis.graphReachable[s] }
                return false
            }
            guard !opens.isEmpty else { continue }
            let hazards = UncheckedHazards(flow)
            for s in opens {
                guard case .openSettings(let open) = flow.states[s].terminator else { continue }
                let onReturn = open.onReturn
                let found = hazards.of(onReturn.target)
                // An ending is the worse of the two: say that one when both can happen.
                let bad: String
                if found.contains(.ending) {
                    bad = "the flow can end"
                } else if found.contains(.settings) {
                    bad = "it can go back to Settings"
                } else {
                    continue
                }
                findings.append(
                    RuleFinding(
                        "after returning from Settings the status is not checked again before \(bad)",
                        at: onReturn.range,
                        notes: [
                            DiagnosticNote(
                                "the user may have changed the permission there, and iOS may have relaunched the app; go to a 'status' check"
                            )
                        ],
                        witness: witnesses.witness(toState: StateID(s))))
            }
        }
        return findings
    }
}

/// What a path from each state can meet before it passes a check (`status`, `request` or a
/// subflow), going through gotos, capability checks and alerts only: the end of the flow, or
/// another visit to Settings. Computed once per flow over the strongly connected components of
/// those pass-through states, callees first, so each state is looked at once however many
/// Settings returns lead to it (walking forward from every `on return` was a fifth of linting a
/// 20,000-state flow).
struct UncheckedHazards {
    struct Found: OptionSet {
        let rawValue: UInt8
        static let ending = Found(rawValue: 1)
        static let settings = Found(rawValue: 2)
    }

    private let flow: Flow
    /// By state; meaningful for pass-through states only.
    private var found: [Found]

    init(_ flow: Flow) {
        self.flow = flow
        let n = flow.states.count
        found = [Found](repeating: [], count: n)
        func passesThrough(_ s: Int) -> Bool {
            switch flow.states[s].terminator {
            case .goto, .capability, .alert, .variant: true
            case .status, .request, .call, .openSettings: false
            }
        }
        let targets = (0..<n).map { s in passesThrough(s) ? flow.states[s].terminator.transitions.map(\.target) : [] }
        let components = StronglyConnectedComponents(count: n) { s in
            targets[s].compactMap { t in
                if case .state(let next) = t, passesThrough(next.index) { return next.index }
                return nil
            }
        }
        // Reverse topological order: what a component leads to is known before it.
        for component in components.components {
            var here: Found = []
            for s in component {
                for t in targets[s] { here.formUnion(direct(t) ?? found[t.stateIndex!]) }
            }
            for s in component { found[s] = here }
        }
    }

    /// What going to `target` meets at once, or nil for a pass-through state (look it up).
    private func direct(_ target: Target) -> Found? {
        guard case .state(let t) = target else { return .ending }
        switch flow.states[t.index].terminator {
        case .status, .request, .call: return []
        case .openSettings: return .settings
        case .goto, .capability, .alert, .variant: return nil
        }
    }

    /// What a path from `target` can meet before a check.
    func of(_ target: Target) -> Found {
        direct(target) ?? found[target.stateIndex!]
    }
}

extension Target {
    fileprivate var stateIndex: Int? {
        if case .state(let s) = self { return s.index }
        return nil
    }
}
