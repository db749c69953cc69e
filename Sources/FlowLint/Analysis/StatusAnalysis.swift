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
    /// A state's `limit` says not now: the flow takes its `else` without running the state.
    case limitNotDue
    /// A `variant` arm, by index: the run's variant of the experiment.
    case variant(Int)
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
public struct AnalysisStep: Hashable, Sendable {
    /// Index into `FlowState.edges` (the terminator's, then a limit's `else`).
    public var edge: Int
    public var target: Target
    public var knowledge: Knowledge
    /// What happens, for witnesses (`FlowAnalysis.describe` turns it into "camera is denied").
    public var cause: StepCause
}

/// What the terminator of a state does under some knowledge.
public struct Evaluation: Hashable, Sendable {
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

/// What the status analysis finds (`AnalysisStorage.statusFacts`): the fields of the same name.
struct StatusFacts {
    var nodes: AnalysisNodes
    var nodesOfState: NodesOfState
    var evaluations: Evaluations
    var widenings: [(state: Int, node: Int)]
    var takenEdges: TakenEdges
    var outcomeKnowledge: [Int: Knowledge]
    var reachedOutcomes: [Int]
    var handoffKnowledge: [Int: Knowledge]
    var links: NodeLinks
    var mutates: Bool
    var opensSettings: Bool
    var mayRequest: Bool
}

/// The path-sensitive status analysis: a breadth-first search over (state, knowledge) nodes,
/// where knowledge is the set of statuses each subject may have; a check narrows it, a request
/// replaces it with its possible results, Settings widens it. The BFS parents are the
/// shortest-path tree every witness of the flow is read from.
extension AnalysisStorage {

    /// Runs the status analysis and stores what it finds.
    mutating func runStatusAnalysis(callees: [FlowAnalysis?]) {
        let found = statusFacts(callees: callees)
        nodes = found.nodes
        nodesOfState = found.nodesOfState
        evaluations = found.evaluations
        widenings = found.widenings
        takenEdges = found.takenEdges
        outcomeKnowledge = found.outcomeKnowledge
        reachedOutcomes = found.reachedOutcomes
        handoffKnowledge = found.handoffKnowledge
        links = found.links
        mutates = found.mutates
        opensSettings = found.opensSettings
        mayRequest = found.mayRequest
    }

