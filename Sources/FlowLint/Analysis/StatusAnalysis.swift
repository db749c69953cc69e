import FlowModel
import FlowSyntax

/// Why a step of the status analysis happens. Kept compact and turned into words only when a
/// witness is shown (`FlowAnalysis.describe(_:from:)`): most steps never appear in one, and
/// building their text for every node was a fifth of the analysis.
public enum StepCause: Hashable, Sendable {
    case goesOn
    case capability(present: Bool)
    case button(Int)
    case settingsReturn
    /// A status arm taken with what is known after it.
    case status(after: Knowledge)
    /// A check too large to refine (see `FlowAnalysis.tupleCap`).
    case statusUnknown
    /// A request ending with `result`, the first way (`note`) it can.
    case request(PermissionRef, RequestNote, result: Status)
    /// A call whose callee ends with this outcome (the first of the arm's group).
    case callOutcome(Int)
}

/// How a request can produce a result, for witnesses.
public enum RequestNote: Hashable, Sendable {
    /// The prompt is shown while `from`; the user taps `label`.
    case prompt(from: Status, label: String)
    /// Location Always after When In Use: the upgrade prompt was offered already.
    case upgradeOffered(Status)
    /// Location Always after When In Use on a path where iOS ignores the call: the grant is an
    /// "Allow Once" one (`temporary`), or requestAlwaysAuthorization() was already called.
    case upgradeIgnored(Status, temporary: Bool)
    /// No prompt: iOS returns `result` at once because the status is `from`.
    case immediate(from: Status, result: Status)
    /// Tracking requested while the app is not active.
    case notActive
}

/// A step the status analysis can take from one (state, knowledge) node.
public struct AnalysisStep: Sendable {
    /// Index into `terminator.edges`.
    public var edge: Int
    public var target: Target
    public var knowledge: Knowledge
    /// What happens, for witnesses (`FlowAnalysis.describe` turns it into "camera is denied").
    public var cause: StepCause
}

/// What the terminator of a state does under some knowledge.
public struct Evaluation: Sendable {
    public var steps: [AnalysisStep] = []
    /// Status tuples (one element for a single check or a request result) that no arm matches.
    public var unhandled: [[Status]] = []
    /// For a request: whether it can do anything here: show its prompt, or change the status
    /// without one (notifications `provisional`).
    public var promptPossible: Bool = false
    /// For a request: the statuses it may start from.
    public var requestFrom = StatusSet()
    /// Call outcomes the callee can end with here but no arm handles.
    public var unhandledOutcomes: [Int] = []
}

/// A node of the path-sensitive analysis with the step that first reached it (BFS: shortest).
public struct AnalysisNode: Sendable {
    public var state: StateID
    public var knowledge: Knowledge
    /// The node before, the edge taken from it and why; nil for the start node.
    public var parent: (node: Int, edge: Int, cause: StepCause)?
    /// Parent links from the start node: a witness to this node has `depth + 2` steps.
    public var depth: Int = 0
    /// The ancestor at depth `min(depth, Witness.headLength)`: a witness's first steps are read
    /// from here without walking the whole path (which made witnesses quadratic in a long flow).
    public var anchor: Int = 0
}

/// The path-sensitive status analysis: a breadth-first search over (state, knowledge) nodes,
/// where knowledge is the set of statuses each subject may have; a check narrows it, a request
/// replaces it with its possible results, Settings widens it. The BFS parents are the
/// shortest-path tree every witness of the flow is read from.
extension FlowAnalysis {

