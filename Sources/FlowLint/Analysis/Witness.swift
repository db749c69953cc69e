import FlowModel
import FlowSyntax

/// One step of a witness path: what happened, and where in the source it happened.
public struct WitnessStep: Hashable, Sendable {
    public var message: String
    public var range: SourceRange?
    public init(_ message: String, at range: SourceRange?) {
        self.message = message
        self.range = range
    }
}

/// The path that shows a finding: the shortest path from the flow's start, held as a node of the
/// flow's shortest-path tree (the status analysis's BFS parents, or the plain graph's when the
/// analysis never reaches the state). One tree serves every finding of a flow; a witness is put
/// into words only when it is shown, and showing its first and last steps costs the same however
/// long it is (a 40,000-state flow has witnesses of thousands of steps, and rendering each in full
/// made linting quadratic).
public struct Witness: Hashable, Sendable {
    /// Steps shown before and after the elided middle of a long witness (`abridged`); a witness of
    /// at most `headLength + tailLength` steps is shown whole.
    public static let headLength = 25
    public static let tailLength = 25

    enum End: Hashable {
        /// An analysis node.
        case node(Int)
        /// A state reached in the plain graph only.
        case state(Int)
    }

    let source: WitnessSource?
    let end: End
    /// How many steps the witness has: the start, one per edge taken, and the arrival.
    public let count: Int
    /// The end's ancestor at depth `min(depth, headLength)` (the end itself when shallower), of
    /// the same kind as the end: the first steps are read up from here without walking the
    /// whole path. Found by `WitnessBuilder` when the witness is made.
    let anchor: Int
    /// Steps taken on from the end instead of arriving there (`continued(by:)`): the way round a
    /// loop back to the end, ending with the arrival. Empty for a plain path.
    let loop: [WitnessStep]

    /// No witness (the finding is not about a path).
    public static let none = Witness(source: nil, end: .state(0), count: 0, anchor: 0)

    init(source: WitnessSource?, end: End, count: Int, anchor: Int, loop: [WitnessStep] = []) {
        self.source = source
        self.end = end
        self.count = count
        self.anchor = anchor
        self.loop = loop
    }

    public var isEmpty: Bool { count == 0 }

    /// The same path, going on from its end by `more` (which ends with an arrival) instead of
    /// arriving there: a loop's witness shows the way round as well as the way in.
    func continued(by more: [WitnessStep]) -> Witness {
        guard source != nil, loop.isEmpty, !more.isEmpty else { return self }
        return Witness(source: source, end: end, count: count - 1 + more.count, anchor: anchor, loop: more)
    }

    /// The steps before `loop`: the start and one per edge into the end (no arrival).
    var pathSteps: Int { loop.isEmpty ? count - 1 : count - loop.count }

    /// Every step, in order (as long as the path: for machine output on request and for tests).
    public var steps: [WitnessStep] {
        guard let source else { return [] }
        var links = source.ancestors(of: end, count: pathSteps - 1)
        links.reverse()
        let path = [source.startStep()] + links.map(source.step(into:))
        return path + (loop.isEmpty ? [source.arrival(end)] : loop)
    }