    /// The status analysis: reads the analysis built so far and returns its findings. Not
    /// `mutating`: the loop calls `evaluate` on `self` for every node, and from a `mutating`
    /// method each call copied the whole storage first (memcpy, 47 M instructions on `flowbench
    /// --profile lint-graph --states 10000`). The locals below shadow the fields of the same
    /// name, which `runStatusAnalysis` sets from them.
    func statusFacts(callees: [FlowAnalysis?]) -> StatusFacts {
        let flow = program[id]
        let stateCount = flow.states.count
        var nodes = AnalysisNodes()
        var evaluations = Evaluations()
        var widenings: [(state: Int, node: Int)] = []
        var takenEdges = TakenEdges(counts: stateEdges.map { $0.count })
        var outcomeKnowledge: [Int: Knowledge] = [:]
        var handoffKnowledge: [Int: Knowledge] = [:]
        var links = NodeLinks()
        var mutates = self.mutates
        var opensSettings = self.opensSettings
        var mayRequest = self.mayRequest
        let top = top()

        // The nodes of each state while building, as (knowledge id << 32 | node) in the order
        // made: whether a state has a node for some knowledge is a scan of one short contiguous
        // list (at most knowledgeCap entries) once the knowledge's id is known, and knowledge no
        // node has yet needs no scan at all. (A chain through the nodes array, compared by value,
        // touched a random node per link: flowbench's one-graph row measured 2.1x linear wall
        // time from 1,000 to 10,000 states with it, 1.5x with these lists.)
        var lists = [[UInt64]](repeating: [], count: stateCount)
        var widened = [Bool](repeating: false, count: stateCount)
        func find(_ state: Int, _ id: Int32) -> Int? {
            let key = UInt64(UInt32(bitPattern: id))
            for entry in lists[state] where entry >> 32 == key { return Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) }
            return nil
        }
        /// Room for one more node in state `s`'s full list. Eight at the first: grown from one, a
        /// list was reallocated twice before a state's sixth node (the 300-flow profile file has
        /// about six a state). Then by half, not double, and never past the most a state can
        /// have (`nodeCap`, and the widened node): doubled, the lists of the 40,000-state graph
        /// held 26 MB for 15 MB of entries, at the peak of the run. Out of line, so that `node`
        /// stays small enough for the node append to be inlined into it.
        @inline(never)
        func makeRoom(in s: Int) {
            let used = lists[s].count
            lists[s].reserveCapacity(used == 0 ? 8 : max(used + 1, min(nodeCap + 1, used + used / 2)))
        }
        /// The node for (state, k), made if new; for an existing one its index when links are
        /// kept and -1 otherwise (nothing to expand). `nodes` and `widenings` are passed, not
        /// captured: captured, every access to them was checked at run time (`swift_beginAccess`,
        /// 1.3 M instructions on the lint profile).
        @discardableResult
        func node(
            _ state: StateID, _ k: Knowledge, parent: (Int, Int, StepCause)?, nodes: inout AnalysisNodes,
            widenings: inout [(state: Int, node: Int)]
        ) -> Int {
            let s = state.index
            var id = nodes.existingID(of: k)
            if let id, let i = find(s, id) { return recordsLinks ? i : -1 }
            var k = k
            if lists[s].count >= nodeCap {
                let t = nodes.id(of: top)
                let existing = find(s, t)
                // Knowledge that is "anything" already loses nothing by widening.
                if !widened[s], k != top {
                    widened[s] = true
                    widenings.append((s, existing ?? nodes.count))
                }
                k = top
                if let i = existing { return i }
                id = t
            }
            let kid = id ?? nodes.id(of: k)
            let i = nodes.count
            nodes.append(state: s, knowledge: k, id: kid, parent: parent.map { ($0.0, $0.1, $0.2) })
            if lists[s].count == lists[s].capacity { makeRoom(in: s) }
            lists[s].append(UInt64(UInt32(bitPattern: kid)) << 32 | UInt64(i))
            return i
        }

        node(flow.start, top, parent: nil, nodes: &nodes, widenings: &widenings)
        var evaluation = Evaluation()
        var head = 0
        while head < nodes.count {
            let n = head
            let state = nodes.state(n)
            let knowledge = nodes.knowledge(n)
            head += 1
            let handoff = handoffOutcomes[state]
            if handoff >= 0 {
                let o = Int(handoff)
                handoffKnowledge[o] = handoffKnowledge[o].map { $0.unionOfStatuses(knowledge) } ?? knowledge
            }
            switch statePlans[state] {
            case .request:
                mutates = true
                mayRequest = true
            case .openSettings:
                mutates = true
                opensSettings = true
            case .call(let callee):
                if let c = callees[callee] {
                    mutates = mutates || c.mutates
                    opensSettings = opensSettings || c.opensSettings
                    mayRequest = mayRequest || c.mayRequest
                }
            case .general:
                if case .request = program[id][StateID(state)].terminator {
                    mutates = true
                    mayRequest = true
                }
            default: break
            }
            evaluate(StateID(state), knowledge, callees: callees, into: &evaluation)
            for step in evaluation.steps {
                takenEdges.insert(step.edge, of: state)
                switch step.target {
                case .outcome(let o):
                    if recordsLinks { links.add(-1) }
                    if let old = outcomeKnowledge[o] {
                        outcomeKnowledge[o] = old.merged(with: step.knowledge)
                    } else {
                        outcomeKnowledge[o] = step.knowledge
                    }
                case .state(let t):
                    let target = node(
                        t, step.knowledge, parent: (n, step.edge, step.cause), nodes: &nodes, widenings: &widenings)
                    if recordsLinks { links.add(Int32(target)) }
                }
            }
            if recordsLinks { links.endNode() }
            evaluations.append(evaluation)
        }
        lists = []
        nodes.finish()
        evaluations.finish()
        return StatusFacts(
            nodes: nodes, nodesOfState: NodesOfState(nodes, states: stateCount), evaluations: evaluations,
            widenings: widenings, takenEdges: takenEdges, outcomeKnowledge: outcomeKnowledge,
            reachedOutcomes: outcomeKnowledge.keys.sorted(), handoffKnowledge: handoffKnowledge, links: links,
            mutates: mutates, opensSettings: opensSettings, mayRequest: mayRequest)
    }

