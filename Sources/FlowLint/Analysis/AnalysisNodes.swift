import FlowModel

/// A node of the path-sensitive analysis with the step that first reached it (BFS: shortest),
/// as rules read it. The analysis stores nodes packed (`AnalysisNodes`); this is the view.
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

/// The nodes of one status analysis. A random 40,000-state graph has 1.9 million of them (46 a
/// state), so a node is seven 32-bit numbers: its knowledge and the cause of the step into it
/// are indices into tables that hold each distinct value once (that graph has 16,500 distinct
/// knowledge values). Stored as `AnalysisNode` values (104 bytes, a heap array of statuses
/// each), the nodes were half of `flowlint`'s peak memory on such a flow.
public struct AnalysisNodes: RandomAccessCollection, Sendable {
    struct Packed: Sendable {
        var state: Int32
        var knowledge: Int32
        /// -1 for the start node.
        var parent: Int32
        var edge: Int32
        var cause: Int32
        var depth: Int32
        var anchor: Int32
    }

    private(set) var packed: [Packed] = []
    private(set) var knowledgeValues: [Knowledge] = []
    /// Open addressing over `knowledgeValues` (-1: empty), at most half full.
    private var knowledgeSlots: [Int32] = []
    private var causes: [StepCause] = []
    private var causeIDs: [StepCause: Int32] = [:]

    public var startIndex: Int { 0 }
    public var endIndex: Int { packed.count }

    public subscript(i: Int) -> AnalysisNode {
        let p = packed[i]
        return AnalysisNode(
            state: StateID(Int(p.state)), knowledge: knowledgeValues[Int(p.knowledge)],
            parent: p.parent < 0 ? nil : (Int(p.parent), Int(p.edge), cause(p.cause, knowledge: p.knowledge)),
            depth: Int(p.depth), anchor: Int(p.anchor))
    }

    private func cause(_ id: Int32, knowledge: Int32) -> StepCause {
        switch id {
        case 0...: causes[Int(id)]
        case -6: .status(after: knowledgeValues[Int(knowledge)])
        case -1: .goesOn
        case -2: .settingsReturn
        case -3: .statusUnknown
        case -4: .capability(present: true)
        case -5: .capability(present: false)
        default: (-id - 8) % 2 == 0 ? .button(Int((-id - 8) / 2)) : .callOutcome(Int((-id - 9) / 2))
        }
    }

    /// The state and knowledge of node `i`, without building the view.
    func state(_ i: Int) -> Int { Int(packed[i].state) }
    func knowledgeID(_ i: Int) -> Int32 { packed[i].knowledge }
    func knowledge(_ i: Int) -> Knowledge { knowledgeValues[Int(packed[i].knowledge)] }
    func knowledge(_ i: Int, equals k: Knowledge) -> Bool { knowledgeValues[Int(packed[i].knowledge)] == k }

    mutating func id(of k: Knowledge) -> Int32 {
        if knowledgeValues.count * 2 >= knowledgeSlots.count { growKnowledgeSlots() }
        let mask = knowledgeSlots.count - 1
        var i = Int(truncatingIfNeeded: k.mix) & mask
        while true {
            let slot = knowledgeSlots[i]
            if slot < 0 { break }
            if knowledgeValues[Int(slot)] == k { return slot }
            i = (i + 1) & mask
        }
        let id = Int32(knowledgeValues.count)
        knowledgeValues.append(k)
        knowledgeSlots[i] = id
        return id
    }

    private mutating func growKnowledgeSlots() {
        let size = Swift.max(64, knowledgeSlots.count * 2)
        knowledgeSlots = [Int32](repeating: -1, count: size)
        let mask = size - 1
        for (id, k) in knowledgeValues.enumerated() {
            var i = Int(truncatingIfNeeded: k.mix) & mask
            while knowledgeSlots[i] >= 0 { i = (i + 1) & mask }
            knowledgeSlots[i] = Int32(id)
        }
    }

    /// A cause without a payload worth a table entry is stored in the id itself (negative
    /// numbers); the others (a status arm's knowledge, a request's note) are looked up.
    mutating func id(of cause: StepCause, knowledge: Knowledge) -> Int32 {
        switch cause {
        case .status(let after) where after == knowledge: return -6  // the node's own knowledge
        case .goesOn: return -1
        case .settingsReturn: return -2
        case .statusUnknown: return -3
        case .capability(let present): return present ? -4 : -5
        case .button(let i) where i < 1 << 20: return -8 - Int32(i) * 2
        case .callOutcome(let o) where o < 1 << 20: return -9 - Int32(o) * 2
        default: break
        }
        if let id = causeIDs[cause] { return id }
        let id = Int32(causes.count)
        causes.append(cause)
        causeIDs[cause] = id
        return id
    }