    /// The first and last steps of a witness longer than `head + tail` steps and how many are left
    /// out between them; the whole witness (nothing omitted) otherwise. Costs `head + tail` steps
    /// whatever the witness's length, for `head` up to `headLength`.
    public func abridged(head: Int = Witness.headLength, tail: Int = Witness.tailLength)
        -> (head: [WitnessStep], omitted: Int, tail: [WitnessStep])
    {
        guard let source, count > head + tail, head >= 1, tail >= 1, head <= Witness.headLength else {
            return (steps, 0, [])
        }
        // The steps after the path: the arrival, or the way round a loop.
        let after = loop.isEmpty ? [source.arrival(end)] : loop
        // Head: the start, then the links into depths 1 ..< head, read up from the anchor (or
        // the whole path and the first of `after` when the path is shorter than the head).
        let headSteps: [WitnessStep]
        if pathSteps >= head {
            var top = source.ancestors(from: source.link(of: end, index: anchor), below: head)
            top.reverse()
            headSteps = [source.startStep()] + top.map(source.step(into:))
        } else {
            var links = source.ancestors(of: end, count: pathSteps - 1)
            links.reverse()
            headSteps =
                [source.startStep()] + links.map(source.step(into:)) + after.prefix(head - pathSteps)
        }
        // Tail: the links into the last depths, then `after` (or only its last steps).
        guard after.count < tail else { return (headSteps, count - head - tail, Array(after.suffix(tail))) }
        var bottom = source.ancestors(of: end, count: tail - after.count)
        bottom.reverse()
        return (headSteps, count - head - tail, bottom.map(source.step(into:)) + after)
    }

    public static func == (a: Witness, b: Witness) -> Bool {
        a.count == b.count && a.end == b.end && a.source === b.source && a.loop == b.loop
    }

    public func hash(into h: inout Hasher) {
        h.combine(end)
        h.combine(count)
        h.combine(loop)
        if let source { h.combine(ObjectIdentifier(source)) }
    }
}

/// One flow's analysis, shared by the witnesses of its findings. Immutable, so it is Sendable.
final class WitnessSource: Sendable {
    let analysis: FlowAnalysis
    init(_ analysis: FlowAnalysis) { self.analysis = analysis }

    /// A link of the tree: a node, or a state of the graph tree (the same kind as the end).
    enum Link {
        case node(Int)
        case state(Int)
    }

    func parent(_ link: Link) -> Link? {
        switch link {
        case .node(let n):
            let p = analysis.nodes.parentIndex(n)
            return p < 0 ? nil : .node(p)
        case .state(let s): return analysis.graphParent[s].map { .state($0.state) }
        }
    }

    func link(_ end: Witness.End) -> Link {
        switch end {
        case .node(let n): .node(n)
        case .state(let s): .state(s)
        }
    }

    /// Link `index` of the same kind as `end`.
    func link(of end: Witness.End, index: Int) -> Link {
        switch end {
        case .node: .node(index)
        case .state: .state(index)
        }
    }

    /// The end and up to `count - 1` of its ancestors, nearest first (stops at the root, which
    /// has no step into it).
    func ancestors(of end: Witness.End, count: Int) -> [Link] {
        var out: [Link] = []
        out.reserveCapacity(max(count, 0))
        var current: Link? = link(end)
        while out.count < count, let c = current, parent(c) != nil {
            out.append(c)
            current = parent(c)
        }
        return out
    }

    /// The ancestors of `link` (itself included) whose depth is below `depth`, nearest first, not
    /// counting the root. `link` is an anchor, so the walk is at most `Witness.headLength` long.
    func ancestors(from link: Link, below depth: Int) -> [Link] {
        var out: [Link] = []
        var d =
            switch link {
            case .node(let n): analysis.nodes.depth(n)
            case .state(let s): analysis.graphDepth[s]
            }
        var current: Link? = link
        while let c = current, parent(c) != nil {
            if d < depth { out.append(c) }
            current = parent(c)
            d -= 1
        }
        return out
    }

    func startStep() -> WitnessStep {
        let flow = analysis.flow
        let first = flow.states[flow.start.index]
        return WitnessStep("flow '\(flow.name)' starts at '\(first.name)'", at: first.nameRange)
    }

