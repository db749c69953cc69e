import FlowModel
import FlowSyntax

/// One way out of a state: which part of the terminator it is and where it goes.
public struct Edge: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case goto
        case capability(present: Bool)
        /// A `status`, `request` or `call` arm, by index.
        case arm(Int)
        /// The `else` arm (or the `-> s` of `request k -> s`).
        case otherwise
        case button(Int)
        case settingsReturn
    }
    public var kind: Kind
    public var transition: Transition
}

extension Terminator {
    /// Every way out, in source order; `Edge` indices below refer to this list.
    public var edges: [Edge] {
        switch self {
        case .goto(let t): return [Edge(kind: .goto, transition: t)]
        case .capability(_, let p, let a, _):
            return [Edge(kind: .capability(present: true), transition: p), Edge(kind: .capability(present: false), transition: a)]
        case .status(_, let arms, let otherwise, _), .request(_, _, let arms, let otherwise, _):
            return arms.enumerated().map { Edge(kind: .arm($0), transition: $1.transition) }
                + (otherwise.map { [Edge(kind: .otherwise, transition: $0)] } ?? [])
        case .call(_, _, let arms, let otherwise, _):
            return arms.enumerated().map { Edge(kind: .arm($0), transition: $1.transition) }
                + (otherwise.map { [Edge(kind: .otherwise, transition: $0)] } ?? [])
        case .alert(let a): return a.buttons.enumerated().map { Edge(kind: .button($0), transition: $1.transition) }
        case .openSettings(_, let t, _): return [Edge(kind: .settingsReturn, transition: t)]
        }
    }
}

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
}

/// One step of a witness path: what happened, and where in the source it happened.
public struct WitnessStep: Hashable, Sendable {
    public var message: String
    public var range: SourceRange?
    public init(_ message: String, at range: SourceRange?) {
        self.message = message
        self.range = range
    }
}

/// Everything the rules need to know about one flow: its graph through subflows, reachability,
/// components, and the path-sensitive status facts with BFS parents for witnesses.
public struct FlowAnalysis: Sendable {
    public let id: FlowID
    /// The permissions the analysis tracks: the `uses` kinds, then the permission parameters.
    public let subjects: [PermissionRef]
    /// For each state, the indices of the edges that can be taken in the plain graph (a call arm
    /// only when the callee can end with one of its outcomes).
    public private(set) var graphEdges: [[Int]] = []
    public private(set) var graphReachable: [Bool] = []
    /// Graph BFS parent (state, edge) for states reachable from the start.
    public private(set) var graphParent: [(state: Int, edge: Int)?] = []
    /// Outcome indices some graph path reaches.
    public private(set) var graphOutcomes: Set<Int> = []
    /// Whether an outcome can be reached from the state.
    public private(set) var canReachOutcome: [Bool] = []
    public private(set) var components: StronglyConnectedComponents
    /// Whether a state issues a request, directly or through a call into a flow that may.
    public private(set) var requests: [Bool] = []
    /// Whether a request (see `requests`) can be reached from the state through anything.
    public private(set) var canReachRequest: [Bool] = []
    /// Whether a request can be reached from the state without passing an alert or a Settings
    /// visit (the state itself must not be one): a button leading there is a priming button.
    public private(set) var reachesRequestDirectly: [Bool] = []

    /// `terminator.edges` of each state, built once: rules and the analysis index them for
    /// every node and witness step, and rebuilding the array each time was a tenth of linting.
    public private(set) var stateEdges: [[Edge]] = []

    public private(set) var nodes: [AnalysisNode] = []
    public private(set) var nodesOfState: [[Int]] = []
    /// What `evaluate` found at each node (index as `nodes`), without its steps: rules read
    /// these facts instead of evaluating the same node again.
    public private(set) var evaluations: [Evaluation] = []
    /// Edges taken by at least one reachable node, per state.
    public private(set) var takenEdges: [EdgeSet] = []
    /// Outcomes some feasible path reaches, with what is known about each subject there.
    public private(set) var outcomeKnowledge: [Int: Knowledge] = [:]
    /// The keys of `outcomeKnowledge`, sorted: what a caller branches on.
    public private(set) var reachedOutcomes: [Int] = []
    /// Whether running the flow may change a status (a request or a visit to Settings).
    public private(set) var mutates = false
    public private(set) var opensSettings = false
    public private(set) var mayRequest = false

