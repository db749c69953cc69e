import FlowSyntax

/// A `{status}`, `{button}` or `{outcome}` written in a track of state `state` (in a button's
/// track when `inButton`), checked once the flow's states are resolved.
struct RunValueUse {
    var value: RunValue
    var range: SourceRange
    var state: Int
    var inButton: Bool
}

// Caller-handled outcomes (`handoff`, `handling`) and the run-time values of analytics
// properties: the checks that need a flow's signature or its whole graph.
extension Checker {
    // MARK: Handoff and handling

    /// Resolves a state's `handoff outcome` clause against the flow's outcomes.
    mutating func handoff(_ clause: HandoffClauseSyntax, in sig: FlowSignature) -> Handoff? {
        let name = clause.outcome.name
        guard !name.isEmpty else {
            incomplete = true
            return nil
        }
        guard let outcome = sig.outcomeIndex[name] else {
            error(
                ModelDiagnosticID.unknownOutcome,
                "unknown outcome '\(name)' in 'handoff' for flow '\(sig.name)' (its outcomes: \(sig.outcomes.map(\.name).joined(separator: ", ")))",
                at: clause.outcome.range,
                notes: sig.outcomesDeclared ? [] : [DiagnosticNote("declare it with 'outcomes'")],
                suggestion: Suggestion.closest(to: name, in: sig.outcomes.map(\.name)))
            return nil
        }
        return Handoff(outcome: outcome, range: clause.range)
    }

    /// Resolves a call's `handling` clause: each outcome must be one of the callee's, handed off
    /// by one of its states, and named by an arm of the call (the caller's own handling).
    /// nil with `failed` set when something is wrong (reported).
    mutating func handling(
        _ clause: HandlingClauseSyntax?, callee target: FlowSignature, arms: [OutcomeArm],
        failed: inout Bool
    ) -> Handling? {
        guard let clause else { return nil }
        if clause.outcomes.isEmpty {
            incomplete = true
            return nil
        }
        var outcomes: [Int] = []
        var ranges: [SourceRange] = []
        let outcomeNames = target.outcomes.map(\.name)
        for id in clause.outcomes {
            guard let outcome = target.outcomeIndex[id.name] else {
                error(
                    ModelDiagnosticID.unknownCallOutcome,
                    "'\(id.name)' is not an outcome of flow '\(target.name)' (its outcomes: \(outcomeNames.joined(separator: ", ")))",
                    at: id.range, suggestion: Suggestion.closest(to: id.name, in: outcomeNames))
                failed = true
                continue
            }
            if let earlier = outcomes.firstIndex(of: outcome) {
                error(
                    ModelDiagnosticID.duplicateOutcome, "outcome '\(id.name)' is already handled", at: id.range,
                    notes: [DiagnosticNote("first named here", at: ranges[earlier])])
                failed = true
                continue
            }
            guard target.handoffs[id.name] != nil else {
                let handedOff = target.handoffs.keys.sorted()
                error(
                    ModelDiagnosticID.handlingWithoutHandoff,
                    "flow '\(target.name)' never hands '\(id.name)' to its caller: none of its states has 'handoff \(id.name)'",
                    at: id.range,
                    notes: [
                        DiagnosticNote(
                            handedOff.isEmpty
                                ? "mark the state where '\(target.name)' handles '\(id.name)' itself with 'handoff \(id.name)'"
                                : "it hands off \(handedOff.map { "'\($0)'" }.joined(separator: ", "))",
                            at: target.decl.name.range)
                    ])
                failed = true
                continue
            }
            guard arms.contains(where: { $0.outcomes.contains(outcome) }) else {
                error(
                    ModelDiagnosticID.handledOutcomeWithoutArm,
                    "the call handles '\(id.name)' but no arm names it; add '\(id.name) -> state' for the caller's own handling",
                    at: id.range)
                failed = true
                continue
            }
            outcomes.append(outcome)
            ranges.append(id.range)
        }
        return Handling(outcomes: outcomes, outcomeRanges: ranges, range: clause.range)
    }

    // MARK: Run-time values

    /// What a terminator does to a run-time value on its way out.
    private enum RunEffect { case keeps, sets, forgets }

    private static func effect(of terminator: Terminator, on value: RunValue) -> RunEffect {
        switch (terminator, value) {
        case (.status, .status), (.request, .status), (.alert, .button), (.call, .outcome): .sets
        case (.openSettings, _), (.call, _): .forgets
        default: .keeps
        }
    }

    /// Reports each run-time value used where some path from the start sets none: a search over
    /// (state, whether the value is set) pairs, so linear in the flow's states and transitions,
    /// once per value that is used at all. The BFS parents give the path in the message.
    mutating func checkRunValues(_ uses: [RunValueUse], states: [FlowState], start: StateID) {
        guard !uses.isEmpty else { return }
        for value in RunValue.allCases {
            let relevant = uses.filter { $0.value == value && !($0.inButton && value == .button) }
            guard !relevant.isEmpty else { continue }
            // Node 2s: state s entered with no value; 2s+1: with one.
            let n = states.count
            var parent = [Int](repeating: -2, count: 2 * n)
            parent[2 * start.index] = -1
            var queue = [2 * start.index]
            var head = 0
            while head < queue.count {
                let node = queue[head]
                head += 1
                let s = node / 2
                let effect = Self.effect(of: states[s].terminator, on: value)
                let set = effect == .sets || (effect == .keeps && node % 2 == 1)
                for transition in states[s].transitions {
                    guard case .state(let t) = transition.target else { continue }
                    let next = 2 * t.index + (set ? 1 : 0)
                    if parent[next] == -2 {
                        parent[next] = node
                        queue.append(next)
                    }
                }
            }
            var reported = Set<Int>()
            for use in relevant where parent[2 * use.state] != -2 && reported.insert(use.range.start.offset).inserted {
                reportUnset(value, at: use.range, state: use.state, parent: parent, states: states)
            }
        }
    }

    private mutating func reportUnset(
        _ value: RunValue, at range: SourceRange, state: Int, parent: [Int], states: [FlowState]
    ) {
        var path: [Int] = []
        var node = 2 * state
        while node >= 0 {
            path.append(node)
            node = parent[node]
        }
        path.reverse()
        // Where the value was last forgotten: the last step from a state entered with it.
        var notes: [DiagnosticNote] = []
        var since = ""
        if let i = path.indices.dropFirst().last(where: { path[$0 - 1] % 2 == 1 }) {
            let forgetting = states[path[i - 1] / 2]
            let why: String =
                switch forgetting.terminator {
                case .openSettings:
                    "opening Settings in state '\(forgetting.name)' forgets '{\(value.rawValue)}': it may have changed there"
                default:
                    "the call in state '\(forgetting.name)' forgets '{\(value.rawValue)}': the called flow may have changed it"
                }
            notes.append(DiagnosticNote(why, at: forgetting.terminator.range))
            since = " again after state '\(forgetting.name)'"
        }
        var names = path.map { states[$0 / 2].name }
        if names.count > 8 { names = names.prefix(3) + ["…"] + names.suffix(4) }
        error(
            ModelDiagnosticID.runValueUndefined,
            "'{\(value.rawValue)}' has no value on the path \(names.joined(separator: " → ")): no \(value.setBy) sets it\(since) before state '\(states[state].name)'",
            at: range, notes: notes)
    }
}