    /// The step taken into `link` from its parent.
    func step(into link: Link) -> WitnessStep {
        let flow = analysis.flow
        switch link {
        case .node(let n):
            let parent = analysis.nodes[n].parent!
            let from = analysis.nodes[parent.node].state.index
            let state = flow.states[from]
            let words = analysis.describe(
                parent.cause, edge: parent.edge, state: from, before: analysis.nodes[parent.node].knowledge)
            return WitnessStep(
                "in '\(state.name)': \(words)",
                at: analysis.stateEdges[from][parent.edge].transition.range)
        case .state(let s):
            let (from, edge) = analysis.graphParent[s]!
            let state = flow.states[from]
            let e = analysis.stateEdges[from][edge]
            return WitnessStep(
                "in '\(state.name)': \(FlowAnalysis.describe(e, in: state, program: analysis.program, flow: flow))",
                at: e.transition.range)
        }
    }

    func arrival(_ end: Witness.End) -> WitnessStep {
        let flow = analysis.flow
        switch end {
        case .node(let n):
            let node = analysis.nodes[n]
            let state = flow.states[node.state.index]
            return WitnessStep(
                "reaches '\(state.name)'" + analysis.knowledgeSuffix(node.knowledge), at: state.nameRange)
        case .state(let s):
            return WitnessStep("reaches '\(flow.states[s].name)'", at: flow.states[s].nameRange)
        }
    }
}

/// Hands out the witnesses of one flow's findings, all sharing one `WitnessSource`.
public struct WitnessBuilder {
    public let analysis: FlowAnalysis
    private let source: WitnessSource
    /// Anchors found so far, for nodes whose depth is a multiple of `anchorStride` (past the
    /// head): a witness's anchor is found by walking up to the nearest such node and, when it is
    /// not known yet, on from there, so the witnesses of one builder walk each node at most once
    /// beyond `anchorStride` steps each, however many share a long path.
    private var anchors: [Int32: Int32] = [:]
    static let anchorStride = 32

    public init(_ analysis: FlowAnalysis) {
        self.analysis = analysis
        self.source = WitnessSource(analysis)
    }

    /// The shortest path from the start to `node`.
    public mutating func witness(to node: Int) -> Witness {
        let depth = analysis.nodes.depth(node)
        return Witness(source: source, end: .node(node), count: depth + 2, anchor: anchor(of: node, depth: depth))
    }

    /// The ancestor of `node` at depth `min(depth, Witness.headLength)`.
    mutating func anchor(of node: Int, depth: Int) -> Int {
        let nodes = analysis.nodes
        var current = node
        var d = depth
        var unknown: [Int32] = []
        var found: Int?
        while d > Witness.headLength {
            if d % Self.anchorStride == 0 {
                if let a = anchors[Int32(current)] {
                    found = Int(a)
                    break
                }
                unknown.append(Int32(current))
            }
            current = nodes.parentIndex(current)
            d -= 1
        }
        let anchor = found ?? current
        for n in unknown { anchors[n] = Int32(anchor) }
        return anchor
    }

    /// (state, knowledge) pairs `witness(to:aroundLimitLoop:callees:)` visits before it gives up.
    static let loopWalkLimit = 4096
    /// Nodes of a limited state tried in turn by `witness(toLimited:aroundLimitLoop:callees:)`.
    static let loopNodeLimit = 8

    /// The first of the first `loopNodeLimit` nodes of limited state `s` (shortest first) from
    /// which the way round `loop` comes back (what is known on the way in decides the checks on
    /// the way round); the plain witness to its first node when none does.
    public mutating func witness(toLimited s: StateID, aroundLimitLoop loop: Set<Int>, callees: [FlowAnalysis?])
        -> Witness
    {
        let nodes = analysis.nodesOfState[s.index].prefix(Self.loopNodeLimit)
        for n in nodes {
            let w = witness(to: n, aroundLimitLoop: loop, callees: callees)
            if !w.loop.isEmpty { return w }
        }
        return witness(toState: s)
    }