    /// Most distinct knowledge values kept per state before widening to "anything": bounds the
    /// analysis to states × this constant.
    static let knowledgeCap = 64
    /// Largest tuple product enumerated exactly; bigger checks are not refined.
    static let tupleCap = 4096

    let program: Program

    public var flow: Flow { program[id] }
    public var semanticReachable: [Bool] { nodesOfState.map { !$0.isEmpty } }

    /// For each permission parameter: the kinds callers pass (empty: any kind).
    let parameterKinds: [Int: Set<PermissionKind>]
    /// `domain(of:)` and `settingsChoices(_:)` of each subject, by subject index.
    private var domains: [StatusSet] = []
    private var choices: [StatusSet] = []

    init(program: Program, id: FlowID, callees: [FlowAnalysis?], parameterKinds: [Int: Set<PermissionKind>] = [:]) {
        self.program = program
        self.id = id
        self.parameterKinds = parameterKinds
        let flow = program[id]
        var subjects = flow.uses.map(PermissionRef.kind)
        for (i, p) in flow.parameters.enumerated() where p.kind == .permission { subjects.append(.parameter(i)) }
        for state in flow.states {
            switch state.terminator {
            case .status(let refs, _, _, _): for r in refs where !subjects.contains(r) { subjects.append(r) }
            case .request(let r, _, _, _, _): if !subjects.contains(r) { subjects.append(r) }
            default: break
            }
        }
        self.subjects = subjects
        self.components = StronglyConnectedComponents(count: 0) { _ in [] }
        self.stateEdges = flow.states.map(\.terminator.edges)
        self.domains = subjects.map(domain(of:))
        self.choices = subjects.map(settingsChoices)
        buildGraph(callees: callees)
        runStatusAnalysis(callees: callees)
    }

    func subjectIndex(_ ref: PermissionRef) -> Int { subjects.firstIndex(of: ref)! }

    // MARK: graph

    private mutating func buildGraph(callees: [FlowAnalysis?]) {
        let flow = program[id]
        let n = flow.states.count
        graphEdges = flow.states.indices.map { s in
            let state = flow.states[s]
            let edges = stateEdges[s]
            guard case .call(let callee, _, let arms, _, _) = state.terminator, let c = callees[callee.index] else {
                return Array(edges.indices)
            }
            let covered = Set(arms.flatMap(\.outcomes))
            return edges.indices.filter { i in
                switch edges[i].kind {
                case .arm(let a): !c.graphOutcomes.isDisjoint(with: arms[a].outcomes)
                default: !c.graphOutcomes.subtracting(covered).isEmpty
                }
            }
        }
        requests = flow.states.map { state in
            switch state.terminator {
            case .request: true
            case .call(let callee, _, _, _, _): callees[callee.index]?.mayRequest ?? true
            default: false
            }
        }
        graphReachable = [Bool](repeating: false, count: n)
        graphParent = [(state: Int, edge: Int)?](repeating: nil, count: n)
        var queue = [flow.start.index]
        graphReachable[flow.start.index] = true
        var head = 0
        while head < queue.count {
            let s = queue[head]; head += 1
            if requests[s] { mayRequest = true }
            let edges = stateEdges[s]
            for e in graphEdges[s] {
                switch edges[e].transition.target {
                case .outcome(let o): graphOutcomes.insert(o)
                case .state(let t):
                    if !graphReachable[t.index] {
                        graphReachable[t.index] = true
                        graphParent[t.index] = (s, e)
                        queue.append(t.index)
                    }
                }
            }
        }
        // Backwards from every state with an exit.
        var predecessors = [[Int]](repeating: [], count: n)
        canReachOutcome = [Bool](repeating: false, count: n)
        var work: [Int] = []
        for s in 0..<n {
            let edges = stateEdges[s]
            for e in graphEdges[s] {
                switch edges[e].transition.target {
                case .outcome: if !canReachOutcome[s] { canReachOutcome[s] = true; work.append(s) }
                case .state(let t): predecessors[t.index].append(s)
                }
            }
        }
        while let s = work.popLast() {
            for p in predecessors[s] where !canReachOutcome[p] {
                canReachOutcome[p] = true
                work.append(p)
            }
        }
        // Backwards from every request, once per flow: the priming rules ask this per button.
        canReachRequest = requests
        reachesRequestDirectly = requests
        work = (0..<n).filter { requests[$0] }
        while let s = work.popLast() {
            for p in predecessors[s] where !canReachRequest[p] {
                canReachRequest[p] = true
                work.append(p)
            }
        }
        work = (0..<n).filter { requests[$0] }
        while let s = work.popLast() {
            for p in predecessors[s] where !reachesRequestDirectly[p] {
                switch flow.states[p].terminator {
                case .alert, .openSettings: continue
                default: break
                }
                reachesRequestDirectly[p] = true
                work.append(p)
            }
        }
        let successors = (0..<n).map { s in
            let edges = stateEdges[s]
            return graphEdges[s].compactMap { e -> Int? in
                if case .state(let t) = edges[e].transition.target { return t.index }
                return nil
            }
        }
        components = StronglyConnectedComponents(count: n) { successors[$0] }
    }