    /// What the terminator of `stateID` does when the statuses are as `k` says, into `ev`, reusing
    /// its storage (the analysis evaluates every node it makes, and keeps the result for each in
    /// `evaluations`; `FlowAnalysis.evaluate` returns a new one).
    func evaluate(_ stateID: StateID, _ k: Knowledge, callees: [FlowAnalysis?], into ev: inout Evaluation) {
        ev.steps.removeAll(keepingCapacity: true)
        ev.unhandled = []
        ev.promptPossible = false
        ev.requestFrom = StatusSet()
        ev.unhandledOutcomes = []
        let s = stateID.index
        let edges = stateEdges[s]
        func step(_ e: Int, _ k: Knowledge, _ cause: StepCause) {
            ev.steps.append(AnalysisStep(edge: e, target: edges[e].transition.target, knowledge: k, cause: cause))
        }
        // Something the user sees ends a prompt's completion handler.
        var shown = k
        shown.promptFinishing = false
        switch statePlans[s] {
        case .goto:
            step(0, k, .goesOn)
        case .capability:
            step(0, k, .capability(present: true))
            step(1, k, .capability(present: false))
        case .variant(let arms):
            // Every variant is a user some install gets: each arm is a path like any other.
            for i in 0..<arms { step(i, k, .variant(i)) }
        case .alert(let buttons):
            for i in 0..<buttons { step(i, shown, .button(i)) }
        case .openSettings(let notificationsOnly):
            var after = shown
            for i in subjects.indices {
                // The user may have stayed away until the session ended: one-time grants end.
                after.set(.temporaryGrant, i, false)
                if notificationsOnly, subjects[i] != .kind(.notifications) { continue }
                after[i] = settingsResult(k[i], subject: i)
            }
            step(0, after, .settingsReturn)
        case .status(let subject, let table):
            evaluateStatus(subject: subject, table: table, edges: edges, k, into: &ev)
        case .request(let subject, let table, let always):
            evaluateRequest(state: s, subject: subject, table: table, always: always, edges: edges, k, into: &ev)
        case .general:
            switch program[id][stateID].terminator {
            case .status(let check):
                evaluateStatus(
                    state: s, refs: check.subjects, arms: check.arms, otherwise: check.otherwise, k, into: &ev)
            case .request(let request):
                evaluateRequest(
                    state: s, ref: request.subject, options: request.options, arms: request.arms,
                    otherwise: request.otherwise, k, into: &ev)
            default:
                preconditionFailure("state \(s) has a plan of its own")
            }
        case .call(let callee):
            // The plan built with the analysis, unless the caller passes other callee analyses.
            let p = callPlanOfState[s]
            if p >= 0, callPlans[Int(p)].callee === callees[callee] {
                evaluateCall(callPlans[Int(p)], k, into: &ev)
            } else {
                guard case .call(let call) = program[id][stateID].terminator else {
                    preconditionFailure("state \(s) is not a call")
                }
                evaluateCall(callPlan(call, callee: callees[callee]), k, into: &ev)
            }
        }
        // A limited state may be skipped: its `else` edge is the state's last, after the
        // terminator's, and nothing is shown on it, so what is known does not change.
        if let last = edges.last, last.kind == .limitElse { step(edges.count - 1, k, .limitNotDue) }
    }

    func settingsChoices(_ ref: PermissionRef) -> StatusSet {
        StatusSet(kinds(of: ref).flatMap(\.settingsChoices))
    }