    /// The way to `node`, a node of a limited state, then on through that state's limit `else`
    /// ("not due") and round the states of `loop` back to it: the spin FL1103 reports. Each step
    /// is the analysis's own from what is known at `node` (so it names the branch taken); a
    /// limited state of the loop passes by its `else` only. The plain witness to `node` when no
    /// such way comes back within `loopWalkLimit` pairs.
    public mutating func witness(to node: Int, aroundLimitLoop loop: Set<Int>, callees: [FlowAnalysis?]) -> Witness {
        let base = witness(to: node)
        let flow = analysis.flow
        let start = analysis.nodes[node].state.index
        var queue: [(state: Int, knowledge: Knowledge, parent: Int, step: WitnessStep?)] = [
            (start, analysis.nodes[node].knowledge, -1, nil)
        ]
        var visited: [Int: Set<Knowledge>] = [:]
        var head = 0
        while head < queue.count, head < Self.loopWalkLimit {
            let (s, k, _, _) = queue[head]
            let current = head
            head += 1
            for next in analysis.evaluate(StateID(s), k, callees: callees).steps {
                guard case .state(let t) = next.target, loop.contains(t.index) else { continue }
                if flow.states[s].limit != nil, next.cause != .limitNotDue { continue }
                let words = analysis.describe(next.cause, edge: next.edge, state: s, before: k)
                let step = WitnessStep(
                    "in '\(flow.states[s].name)': \(words)", at: analysis.stateEdges[s][next.edge].transition.range)
                if t.index == start {
                    var way = [step]
                    var i = current
                    while let earlier = queue[i].step {
                        way.append(earlier)
                        i = queue[i].parent
                    }
                    way.reverse()
                    let state = flow.states[start]
                    let arrival = WitnessStep(
                        "reaches '\(state.name)' again" + analysis.knowledgeSuffix(next.knowledge)
                            + ", still not due: the same steps repeat", at: state.nameRange)
                    return base.continued(by: way + [arrival])
                }
                if visited[t.index, default: []].insert(next.knowledge).inserted {
                    queue.append((t.index, next.knowledge, current, step))
                }
            }
        }
        return base
    }

    /// A witness to the first (shortest) node of a state, or a graph path when the analysis never
    /// reaches it but the plain graph does; none when the state is unreachable.
    public mutating func witness(toState s: StateID) -> Witness {
        if let n = analysis.nodesOfState[s.index].first { return witness(to: n) }
        guard analysis.graphReachable[s.index] else { return .none }
        return Witness(
            source: source, end: .state(s.index), count: analysis.graphDepth[s.index] + 2,
            anchor: analysis.graphAnchor[s.index])
    }
}

extension FlowAnalysis {
    /// The shortest path from the start to `node`. Rules that report several findings in one flow
    /// use one `WitnessBuilder`, which shares what the witnesses need.
    public func witness(to node: Int) -> Witness {
        var builder = WitnessBuilder(self)
        return builder.witness(to: node)
    }

    /// A witness to the first (shortest) node of a state (see `WitnessBuilder.witness(toState:)`).
    public func witness(toState s: StateID) -> Witness {
        var builder = WitnessBuilder(self)
        return builder.witness(toState: s)
    }

    /// A step in words, naming the branch taken and where it goes: `status camera = denied →
    /// explain`, `cancel "Not Now" → done denied`, `request camera: Don't Allow → check`.
    public func describe(_ cause: StepCause, edge: Int, from stateID: StateID) -> String {
        describe(cause, edge: edge, state: stateID.index)
    }

