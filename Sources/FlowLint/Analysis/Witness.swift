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

    /// No witness (the finding is not about a path).
    public static let none = Witness(source: nil, end: .state(0), count: 0)

    init(source: WitnessSource?, end: End, count: Int) {
        self.source = source
        self.end = end
        self.count = count
    }

    public var isEmpty: Bool { count == 0 }

    /// Every step, in order (as long as the path: for machine output on request and for tests).
    public var steps: [WitnessStep] {
        guard let source else { return [] }
        var links = source.ancestors(of: end, count: count - 2)
        links.reverse()
        return [source.startStep()] + links.map(source.step(into:)) + [source.arrival(end)]
    }

    /// The first and last steps of a witness longer than `head + tail` steps and how many are left
    /// out between them; the whole witness (nothing omitted) otherwise. Costs `head + tail` steps
    /// whatever the witness's length, for `head` up to `headLength`.
    public func abridged(head: Int = Witness.headLength, tail: Int = Witness.tailLength)
        -> (head: [WitnessStep], omitted: Int, tail: [WitnessStep]) {
        guard let source, count > head + tail, head >= 1, tail >= 1, head <= Witness.headLength else {
            return (steps, 0, [])
        }
        // Head: the start, then the links into depths 1 ..< head, read up from the anchor.
        var top = source.ancestors(from: source.anchor(of: end), below: head)
        top.reverse()
        // Tail: the links into the last `tail - 1` depths, then the arrival.
        var bottom = source.ancestors(of: end, count: tail - 1)
        bottom.reverse()
        return ([source.startStep()] + top.map(source.step(into:)), count - head - tail,
                bottom.map(source.step(into:)) + [source.arrival(end)])
    }

    public static func == (a: Witness, b: Witness) -> Bool {
        a.count == b.count && a.end == b.end && a.source === b.source
    }

    public func hash(into h: inout Hasher) {
        h.combine(end)
        h.combine(count)
        if let source { h.combine(ObjectIdentifier(source)) }
    }
}

/// One flow's analysis, shared by the witnesses of its findings. Immutable, so it is Sendable.
final class WitnessSource: Sendable {
    let analysis: FlowAnalysis
    init(_ analysis: FlowAnalysis) { self.analysis = analysis }

    /// A link of the tree: a node, or a state of the graph tree (the same kind as the end).
    enum Link { case node(Int), state(Int) }

    func parent(_ link: Link) -> Link? {
        switch link {
        case .node(let n): analysis.nodes[n].parent.map { .node($0.node) }
        case .state(let s): analysis.graphParent[s].map { .state($0.state) }
        }
    }

    func depth(_ link: Link) -> Int {
        switch link {
        case .node(let n): analysis.nodes[n].depth
        case .state(let s): analysis.graphDepth[s]
        }
    }

    func link(_ end: Witness.End) -> Link {
        switch end {
        case .node(let n): .node(n)
        case .state(let s): .state(s)
        }
    }

    func anchor(of end: Witness.End) -> Link {
        switch end {
        case .node(let n): .node(analysis.nodes[n].anchor)
        case .state(let s): .state(analysis.graphAnchor[s])
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
    /// counting the root.
    func ancestors(from link: Link, below depth: Int) -> [Link] {
        var out: [Link] = []
        var current: Link? = link
        while let c = current, parent(c) != nil {
            if self.depth(c) < depth { out.append(c) }
            current = parent(c)
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
            return WitnessStep("in '\(state.name)': \(analysis.describe(parent.cause, in: state))",
                               at: analysis.stateEdges[from][parent.edge].transition.range)
        case .state(let s):
            let (from, edge) = analysis.graphParent[s]!
            let state = flow.states[from]
            let e = analysis.stateEdges[from][edge]
            return WitnessStep("in '\(state.name)': \(FlowAnalysis.describe(e, in: state, program: analysis.program))",
                               at: e.transition.range)
        }
    }

    func arrival(_ end: Witness.End) -> WitnessStep {
        let flow = analysis.flow
        switch end {
        case .node(let n):
            let node = analysis.nodes[n]
            let state = flow.states[node.state.index]
            return WitnessStep("reaches '\(state.name)'" + analysis.knowledgeSuffix(node.knowledge), at: state.nameRange)
        case .state(let s):
            return WitnessStep("reaches '\(flow.states[s].name)'", at: flow.states[s].nameRange)
        }
    }
}

/// Hands out the witnesses of one flow's findings, all sharing one `WitnessSource`.
public struct WitnessBuilder {
    public let analysis: FlowAnalysis
    private let source: WitnessSource

    public init(_ analysis: FlowAnalysis) {
        self.analysis = analysis
        self.source = WitnessSource(analysis)
    }

    /// The shortest path from the start to `node`.
    public mutating func witness(to node: Int) -> Witness {
        Witness(source: source, end: .node(node), count: analysis.nodes[node].depth + 2)
    }

    /// A witness to the first (shortest) node of a state, or a graph path when the analysis never
    /// reaches it but the plain graph does; none when the state is unreachable.
    public mutating func witness(toState s: StateID) -> Witness {
        if let n = analysis.nodesOfState[s.index].first { return witness(to: n) }
        guard analysis.graphReachable[s.index] else { return .none }
        return Witness(source: source, end: .state(s.index), count: analysis.graphDepth[s.index] + 2)
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

    /// A step's cause in words: "camera is denied", "user taps 'Continue'".
    public func describe(_ cause: StepCause, from stateID: StateID) -> String {
        describe(cause, in: program[id][stateID])
    }

    /// A step's cause in words, for a step out of `state` (a state of this flow).
    func describe(_ cause: StepCause, in state: State) -> String {
        switch (cause, state.terminator) {
        case (.goesOn, _): return "goes on"
        case (.capability(let present), .capability(let check)):
            let (yes, no) = check.capability.armNames
            return "capability \(check.capability.rawValue) is \(present ? yes : no)"
        case (.button(let i), .alert(let alert)): return "user taps '\(program.baseText(alert.buttons[i].label))'"
        case (.settingsReturn, .openSettings(let open)):
            let relaunch = subjects.contains { kinds(of: $0).contains(where: \.settingsChangeTerminatesApp) }
            return "user returns from Settings, where any switch may have changed"
                + (relaunch && open.page == .settings ? " (iOS relaunches the app if one did)" : "")
        case (.status(let after), .status(let check)):
            return check.subjects.map { "\(Self.name(of: $0)) is \(after[subjectIndex($0)].phrase)" }.joined(separator: ", ")
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
        case (.callOutcome(let o), .call(let call)):
            let calleeFlow = program[call.callee]
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
        case (.capability(let yes), .capability(let check)):
            "capability \(check.capability.rawValue) is \(yes ? check.capability.armNames.yes : check.capability.armNames.no)"
        case (.settingsReturn, _): "user returns from Settings"
        case (.arm(let i), _): "takes branch \(i + 1)"
        case (.otherwise, _): "takes the else branch"
        default: "goes on"
        }
    }
}