    /// What a subject may be after a visit to Settings, as the simulated device's page offers it:
    /// a `restricted` status has no choices (Screen Time or MDM), and a kind the app never asked
    /// for has no switch yet, so a notDetermined status stays (reference, correction 9). Location
    /// and tracking can be notDetermined after a request ("Allow Once" ended, "Ask Next Time", a
    /// tracking request dropped while another prompt finished), when their switch is shown
    /// (`hasSwitchWhileUndetermined`): those keep every choice. A refusing user changes nothing.
    func settingsResult(_ before: StatusSet, subject i: Int) -> StatusSet {
        if refusing { return before }
        let switchWhileUndetermined = settingsSwitchWhileUndetermined[i]
        let changeable = before.contains { s in
            s.statusClass != .restricted && (s.statusClass != .notDetermined || switchWhileUndetermined)
        }
        return changeable ? before.union(choices[i]) : before
    }

    /// A check of `state` read from the program (`StatePlan.general`): a tuple check, or one whose
    /// arms do not fit a table.
    func evaluateStatus(
        state: Int, refs: [PermissionRef], arms: [StatusArm], otherwise: FlowTransition?,
        _ k: Knowledge, into ev: inout Evaluation
    ) {
        if refs.count == 1 {
            evaluateStatus(
                subject: subjectIndex(refs[0]), table: nil, arms: arms, hasOtherwise: otherwise != nil,
                edges: stateEdges[state], k, into: &ev)
            return
        }
        let idx = refs.map { subjectIndex($0) }
        let otherwiseEdge = arms.count
        if FlowAnalysis.combinations(of: idx, in: k) > FlowAnalysis.tupleCap {
            for i in arms.indices {
                ev.steps.append(
                    AnalysisStep(edge: i, target: arms[i].transition.target, knowledge: k, cause: .statusUnknown))
            }
            if let o = otherwise {
                ev.steps.append(
                    AnalysisStep(edge: otherwiseEdge, target: o.target, knowledge: k, cause: .statusUnknown))
            }
            return
        }
        let sets = idx.map { Array(k[$0]) }
        // Per edge: whether a tuple goes there, and the statuses of each position that do.
        var hit = [Bool](repeating: false, count: arms.count + 1)
        var projected = [StatusSet](repeating: StatusSet(), count: (arms.count + 1) * idx.count)
        var tuple = [Status]()
        func visit(_ i: Int) {
            if i == sets.count {
                let e: Int
                if let a = arms.firstIndex(where: { arm in
                    arm.patterns.contains { p in zip(p, tuple).allSatisfy { $0.matches($1) } }
                }) {
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
            for s in sets[i] {
                tuple.append(s)
                visit(i + 1)
                tuple.removeLast()
            }
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

    /// A check of one subject, the usual case, without the tuple enumeration's arrays: each
    /// status takes the edge its arm `table` says (`StatePlan.status`), or without a table the edge
    /// `arms` give; the statuses taking each edge are collected as bits, in a buffer on the stack.
    func evaluateStatus(
        subject: Int, table: Int?, arms: [StatusArm] = [], hasOtherwise: Bool = false, edges: [FlowEdge],
        _ k: Knowledge, into ev: inout Evaluation
    ) {
        let set = k[subject]
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: edges.count) { projected in
            projected.initialize(repeating: 0)
            for status in set {
                let e =
                    table.map { armTables.edge($0, status) }
                    ?? ArmTables.edge(of: status, arms: arms, hasOtherwise: hasOtherwise)
                if e < 0 {
                    ev.unhandled.append([status])
                    continue
                }
                projected[e] |= 1 << UInt32(status.ordinal)
            }
            for e in projected.indices where projected[e] != 0 {
                var after = k
                after[subject] = set.intersection(StatusSet(bits: projected[e]))
                if tracksObserved { after.set(.observed, subject) }
                ev.steps.append(
                    AnalysisStep(
                        edge: e, target: edges[e].transition.target, knowledge: after,
                        cause: .status(after: after)))
            }
        }
    }
}
