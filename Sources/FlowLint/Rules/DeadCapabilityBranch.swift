import FlowModel
import FlowSyntax

extension Capability {
    /// Whether the answer cannot change while a flow runs: hardware the device has or lacks (a
    /// camera, Face ID or Touch ID). Location Services (a switch the user can turn in Settings
    /// during the run) and an audio input route (a headset can be plugged in) can change.
    var isFixedForRun: Bool {
        switch self {
        case .camera, .frontCamera, .biometry: true
        case .microphone, .locationServices: false
        }
    }
}

extension FlowAnalysis {
    /// For each state, the fixed capabilities (`isFixedForRun`) whose answer every path the
    /// status analysis takes to it has already found (nil: no path reaches it). A must-analysis
    /// over the edges the status analysis takes: a path through a `capability` check knows the
    /// answer of the branch it took, and nothing in a flow changes it after that.
    func capabilityAnswers() -> [[Capability: Bool]?] {
        let flow = self.flow
        var known = [[Capability: Bool]?](repeating: nil, count: flow.states.count)
        known[flow.start.index] = [:]
        var queue = [flow.start.index]
        var queued = Set(queue)
        while let s = queue.popLast() {
            queued.remove(s)
            guard let here = known[s] else { continue }
            for (e, edge) in stateEdges[s].enumerated() where takenEdges[s].contains(e) {
                guard case .state(let target) = edge.transition.target else { continue }
                var out = here
                if case .capability(let check) = flow.states[s].terminator, check.capability.isFixedForRun,
                    case .capability(let present) = edge.kind
                {
                    // The branch a fixed answer rules out leads nowhere on this path.
                    if let answer = here[check.capability], answer != present { continue }
                    out[check.capability] = present
                }
                let t = target.index
                let merged = known[t].map { old in old.filter { out[$0.key] == $0.value } } ?? out
                if known[t] != merged {
                    known[t] = merged
                    if queued.insert(t).inserted { queue.append(t) }
                }
            }
        }
        return known
    }
}

extension Rule {
    /// FL1201's capability part: a second check of a fixed capability whose answer every path
    /// there already found, so its other branch is dead.
    static func deadCapabilityBranches(
        _ flow: Flow, _ analysis: FlowAnalysis, witnesses: inout WitnessBuilder
    ) -> [RuleFinding] {
        var findings: [RuleFinding] = []
        var answers: [[Capability: Bool]?]?
        for (s, state) in flow.states.enumerated() {
            guard case .capability(let check) = state.terminator, check.capability.isFixedForRun else { continue }
            if answers == nil { answers = analysis.capabilityAnswers() }
            guard let known = answers?[s], let present = known[check.capability] else { continue }
            let dead = present ? check.absent : check.present
            let (yes, no) = check.capability.armNames
            let name = check.capability.rawValue
            findings.append(
                RuleFinding(
                    "branch '\(present ? no : yes)' is never taken: every path here already found \(name) \(present ? yes : no), and a device's \(name) does not change during a run",
                    at: dead.range,
                    notes: [DiagnosticNote("check \(name) once, where the flow starts")],
                    witness: witnesses.witness(toState: StateID(s))))
        }
        return findings
    }
}