    mutating func runStatusAnalysis(callees: [FlowAnalysis?]) {
        let flow = program[id]
        nodesOfState = [[Int]](repeating: [], count: flow.states.count)
        takenEdges = stateEdges.map { EdgeSet(count: $0.count) }
        let top = top()

        // The knowledge already seen at a state is found by scanning that state's nodes: at most
        // knowledgeCap of them, usually one to three, and comparing a few words beats hashing a
        // knowledge vector into a dictionary (which was a tenth of the analysis).
        func known(_ state: StateID, _ k: Knowledge) -> Bool {
            for i in nodesOfState[state.index] where nodes[i].knowledge == k { return true }
            return false
        }
        func known(index state: StateID, _ k: Knowledge) -> Int? {
            for i in nodesOfState[state.index] where nodes[i].knowledge == k { return i }
            return nil
        }
        @discardableResult
        func node(_ state: StateID, _ k: Knowledge, parent: (Int, Int, StepCause)?) -> Int {
            if recordsLinks, let i = known(index: state, k) { return i }
            if known(state, k) { return -1 }
            var k = k
            if nodesOfState[state.index].count >= nodeCap {
                k = top
                if let i = known(index: state, k) { return i }
            }
            let i = nodes.count
            if recordsLinks { links.append([]) }
            var node = AnalysisNode(state: state, knowledge: k, parent: parent.map { ($0.0, $0.1, $0.2) }, anchor: i)
            if let p = parent?.0 {
                node.depth = nodes[p].depth + 1
                if node.depth > Witness.headLength { node.anchor = nodes[p].anchor }
            }
            nodes.append(node)
            nodesOfState[state.index].append(i)
            return i
        }

        if recordsLinks { links = [] }
        node(flow.start, top, parent: nil)
        var head = 0
        while head < nodes.count {
            let current = nodes[head]
            let n = head
            head += 1
            if let handoff = flow.states[current.state.index].handoff {
                let o = handoff.outcome
                handoffKnowledge[o] = handoffKnowledge[o].map { Knowledge(sets: zip($0.sets, current.knowledge.sets).map { $0.union($1) }) }
                    ?? current.knowledge
            }
            switch flow.states[current.state.index].terminator {
            case .request: mutates = true; mayRequest = true
            case .openSettings: mutates = true; opensSettings = true
            case .call(let call):
                if let c = callees[call.callee.index] {
                    mutates = mutates || c.mutates
                    opensSettings = opensSettings || c.opensSettings
                    mayRequest = mayRequest || c.mayRequest
                }
            default: break
            }
            var evaluation = evaluate(current.state, current.knowledge, callees: callees)
            for step in evaluation.steps {
                takenEdges[current.state.index].insert(step.edge)
                switch step.target {
                case .outcome(let o):
                    if recordsLinks { links[n].append(-1) }
                    if let old = outcomeKnowledge[o] {
                        outcomeKnowledge[o] = old.merged(with: step.knowledge)
                    } else {
                        outcomeKnowledge[o] = step.knowledge
                    }
                case .state(let t):
                    let target = node(t, step.knowledge, parent: (n, step.edge, step.cause))
                    if recordsLinks { links[n].append(Int32(target)) }
                }
            }
            evaluation.steps = []
            evaluations.append(evaluation)
        }
        reachedOutcomes = outcomeKnowledge.keys.sorted()
    }

    /// What the terminator of `stateID` does when the statuses are as `k` says. The analysis
    /// keeps the result for each of its nodes in `evaluations`.
    public func evaluate(_ stateID: StateID, _ k: Knowledge, callees: [FlowAnalysis?]) -> Evaluation {
        let state = program[id][stateID]
        var ev = Evaluation()
        let edges = stateEdges[stateID.index]
        func step(_ e: Int, _ k: Knowledge, _ cause: StepCause) {
            ev.steps.append(AnalysisStep(edge: e, target: edges[e].transition.target, knowledge: k, cause: cause))
        }
        // Something the user sees ends a prompt's completion handler.
        var shown = k
        shown.promptFinishing = false
        switch state.terminator {
        case .goto:
            step(0, k, .goesOn)
        case .capability:
            step(0, k, .capability(present: true))
            step(1, k, .capability(present: false))
        case .alert(let alert):
            for i in alert.buttons.indices { step(i, shown, .button(i)) }
        case .openSettings(let open):
            var after = shown
            for i in subjects.indices {
                // The user may have stayed away until the session ended: one-time grants end.
                after.set(.temporaryGrant, i, false)
                if open.page == .notificationSettings, subjects[i] != .kind(.notifications) { continue }
                after[i] = settingsResult(k[i], subject: i)
            }
            step(0, after, .settingsReturn)
        case .status(let check):
            evaluateStatus(refs: check.subjects, arms: check.arms, otherwise: check.otherwise, k, into: &ev)
        case .request(let request):
            evaluateRequest(ref: request.subject, options: request.options, arms: request.arms,
                            otherwise: request.otherwise, k, into: &ev)
        case .call(let call):
            evaluateCall(callee: call.callee, arguments: call.arguments, arms: call.arms, otherwise: call.otherwise,
                         handled: call.handling?.outcomes ?? [], k, analysis: callees[call.callee.index], into: &ev)
        }
        return ev
    }

    func settingsChoices(_ ref: PermissionRef) -> StatusSet {
        StatusSet(kinds(of: ref).flatMap(\.settingsChoices))
    }

    /// What a subject may be after a visit to Settings, as the simulated device's page offers it:
    /// a `restricted` status has no choices (Screen Time or MDM), and a kind the app never asked
    /// for has no switch yet, so a notDetermined status stays (reference, correction 9). Location
    /// and tracking can be notDetermined after a request (an inactive app, "Ask Next Time"),
    /// when their switch is shown: those keep every choice. A refusing user changes nothing.
    func settingsResult(_ before: StatusSet, subject i: Int) -> StatusSet {
        if refusing { return before }
        let switchWhileUndetermined = kinds(of: subjects[i]).contains { $0.promptsOnlyWhileActive || $0 == .locationAccuracy }
        let changeable = before.contains { s in
            s.statusClass != .restricted && (s.statusClass != .notDetermined || switchWhileUndetermined)
        }
        return changeable ? before.union(choices[i]) : before
    }