    /// A step out of `state` (a state of this flow) along `edge`, in words.
    ///
    /// With `before` (what was known when the step was taken), a tuple check names the status
    /// combinations that take this branch, as exploration would decide them: `status (camera,
    /// photos) = (notDetermined, authorized) or (denied, notDetermined) (else) → both_needed`.
    func describe(_ cause: StepCause, edge: Int, state index: Int, before: Knowledge? = nil) -> String {
        let state = program[id].states[index]
        let edges = stateEdges[index]
        let to = edges.indices.contains(edge) ? " → " + targetName(edges[edge].transition.target) : ""
        switch (cause, state.terminator) {
        case (.goesOn, _): return "goes on" + to
        case (.limitNotDue, _): return (state.limit?.notDueWords ?? "limit: not due") + to
        case (.variant(let i), .variant(let branch)):
            let experiment = program[id].experiments[branch.experiment]
            return "variant \(experiment.name) = \(experiment.variants[branch.arms[i].variant].name)" + to
        case (.capability(let present), .capability(let check)):
            let (yes, no) = check.capability.armNames
            return "capability \(check.capability.rawValue) = \(present ? yes : no)" + to
        case (.button(let i), .alert(let alert)):
            return Self.button(alert.buttons[i], program: program) + to
        case (.settingsReturn, .openSettings(let open)):
            let relaunch = subjects.contains { kinds(of: $0).contains(where: \.settingsChangeTerminatesApp) }
            return "back from Settings, where the user may have changed a switch"
                + (relaunch && open.page == .settings ? " (iOS relaunches the app if one did)" : "") + to
        case (.status(let after), .status(let check)):
            let refs = check.subjects
            var value =
                refs.count == 1
                ? after[subjectIndex(refs[0])].phrase
                : "(" + refs.map { after[subjectIndex($0)].phrase }.joined(separator: "; ") + ")"
            if refs.count > 1, let before {
                let (shown, more) = combinations(taking: edge, of: check, before: before)
                if !shown.isEmpty {
                    value =
                        shown.map { "(" + $0.map(\.rawValue).joined(separator: ", ") + ")" }.joined(separator: " or ")
                        + (more > 0 ? " or \(more) more" : "")
                }
            }
            let names = refs.count == 1 ? name(of: refs[0]) : "(" + refs.map(name(of:)).joined(separator: ", ") + ")"
            let branch = edge < check.arms.count ? "" : " (else)"
            return "status \(names) = \(value)\(branch)" + to
        case (.statusUnknown, _): return "status not narrowed (too many combinations)" + to
        case (.request(let ref, let note, let r), _):
            let how: String
            switch note {
            case .prompt(let s, let label):
                how = s == .notDetermined || s == .undetermined ? label : "\(label) (prompt shown while \(s.rawValue))"
            case .upgradeOffered(let s): how = "no prompt (the upgrade was offered before), stays \(s.rawValue)"
            case .upgradeIgnored(let s, let temporary):
                how =
                    temporary
                    ? "no prompt (iOS ignores the upgrade for an 'Allow Once' grant), stays \(s.rawValue)"
                    : "no prompt (requestAlwaysAuthorization() was already called), stays \(s.rawValue)"
            case .immediate(let s, let result):
                how =
                    s == result
                    ? "no prompt (already \(s.rawValue))" : "no prompt, \(s.rawValue) becomes \(result.rawValue)"
            case .notActive: how = "no prompt (the app is not active), returns \(r.rawValue)"
            }
            return "request \(name(of: ref)): \(how)" + to
        case (.callOutcome(let o), .call(let call)):
            let calleeFlow = program[call.callee]
            return "call \(calleeFlow.name) ends \(calleeFlow.outcomes[o].name)" + to
        default:
            preconditionFailure("step cause \(cause) does not belong to the terminator of state '\(state.name)'")
        }
    }

    /// Combinations shown per tuple step; the rest are counted.
    static let shownCombinations = 3