    /// Statuses a subject can have when nothing is known.
    func top() -> Knowledge { Knowledge(sets: domains) }

    /// The kinds `ref` may be: its own, or for a parameter the kinds callers pass (every kind
    /// when no caller is known, as for a flow an app runs directly).
    public func kinds(of ref: PermissionRef) -> [PermissionKind] {
        switch ref {
        case .kind(let k): return [k]
        case .parameter(let p):
            guard let known = parameterKinds[p], !known.isEmpty else { return PermissionKind.allCases }
            return PermissionKind.allCases.filter(known.contains)
        }
    }

    /// Every status `ref` can have in this flow.
    public func domain(of ref: PermissionRef) -> StatusSet {
        if case .kind = ref { return StatusSet.domain(of: ref) }
        return StatusSet(kinds(of: ref).flatMap(\.statuses))
    }

    // MARK: status analysis

    private mutating func runStatusAnalysis(callees: [FlowAnalysis?]) {
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
        func node(_ state: StateID, _ k: Knowledge, parent: (Int, Int, StepCause)?) {
            if known(state, k) { return }
            var k = k
            if nodesOfState[state.index].count >= Self.knowledgeCap {
                k = top
                if known(state, k) { return }
            }
            let i = nodes.count
            nodes.append(AnalysisNode(state: state, knowledge: k, parent: parent.map { ($0.0, $0.1, $0.2) }))
            nodesOfState[state.index].append(i)
        }

        node(flow.start, top, parent: nil)
        var head = 0
        while head < nodes.count {
            let current = nodes[head]
            let n = head
            head += 1
            switch flow.states[current.state.index].terminator {
            case .request: mutates = true; mayRequest = true
            case .openSettings: mutates = true; opensSettings = true
            case .call(let callee, _, _, _, _):
                if let c = callees[callee.index] {
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
                    if let old = outcomeKnowledge[o] {
                        outcomeKnowledge[o] = Knowledge(sets: zip(old.sets, step.knowledge.sets).map { $0.union($1) })
                    } else {
                        outcomeKnowledge[o] = step.knowledge
                    }
                case .state(let t):
                    node(t, step.knowledge, parent: (n, step.edge, step.cause))
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
        switch state.terminator {
        case .goto:
            step(0, k, .goesOn)
        case .capability:
            step(0, k, .capability(present: true))
            step(1, k, .capability(present: false))
        case .alert(let alert):
            for i in alert.buttons.indices { step(i, k, .button(i)) }
        case .openSettings(let page, _, _):
            var after = k
            for i in subjects.indices {
                if page == .notificationSettings, subjects[i] != .kind(.notifications) { continue }
                after[i] = k[i].union(choices[i])
            }
            step(0, after, .settingsReturn)
        case .status(let refs, let arms, let otherwise, _):
            evaluateStatus(refs: refs, arms: arms, otherwise: otherwise, k, into: &ev)
        case .request(let ref, let options, let arms, let otherwise, _):
            evaluateRequest(ref: ref, options: options, arms: arms, otherwise: otherwise, k, into: &ev)
        case .call(let callee, let arguments, let arms, let otherwise, _):
            evaluateCall(callee: callee, arguments: arguments, arms: arms, otherwise: otherwise, k,
                         analysis: callees[callee.index], into: &ev)
        }
        return ev
    }

    func settingsChoices(_ ref: PermissionRef) -> StatusSet {
        StatusSet(kinds(of: ref).flatMap(\.settingsChoices))
    }

    private func evaluateStatus(refs: [PermissionRef], arms: [StatusArm], otherwise: Transition?,
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
            }
            let target = e == otherwiseEdge ? otherwise!.target : arms[e].transition.target
            ev.steps.append(AnalysisStep(edge: e, target: target, knowledge: after, cause: .status(after: after)))
        }
    }

    static func name(of ref: PermissionRef) -> String {
        switch ref {
        case .kind(let k): k.rawValue
        case .parameter(let i): "parameter #\(i + 1)"
        }
    }

    func name(of ref: PermissionRef) -> String {
        if case .parameter(let i) = ref, i < program[id].parameters.count { return program[id].parameters[i].name }
        return Self.name(of: ref)
    }

    /// Possible results of a request from status `s`, each with how it happens.
    func requestResults(_ ref: PermissionRef, options: [RequestOption], from s: Status) -> (results: [(Status, RequestNote)], prompt: Bool) {
        let kinds = kinds(of: ref).filter { $0.statuses.contains(s) }
        var results: [(Status, RequestNote)] = []
        var prompt = false
        for kind in kinds {
            let usable = options.filter { o in
                if case .purpose = o { return kind.requiresPurposeKey }
                return kind.requestOptions.contains(o)
            }
            let behavior = kind.requestBehavior(options: usable, current: s)
            switch behavior {
            case .prompt(let answers):
                prompt = true
                for a in answers { results.append((a.result, .prompt(from: s, label: a.label))) }
                if kind == .location, s == .authorizedWhenInUse {
                    // The upgrade prompt is shown once; later requests return at once.
                    results.append((s, .upgradeOffered(s)))
                }
            case .immediate(let r):
                if r != s { prompt = true }
                results.append((r, .immediate(from: s, result: r)))
            }
            // An app that is not active gets no prompt (tracking, location) or a silent denial.
            if case .prompt = behavior, let silent = kind.resultWhileInactive(current: s) {
                results.append((silent, .notActive))
            }
        }
        return (results, prompt)
    }

    private func evaluateRequest(ref: PermissionRef, options: [RequestOption], arms: [StatusArm], otherwise: Transition?,
                                 _ k: Knowledge, into ev: inout Evaluation) {
        let i = subjectIndex(ref)
        ev.requestFrom = k[i]
        let domain = domains[i]
        let otherwiseEdge = arms.count
        // Per edge: the results that go there and the first way one of them comes about.
        var groups = [(StatusSet, StepCause)?](repeating: nil, count: arms.count + 1)
        var seen = StatusSet()
        for s in k[i] {
            let (results, prompt) = requestResults(ref, options: options, from: s)
            if prompt { ev.promptPossible = true }
            for (r, note) in results where !seen.contains(r) {
                seen.insert(r)
                guard domain.contains(r) else { continue }
                let e: Int
                if let a = arms.firstIndex(where: { arm in arm.patterns.contains { $0.first?.matches(r) ?? true } }) {
                    e = a
                } else if otherwise != nil {
                    e = otherwiseEdge
                } else {
                    ev.unhandled.append([r])
                    continue
                }
                if groups[e] == nil { groups[e] = (StatusSet(), .request(ref, note, result: r)) }
                groups[e]!.0.insert(r)
            }
        }
        for e in groups.indices {
            guard let (results, cause) = groups[e] else { continue }
            var after = k
            after[i] = results
            let target = e == otherwiseEdge ? otherwise!.target : arms[e].transition.target
            ev.steps.append(AnalysisStep(edge: e, target: target, knowledge: after, cause: cause))
        }
    }

    private func evaluateCall(callee: FlowID, arguments: [Argument], arms: [OutcomeArm], otherwise: Transition?,
                              _ k: Knowledge, analysis c: FlowAnalysis?, into ev: inout Evaluation) {
        let outcomes: [Int] = c?.reachedOutcomes ?? Array(program[callee].outcomes.indices)
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
                if let c, let known = c.outcomeKnowledge[o], let ci = c.subjects.firstIndex(of: .parameter(p)) {
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
            if let g = groups[e] {
                groups[e] = (Knowledge(sets: zip(g.0.sets, after.sets).map { $0.union($1) }), g.1)
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

    // MARK: witnesses

    /// The shortest path from the start to `node`, as numbered-step material. Rules that
    /// report several findings in one flow use a `WitnessBuilder`, which shares the steps.
    public func witness(to node: Int) -> [WitnessStep] {
        var builder = WitnessBuilder(self)
        return builder.witness(to: node)
    }

    /// A witness to the first (shortest) node of a state, or a graph path when the analysis never
    /// reaches it but the plain graph does.
    public func witness(toState s: StateID) -> [WitnessStep] {
        var builder = WitnessBuilder(self)
        return builder.witness(toState: s)
    }

    /// A step's cause in words: "camera is denied", "user taps 'Continue'".
    public func describe(_ cause: StepCause, from stateID: StateID) -> String {
        describe(cause, in: program[id][stateID])
    }

    /// A step's cause in words, for a step out of `state` (a state of this flow).
    func describe(_ cause: StepCause, in state: State) -> String {
        switch (cause, state.terminator) {
        case (.goesOn, _): return "goes on"
        case (.capability(let present), .capability(let c, _, _, _)):
            let (yes, no) = c.armNames
            return "capability \(c.rawValue) is \(present ? yes : no)"
        case (.button(let i), .alert(let alert)): return "user taps '\(program.baseText(alert.buttons[i].label))'"
        case (.settingsReturn, .openSettings(let page, _, _)):
            let relaunch = subjects.contains { kinds(of: $0).contains(where: \.settingsChangeTerminatesApp) }
            return "user returns from Settings, where any switch may have changed"
                + (relaunch && page == .settings ? " (iOS relaunches the app if one did)" : "")
        case (.status(let after), .status(let refs, _, _, _)):
            return refs.map { "\(Self.name(of: $0)) is \(after[subjectIndex($0)].phrase)" }.joined(separator: ", ")
        case (.statusUnknown, _): return "status is unknown"
        case (.request(let ref, let note, let r), _):
            let how: String
            switch note {
            case .prompt(let s, let label): how = "prompt shown while \(s.rawValue), user taps '\(label)'"
            case .upgradeOffered(let s): how = "no prompt (upgrade already offered), stays \(s.rawValue)"
            case .immediate(let s, let result): how = "no prompt because the status is \(s.rawValue), returns \(result.rawValue) at once"
            case .notActive: how = "app not active, returns notDetermined without asking"
            }
            return "request \(name(of: ref)): \(how) → \(r.rawValue)"
        case (.callOutcome(let o), .call(let callee, _, _, _, _)):
            let calleeFlow = program[callee]
            return "subflow '\(calleeFlow.name)' ends with '\(calleeFlow.outcomes[o].name)'"
        default:
            preconditionFailure("step cause \(cause) does not belong to the terminator of state '\(state.name)'")
        }
    }

    func knowledgeSuffix(_ k: Knowledge) -> String {
        let parts = subjects.indices.compactMap { i -> String? in
            let domain = domains[i]
            guard k[i] != domain, !k[i].isEmpty else { return nil }
            return "\(name(of: subjects[i])) is \(k[i].phrase)"
        }
        return parts.isEmpty ? "" : " where " + parts.joined(separator: ", ")
    }

    static func describe(_ e: Edge, in state: State, program: Program) -> String {
        switch (e.kind, state.terminator) {
        case (.button(let i), .alert(let a)): "user taps '\(program.baseText(a.buttons[i].label))'"
        case (.capability(let yes), .capability(let c, _, _, _)): "capability \(c.rawValue) is \(yes ? c.armNames.yes : c.armNames.no)"
        case (.settingsReturn, _): "user returns from Settings"
        case (.arm(let i), _): "takes branch \(i + 1)"
        case (.otherwise, _): "takes the else branch"
        default: "goes on"
        }
    }
}