    func evaluateStatus(refs: [PermissionRef], arms: [StatusArm], otherwise: Transition?,
                                _ k: Knowledge, into ev: inout Evaluation) {
        let idx = refs.map(subjectIndex)
        let sets = idx.map { Array(k[$0]) }
        let product = sets.reduce(1) { $0 * $1.count }
        let otherwiseEdge = arms.count
        if product > Self.tupleCap {
            for i in arms.indices { ev.steps.append(AnalysisStep(edge: i, target: arms[i].transition.target, knowledge: k, cause: .statusUnknown)) }
            if let o = otherwise { ev.steps.append(AnalysisStep(edge: otherwiseEdge, target: o.target, knowledge: k, cause: .statusUnknown)) }
            return
        }
        // Per edge: whether a tuple goes there, and the statuses of each position that do.
        var hit = [Bool](repeating: false, count: arms.count + 1)
        var projected = [StatusSet](repeating: StatusSet(), count: (arms.count + 1) * idx.count)
        var tuple = [Status]()
        func visit(_ i: Int) {
            if i == sets.count {
                let e: Int
                if let a = arms.firstIndex(where: { arm in arm.patterns.contains { p in zip(p, tuple).allSatisfy { $0.matches($1) } } }) {
                    e = a
                } else if otherwise != nil {
                    e = otherwiseEdge
                } else {
                    ev.unhandled.append(tuple)
                    return
                }
                hit[e] = true
                for pos in tuple.indices { projected[e * idx.count + pos].insert(tuple[pos]) }
                return
            }
            for s in sets[i] { tuple.append(s); visit(i + 1); tuple.removeLast() }
        }
        if !sets.isEmpty { visit(0) }
        for e in hit.indices where hit[e] {
            var after = k
            for (pos, subject) in idx.enumerated() {
                after[subject] = after[subject].intersection(projected[e * idx.count + pos])
                if tracksObserved { after.set(.observed, subject) }
            }
            let target = e == otherwiseEdge ? otherwise!.target : arms[e].transition.target
            ev.steps.append(AnalysisStep(edge: e, target: target, knowledge: after, cause: .status(after: after)))
        }
    }


    /// `handled`: the outcomes the call handles itself, which the callee also ends with at its
    /// `handoff` states (with what was known on entering them).
    func evaluateCall(callee: FlowID, arguments: [Argument], arms: [OutcomeArm], otherwise: Transition?,
                      handled: [Int] = [], _ k: Knowledge, analysis c: FlowAnalysis?, into ev: inout Evaluation) {
        var outcomes: [Int] = c?.reachedOutcomes ?? Array(program[callee].outcomes.indices)
        var handedOff: [Int: Knowledge] = [:]
        if let c {
            for o in handled {
                guard let known = c.handoffKnowledge[o] else { continue }
                handedOff[o] = c.outcomeKnowledge[o].map { Knowledge(sets: zip($0.sets, known.sets).map { $0.union($1) }) } ?? known
                if c.outcomeKnowledge[o] == nil { outcomes.append(o) }
            }
            outcomes.sort()
        }
        var passed = Set<Int>()
        var groups = [(Knowledge, Int)?](repeating: nil, count: arms.count + 1)
        let otherwiseEdge = arms.count
        for o in outcomes {
            var after = k
            var feasible = true
            for (p, argument) in arguments.enumerated() {
                guard case .permission(let ref) = argument, let mine = subjects.firstIndex(of: ref) else { continue }
                passed.insert(mine)
                let summary: StatusSet
                if let c, let known = handedOff[o] ?? c.outcomeKnowledge[o], let ci = c.subjects.firstIndex(of: .parameter(p)) {
                    summary = known[ci]
                } else {
                    summary = .anyKind
                }
                let mutated = c?.mutates ?? true
                after[mine] = mutated ? summary.intersection(domains[mine]) : after[mine].intersection(summary)
                if after[mine].isEmpty { feasible = false }
            }
            if c?.opensSettings ?? true {
                for i in subjects.indices where !passed.contains(i) {
                    after[i] = after[i].union(choices[i])
                }
            }
            guard feasible else { continue }
            let e: Int
            if let a = arms.firstIndex(where: { $0.outcomes.contains(o) }) {
                e = a
            } else if otherwise != nil {
                e = otherwiseEdge
            } else {
                ev.unhandledOutcomes.append(o)
                continue
            }
            after.promptFinishing = false
            for i in passed { after.set(.temporaryGrant, i, false) }
            if let g = groups[e] {
                groups[e] = (g.0.merged(with: after), g.1)
            } else {
                groups[e] = (after, o)
            }
        }
        for e in groups.indices {
            guard let (knowledge, first) = groups[e] else { continue }
            let target = e == otherwiseEdge ? otherwise!.target : arms[e].transition.target
            ev.steps.append(AnalysisStep(edge: e, target: target, knowledge: knowledge, cause: .callOutcome(first)))
        }
    }
}