    mutating func append(state: Int, knowledge k: Knowledge, parent: (node: Int, edge: Int, cause: StepCause)?) {
        let knowledge = id(of: k)
        let i = Int32(packed.count)
        var node = Packed(state: Int32(state), knowledge: knowledge, parent: -1, edge: 0, cause: 0, depth: 0, anchor: i)
        if let parent {
            let p = packed[parent.node]
            node.parent = Int32(parent.node)
            node.edge = Int32(parent.edge)
            node.cause = id(of: parent.cause, knowledge: k)
            node.depth = p.depth + 1
            if Int(node.depth) > Witness.headLength { node.anchor = p.anchor }
        }
        packed.append(node)
    }

    /// Drops the tables that only building needs.
    mutating func finish() {
        knowledgeSlots = []
        causeIDs = [:]
    }
}

/// The nodes of one state, in the order the analysis made them (the first is the shortest).
public struct StateNodes: RandomAccessCollection, Sendable {
    let list: [Int32]
    let offset: Int
    public let count: Int
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(i: Int) -> Int { Int(list[offset + i]) }
}

/// The nodes of each state: one list of node indices grouped by state (counting sort of the
/// nodes by state), instead of an array per state.
public struct NodesOfState: RandomAccessCollection, Sendable {
    /// `start[s] ..< start[s + 1]` are state `s`'s nodes in `list`.
    let start: [Int32]
    let list: [Int32]

    init(states: Int, nodes: AnalysisNodes) {
        var start = [Int32](repeating: 0, count: states + 1)
        for p in nodes.packed { start[Int(p.state) + 1] += 1 }
        for s in 0..<states { start[s + 1] += start[s] }
        var next = Array(start.dropLast())
        var list = [Int32](repeating: 0, count: nodes.count)
        for (i, p) in nodes.packed.enumerated() {
            list[Int(next[Int(p.state)])] = Int32(i)
            next[Int(p.state)] += 1
        }
        self.start = start
        self.list = list
    }

    init() { start = [0]; list = [] }

    public var startIndex: Int { 0 }
    public var endIndex: Int { start.count - 1 }
    public subscript(s: Int) -> StateNodes {
        let from = Int(start[s])
        return StateNodes(list: list, offset: from, count: Int(start[s + 1]) - from)
    }
}

/// What `evaluate` found at each node, each distinct evaluation stored once (most nodes have the
/// empty one).
public struct Evaluations: RandomAccessCollection, Sendable {
    private var ids: [Int32] = []
    private var table: [Evaluation] = [Evaluation()]
    private var tableIDs: [Evaluation: Int32] = [Evaluation(): 0]

    public var startIndex: Int { 0 }
    public var endIndex: Int { ids.count }
    public subscript(n: Int) -> Evaluation { table[Int(ids[n])] }

    /// Appends the evaluation of the next node; its steps are not kept.
    mutating func append(_ evaluation: Evaluation) {
        // Most nodes find nothing (no unhandled status, no request): no hashing for those.
        if evaluation.unhandled.isEmpty, evaluation.unhandledOutcomes.isEmpty, !evaluation.promptPossible,
           evaluation.requestFrom.isEmpty {
            ids.append(0)
            return
        }
        var e = evaluation
        e.steps = []
        if let id = tableIDs[e] { ids.append(id); return }
        let id = Int32(table.count)
        table.append(e)
        tableIDs[e] = id
        ids.append(id)
    }

    mutating func finish() { tableIDs = [:] }
}

/// For each node of a refusing analysis, the nodes its steps lead to (-1: an outcome), as one
/// array with a start offset per node.
public struct NodeLinks: RandomAccessCollection, Sendable {
    private var start: [Int32] = [0]
    private var targets: [Int32] = []

    public var startIndex: Int { 0 }
    public var endIndex: Int { start.count - 1 }
    public subscript(n: Int) -> ArraySlice<Int32> { targets[Int(start[n])..<Int(start[n + 1])] }
    /// Every link, for passes that only count.
    var all: [Int32] { targets }

    /// Links are added for the node the analysis is expanding, which is always the next one.
    mutating func add(_ target: Int32) { targets.append(target) }
    mutating func endNode() { start.append(Int32(targets.count)) }
}
