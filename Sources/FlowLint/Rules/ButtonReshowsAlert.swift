import FlowModel
import FlowSyntax

extension Rule {
    /// FL1304: a button that brings the same alert straight back.
    public static let buttonReshowsAlert = Rule(
        id: "FL1304", name: "button-reshows-alert", severity: .warning,
        summary: "an alert button (typically the dismiss or cancel one) that shows the same alert again at once",
        documentation: """
            A user who taps "Not Now" or "Cancel" expects the alert to go away. When the button's path
            comes straight back to the same alert, through nothing but gotos and status or capability
            checks that read the same statuses as before, the tap does nothing: the alert reappears
            unchanged and the only way on is the other button, which turns a priming alert into one
            that cannot be declined (App Review 5.1.1(iv); the HIG asks for a way out of every alert).
            Followed path-sensitively from the first 8 ways the analysis reaches the alert, at most 64
            states ahead (a longer way back is not reported). An alert whose own `limit` cannot let it
            show twice in a row (`every N days`, or `1 time`: it was just shown) takes the limit's
            `else` instead and is not reported; with `N times` alone it does show again, up to N
            times. The way back may pass another state by its limit's `else` (a second alert the
            user is not shown because it is used up or was shown too recently): that state's
            history is the install's, so such a way is reported, saying which state is not due.
            Let the button end the flow or lead on.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> prime  else -> done denied } }
              state prime { alert { title "Scan receipts" button "Continue" -> ask  1️⃣cancel "Not Now" -> check } }
              state ask { request camera -> check }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> prime  else -> done denied } }
              state prime { alert { title "Scan receipts" button "Continue" -> ask } }
              state ask { request camera -> check }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            let cycles = FlowAnalysis.quietCycles(flow)
            for (s, state) in flow.states.enumerated() where cycles[s] && !(state.limit?.blocksImmediateReshow ?? false)
            {
                guard case .alert(let alert) = state.terminator else { continue }
                // Buttons whose target leads back here through pass-through states at all.
                let candidates = alert.buttons.indices.filter {
                    FlowAnalysis.passesBack(to: s, from: alert.buttons[$0].transition.target, in: flow)
                }
                guard !candidates.isEmpty else { continue }
                var reported = Set<Int>()
                for n in analysis.nodesOfState[s].prefix(FlowAnalysis.reshowNodeLimit) {
                    let steps = analysis.evaluate(
                        StateID(s), analysis.nodes[n].knowledge, callees: context.analysis.calleeTable
                    ).steps
                    for step in steps where candidates.contains(step.edge) && !reported.contains(step.edge) {
                        guard let back = analysis.wayBack(to: s, from: step, callees: context.analysis.calleeTable)
                        else { continue }
                        reported.insert(step.edge)
                        let button = alert.buttons[step.edge]
                        let spelled = FlowAnalysis.button(button, program: context.program)
                        // A way through another state's limit `else` comes back when that state is
                        // not due (its history is the install's: any entry may find it so).
                        let (way, skipped) = back
                        let when =
                            skipped.isEmpty
                            ? ""
                            : " when " + skipped.map { "'\($0)'" }.joined(separator: ", ")
                                + (skipped.count == 1 ? " is" : " are") + " not due"
                        findings.append(
                            RuleFinding(
                                "\(spelled) shows the same \(alert.noun) again: the way back to '\(state.name)' waits for nothing\(when), so the tap does nothing",
                                at: button.range,
                                notes: [
                                    DiagnosticNote(
                                        "after the tap: "
                                            + ([spelled + " → " + analysis.targetName(step.target)] + way).joined(
                                                separator: ", ")),
                                    DiagnosticNote("let the button end the flow or lead somewhere else"),
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
    /// For each state: whether it lies on a cycle of the graph whose only waiting states are
    /// alerts (gotos, status and capability checks pass through; requests, Settings and calls
    /// end a path unless a `limit` skips them by its `else`). Only an alert on such a cycle can
    /// come straight back, so `wayBack` runs for those alone. One strongly-connected-components
    /// pass per flow.
    static func quietCycles(_ flow: Flow) -> [Bool] {
        let n = flow.states.count
        let successors: [[Int]] = flow.states.indices.map { s in
            switch flow.states[s].terminator {
            case .request, .openSettings, .call:
                guard case .state(let next)? = flow.states[s].limit?.otherwise.target else { return [] }
                return [next.index]
            default:
                return flow.states[s].transitions.compactMap { t in
                    if case .state(let next) = t.target { return next.index }
                    return nil
                }
            }
        }
        let components = StronglyConnectedComponents(count: n) { successors[$0] }
        return (0..<n).map { s in
            components.components[components.componentOf[s]].count > 1 || successors[s].contains(s)
        }
    }

    /// States followed after a button before `wayBack` gives up (a longer way back is not reported).
    public static let reshowWalkLimit = 64
    /// Ways the analysis reaches an alert (its first, shortest nodes) from which the buttons are
    /// followed; a button that comes back only under knowledge reached later is not reported.
    public static let reshowNodeLimit = 8

    /// Whether some graph path from `target` reaches state `alert` through gotos, status and
    /// capability checks, and the `else` of another state's limit (taken when that state is not
    /// due, without showing it), within `reshowWalkLimit` states: the cheap test before the
    /// path-sensitive `wayBack`.
    static func passesBack(to alert: Int, from target: Target, in flow: Flow) -> Bool {
        guard case .state(let first) = target else { return false }
        if first.index == alert { return true }
        var seen: Set<Int> = [first.index]
        var queue = [first.index]
        var head = 0
        while head < queue.count, head < reshowWalkLimit {
            let s = queue[head]
            head += 1
            let ways: [FlowTransition]
            switch flow.states[s].terminator {
            case .goto, .status, .capability: ways = flow.states[s].transitions
            default: ways = flow.states[s].limit.map { [$0.otherwise] } ?? []
            }
            for t in ways {
                guard case .state(let next) = t.target else { continue }
                if next.index == alert { return true }
                if seen.insert(next.index).inserted { queue.append(next.index) }
            }
        }
        return false
    }

    /// The steps from `step` (a button of alert `alert`) back to that alert through gotos,
    /// status and capability checks, and other states' limit `else` edges (the state is not due,
    /// so it is skipped without showing anything), in words; nil when no such way exists within
    /// `reshowWalkLimit` states. Another state's limit is taken as not due only there: its
    /// history is the install's, so any entry may find it used up or too soon.
    /// `skipped` names the states passed by their limit's `else`, in order.
    func wayBack(to alert: Int, from step: AnalysisStep, callees: [FlowAnalysis?]) -> (
        words: [String], skipped: [String]
    )? {
        let flow = program[id]
        // Breadth first over (state, knowledge), each with the index of the entry it came from
        // and the state the step into it skipped by its limit's `else` (-1: none).
        var queue: [(state: Int, knowledge: Knowledge, parent: Int, words: String, skip: Int)] = []
        guard case .state(let first) = step.target else { return nil }
        if first.index == alert { return ([], []) }
        queue.append((first.index, step.knowledge, -1, "", -1))
        var head = 0
        while head < queue.count, head < Self.reshowWalkLimit {
            let (s, k, _, _, _) = queue[head]
            let current = head
            head += 1
            let passes: Bool
            switch flow.states[s].terminator {
            case .goto, .status, .capability: passes = true
            default: passes = false
            }
            guard passes || flow.states[s].limit != nil else { continue }
            for next in evaluate(StateID(s), k, callees: callees).steps where passes || next.cause == .limitNotDue {
                let words = describe(next.cause, edge: next.edge, state: s)
                let skip = next.cause == .limitNotDue ? s : -1
                guard case .state(let t) = next.target else { continue }
                if t.index == alert {
                    var way = [words]
                    var skipped = skip < 0 ? [] : [flow.states[skip].name]
                    var i = current
                    while i >= 0 {
                        if !queue[i].words.isEmpty { way.append(queue[i].words) }
                        if queue[i].skip >= 0 { skipped.append(flow.states[queue[i].skip].name) }
                        i = queue[i].parent
                    }
                    return (way.reversed(), skipped.reversed())
                }
                if !queue.contains(where: { $0.state == t.index && $0.knowledge == next.knowledge }) {
                    queue.append((t.index, next.knowledge, current, words, skip))
                }
            }
        }
        return nil
    }
}

extension Limit {
    /// Whether a state with this limit, just shown, takes the `else` when entered again in the
    /// same run: `every N days` (N is at least 1, and no day has passed) or `1 time`.
    var blocksImmediateReshow: Bool { everyDays != nil || times == 1 }
}
