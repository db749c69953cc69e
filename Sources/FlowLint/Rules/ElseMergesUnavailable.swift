import FlowModel
import FlowSyntax

extension Rule {
    /// FL1213: a call's `else` that takes "the device cannot" and "the user said no" alike, and
    /// then offers what only helps the user who said no.
    public static let elseMergesUnavailable = Rule(
        id: "FL1213", name: "else-merges-unavailable", severity: .warning,
        summary: "a call's 'else' that merges the callee's device answer with the user's, then offers Settings",
        documentation: """
            A subflow that ends one way when the device lacks what it needs (`capability camera
            { absent -> done unavailable }`) and another when the user answers (`request camera
            { denied -> done denied }`) tells its caller two different things. A caller whose
            `else` takes both, and whose `else` can lead to `open settings`, sends the user of an
            iPhone without the hardware (or with Location Services off) to a Settings page that
            cannot help. Give the device outcome an arm of its own.

            Narrowly: reported when the `else` takes at least one callee outcome the callee ends
            with only from a `capability` check's `absent` branch (the device's answer) and at
            least one it ends with only from a `request` arm or an alert button (the user's own
            choice in this run), and the `else` target can reach `open settings` (in this flow
            or through a subflow that opens it). Outcomes the callee also ends with in other ways
            are neither, and a merge that goes on to no Settings visit is not reported.
            """,
        triggering: """
            flow scan {
              uses camera
              start -> device
              state device { capability camera { present -> ask  absent -> done unavailable } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            flow receipts {
              uses camera
              start -> scan
              state scan { call scan { granted -> done granted  else 1️⃣-> explain } }
              state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
              state settings { open settings on return -> check }
              state check { status camera { authorized -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow scan {
              uses camera
              start -> device
              state device { capability camera { present -> ask  absent -> done unavailable } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            flow receipts {
              uses camera
              start -> scan
              state scan { call scan { granted -> done granted  unavailable -> done cancelled  else -> explain } }
              state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
              state settings { open settings on return -> check }
              state check { status camera { authorized -> done granted  else -> done denied } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            for (s, state) in flow.states.enumerated() {
                guard case .call(let call) = state.terminator, let otherwise = call.otherwise,
                    let node = analysis.nodesOfState[s].first
                else { continue }
                let callee = context.analysis[call.callee]
                let armed = Set(call.arms.flatMap(\.outcomes))
                let merged = callee.reachedOutcomes.filter { !armed.contains($0) }
                let sources = merged.map { (outcome: $0, source: callee.outcomeSource($0)) }
                guard let device = sources.first(where: { $0.source == .device }),
                    let answer = sources.first(where: { $0.source == .answer }),
                    analysis.canReachSettings(from: otherwise.target, program: context.program)
                else { continue }
                let calleeFlow = context.program[call.callee]
                let deviceName = calleeFlow.outcomes[device.outcome].name
                let answerName = calleeFlow.outcomes[answer.outcome].name
                findings.append(
                    RuleFinding(
                        "'else' of the call to '\(calleeFlow.name)' takes '\(deviceName)' (the device cannot) and '\(answerName)' (the user's answer) alike, and can lead to Settings, which cannot help a device without it",
                        at: otherwise.range,
                        notes: [
                            DiagnosticNote(
                                "handle '\(deviceName)' in an arm of its own: '\(deviceName) -> ...'", at: call.range)
                        ],
                        witness: witnesses.witness(to: node)))
            }
        }
        return findings
    }
}

/// What ends a flow with an outcome, when every way to it is of one kind.
enum OutcomeSource: Equatable {
    /// Only a `capability` check's `absent` branch: the device's answer.
    case device
    /// Only a `request` arm or an alert button: the user's answer in this run.
    case answer
    /// Anything else, or a mix.
    case mixed
}

extension FlowAnalysis {
    /// Where the flow's reachable states end it with `outcome` (through states that only go on).
    func outcomeSource(_ outcome: Int) -> OutcomeSource {
        let flow = self.flow
        var found: OutcomeSource?
        for (s, state) in flow.states.enumerated() where graphReachable[s] {
            let terminator = state.terminator
            if case .goto = terminator, s != flow.start.index { continue }
            for transition in terminator.transitions where flow.outcomeEnding(transition.target) == outcome {
                let source: OutcomeSource
                switch terminator {
                case .capability(let check): source = transition == check.absent ? .device : .mixed
                case .request, .alert: source = .answer
                case .goto, .status, .openSettings, .call, .variant: source = .mixed
                }
                if found == nil { found = source } else if found != source { return .mixed }
            }
            if state.handoff?.outcome == outcome { return .mixed }
        }
        return found ?? .mixed
    }

    /// Whether a state reachable from `target` opens Settings, itself or through a subflow.
    func canReachSettings(from target: Target, program: Program) -> Bool {
        guard case .state(let first) = target else { return false }
        let flow = self.flow
        var seen = Set([first])
        var queue = [first]
        while let s = queue.popLast() {
            switch flow[s].terminator {
            case .openSettings: return true
            case .call where callPlanOfState[s.index] < 0 || callPlans[Int(callPlanOfState[s.index])].opensSettings:
                return true
            default: break
            }
            for transition in flow[s].terminator.transitions {
                if case .state(let next) = transition.target, seen.insert(next).inserted { queue.append(next) }
            }
        }
        return false
    }
}