    /// The first `shownCombinations` status tuples that take branch `edge` of `check` when the
    /// statuses are as `before` says (arms in order, first match wins), and how many more do.
    /// Enumerates at most `tupleCap` tuples.
    func combinations(
        taking edge: Int, of check: StatusCheck, before: Knowledge,
        where keep: ([Status]) -> Bool = { _ in true }
    ) -> (shown: [[Status]], more: Int) {
        let sets = check.subjects.map { Array(before[subjectIndex($0)]) }
        guard sets.reduce(1, { $0 * $1.count }) <= Self.tupleCap else { return ([], 0) }
        var shown: [[Status]] = []
        var more = 0
        var tuple: [Status] = []
        func visit(_ i: Int) {
            if i == sets.count {
                let taken =
                    check.arms.firstIndex { arm in
                        arm.patterns.contains { p in zip(p, tuple).allSatisfy { $0.matches($1) } }
                    }
                    ?? check.arms.count
                guard taken == edge, keep(tuple) else { return }
                if shown.count < Self.shownCombinations { shown.append(tuple) } else { more += 1 }
                return
            }
            for s in sets[i] {
                tuple.append(s)
                visit(i + 1)
                tuple.removeLast()
            }
        }
        visit(0)
        return (shown, more)
    }

    /// `explain` or `done denied`.
    func targetName(_ target: Target) -> String {
        switch target {
        case .state(let t): program[id].states[t.index].name
        case .outcome(let o): "done " + program[id].outcomes[o].name
        }
    }

    /// A button as written: `cancel "Not Now"`.
    static func button(_ b: FlowButton, program: Program) -> String {
        let role =
            switch b.role {
            case .default: "button"
            case .cancel: "cancel"
            case .destructive: "destructive"
            }
        return "\(role) \"\(program.baseText(b.label))\""
    }

    func knowledgeSuffix(_ k: Knowledge) -> String {
        let parts = subjects.indices.compactMap { i -> String? in
            let domain = domains[i]
            guard k[i] != domain, !k[i].isEmpty else { return nil }
            return "\(name(of: subjects[i])) is \(k[i].phrase)"
        }
        return parts.isEmpty ? "" : " where " + parts.joined(separator: ", ")
    }

    /// An edge of the plain graph in words (no knowledge: the analysis never reached it).
    static func describe(_ e: FlowEdge, in state: FlowState, program: Program, flow: Flow) -> String {
        let to: String
        switch e.transition.target {
        case .state(let t): to = " → " + flow.states[t.index].name
        case .outcome(let o): to = " → done " + flow.outcomes[o].name
        }
        switch (e.kind, state.terminator) {
        case (.button(let i), .alert(let a)): return button(a.buttons[i], program: program) + to
        case (.capability(let yes), .capability(let check)):
            return
                "capability \(check.capability.rawValue) = \(yes ? check.capability.armNames.yes : check.capability.armNames.no)"
                + to
        case (.settingsReturn, _): return "back from Settings" + to
        case (.limitElse, _): return (state.limit?.notDueWords ?? "limit: not due") + to
        case (.arm(let i), .status(let check)):
            return "status \(check.subjects.map { name(of: $0) }.joined(separator: ", ")) = \(check.arms[i].spelling)"
                + to
        case (.arm(let i), .request(let request)):
            return "request \(name(of: request.subject)): \(request.arms[i].spelling)" + to
        case (.arm(let i), .call(let call)):
            let callee = program[call.callee]
            return
                "call \(callee.name) ends \(call.arms[i].outcomes.map { callee.outcomes[$0].name }.joined(separator: ", "))"
                + to
        case (.arm(let i), .variant(let branch)):
            let experiment = flow.experiments[branch.experiment]
            return "variant \(experiment.name) = \(experiment.variants[branch.arms[i].variant].name)" + to
        case (.otherwise, _): return "else" + to
        default: return "goes on" + to
        }
    }
}

extension Limit {
    /// The limit's "not now" in a witness, with the reason exploration gives first for it (used
    /// up with `N times`, else shown today with `every N days`) in the transcript's words:
    /// `limit 3 times: not due, limit reached (shown 3 of 3 times)`; `flowrun --explore` names
    /// the same decision `shown prime 3 0` (or `shown prime 1 0`).
    var notDueWords: String {
        let refusal: Refusal =
            if let times { .usedUp(shown: times, of: times) } else { .tooSoon(daysAgo: 0, every: everyDays ?? 1) }
        return "limit \(clauseText): not due, \(refusal.description)"
    }
}
