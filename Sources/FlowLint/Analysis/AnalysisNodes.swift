import FlowModel

/// A node of the path-sensitive analysis with the step that first reached it (BFS: shortest),
/// as rules read it. The analysis stores nodes packed (`AnalysisNodes`); this is the view. A
/// node's depth is `AnalysisNodes.depth(_:)`, and the ancestor a witness's head is read from is
/// found by `WitnessBuilder`: neither is stored per node.
public struct AnalysisNode: Sendable {
    public var state: StateID
    public var knowledge: Knowledge
    /// The node before, the edge taken from it and why; nil for the start node.
    public var parent: (node: Int, edge: Int, cause: StepCause)?
}

/// The nodes of one status analysis. A random 40,000-state graph has 1.9 million of them (46 a
/// state), so a node is four 32-bit numbers: its knowledge and the cause of the step into it
/// are indices into tables that hold each distinct value once (that graph has 16,500 distinct
/// knowledge values), and the step's cause and edge share one number. Stored as `AnalysisNode`
/// values (104 bytes, a heap array of statuses each), the nodes were half of `flowlint`'s peak
/// memory on such a flow.
///
/// Nodes are made in breadth-first order, so a node's depth (its parent's plus one) never
/// decreases with its index: depths are kept as the index where each depth starts, one number
/// a depth rather than one a node. (A depth and an ancestor stored in every node were 8 of its
/// 28 bytes: 15 MB at 40,000 states.)
public struct AnalysisNodes: RandomAccessCollection, Sendable {
    struct Packed: Sendable {
        var state: Int32
        var knowledge: Int32
        /// -1 for the start node.
        var parent: Int32
        /// The cause's id times 256 plus the edge index, when the edge is below 255 and the id
        /// fits 24 bits (a cause id is a small table index or one of the small negative codes
        /// of `id(of:knowledge:)`); otherwise 255 plus 256 times an index into `wideSteps`.
        var step: Int32
    }

    /// Steps whose edge or cause id does not fit `Packed.step`: (edge, cause id).
    private var wideSteps: [(edge: Int32, cause: Int32)] = []
    static let wideEdge: Int32 = 255

    private(set) var packed = PODArray<Packed>()
    /// `depthStarts[d]` is the first node at depth `d`.
    private var depthStarts: [Int32] = []
    /// The last parent appended with and its depth (parents come in increasing order).
    private var lastParent = 0
    private var parentDepth = 0
    private(set) var knowledgeValues: [Knowledge] = []
    /// Open addressing over `knowledgeValues` (-1: empty), at most half full.
    private var knowledgeSlots: [Int32] = []
    private var causes: [StepCause] = []
    /// The ids of `causes`, once there are more than `causesScannedInOrder` of them.
    private var causeIDs: [StepCause: Int32] = [:]
    static let causesScannedInOrder = 16

    public var startIndex: Int { 0 }
    public var endIndex: Int { packed.count }

    public subscript(i: Int) -> AnalysisNode {
        let p = packed[i]
        return AnalysisNode(
            state: StateID(Int(p.state)), knowledge: knowledgeValues[Int(p.knowledge)],
            parent: p.parent < 0 ? nil : parentStep(p))
    }

    private func parentStep(_ p: Packed) -> (node: Int, edge: Int, cause: StepCause) {
        var edge = p.step & 0xFF
        var cause = p.step >> 8
        if edge == Self.wideEdge { (edge, cause) = wideSteps[Int(cause)] }
        return (Int(p.parent), Int(edge), self.cause(cause, knowledge: p.knowledge))
    }

    /// Parent links from the start node to node `i`: a witness to it has `depth + 2` steps.
    public func depth(_ i: Int) -> Int {
        precondition(i >= 0 && i < packed.count, "node \(i) out of range 0..<\(packed.count)")
        // The last depth starting at or before `i`.
        var low = 0
        var high = depthStarts.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if Int(depthStarts[mid]) <= i { low = mid } else { high = mid }
        }
        return low
    }

    /// The node before `i`, or -1 for the start node.
    func parentIndex(_ i: Int) -> Int { Int(packed[i].parent) }

    private func cause(_ id: Int32, knowledge: Int32) -> StepCause {
        switch id {
        case 0...: causes[Int(id)]
        case -6: .status(after: knowledgeValues[Int(knowledge)])
        case -1: .goesOn
        case -2: .settingsReturn
        case -3: .statusUnknown
        case -4: .capability(present: true)
        case -5: .capability(present: false)
        case -7: .limitNotDue
        default: (-id - 8) % 2 == 0 ? .button(Int((-id - 8) / 2)) : .callOutcome(Int((-id - 9) / 2))
        }
    }

    /// The state and knowledge of node `i`, without building the view.
    func state(_ i: Int) -> Int { Int(packed[i].state) }
    func knowledgeID(_ i: Int) -> Int32 { packed[i].knowledge }
    func knowledge(_ i: Int) -> Knowledge { knowledgeValues[Int(packed[i].knowledge)] }

    /// The slot `k` is in, or the empty slot where it would go, and its id if present.
    private func probe(_ k: Knowledge) -> (slot: Int, id: Int32?) {
        let mask = knowledgeSlots.count - 1
        var i = Int(truncatingIfNeeded: k.mix) & mask
        while true {
            let slot = knowledgeSlots[i]
            if slot < 0 { return (i, nil) }
            if knowledgeValues[Int(slot)] == k { return (i, slot) }
            i = (i + 1) & mask
        }
    }

    /// The id of `k` if some node has it already.
    func existingID(of k: Knowledge) -> Int32? {
        knowledgeSlots.isEmpty ? nil : probe(k).id
    }

    mutating func id(of k: Knowledge) -> Int32 {
        if knowledgeValues.count * 2 >= knowledgeSlots.count { growKnowledgeSlots() }
        let (slot, found) = probe(k)
        if let found { return found }
        let id = Int32(knowledgeValues.count)
        knowledgeValues.append(k)
        knowledgeSlots[slot] = id
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
        case .limitNotDue: return -7
        case .button(let i) where i < 1 << 20: return -8 - Int32(i) * 2
        case .callOutcome(let o) where o < 1 << 20: return -9 - Int32(o) * 2
        default: break
        }
        // A flow has a handful of distinct causes (four on average in the 300-flow profile file):
        // compared one by one, without hashing, until there are enough to index.
        if causes.count <= Self.causesScannedInOrder {
            if let i = causes.firstIndex(of: cause) { return Int32(i) }
        } else if let id = causeIDs[cause] {
            return id
        }
        let id = Int32(causes.count)
        causes.append(cause)
        if causes.count > Self.causesScannedInOrder {
            if causeIDs.isEmpty {
                for (i, c) in causes.enumerated() { causeIDs[c] = Int32(i) }
            } else {
                causeIDs[cause] = id
            }
        }
        return id
    }

    /// Appends a node. The start node comes first; every later node's parent is at or after the
    /// previous node's parent (the breadth-first order the analysis expands nodes in).
    mutating func append(
        state: Int, knowledge k: Knowledge, id knowledge: Int32, parent: (node: Int, edge: Int, cause: StepCause)?
    ) {
        let i = Int32(packed.count)
        var node = Packed(state: Int32(state), knowledge: knowledge, parent: -1, step: 0)
        var depth = 0
        if let parent {
            // In order, so the parent's depth is found by moving forward from the last one's.
            precondition(parent.node >= lastParent && parent.node < packed.count, "a parent out of breadth-first order")
            lastParent = parent.node
            while parentDepth + 1 < depthStarts.count, Int(depthStarts[parentDepth + 1]) <= parent.node {
                parentDepth += 1
            }
            node.parent = Int32(parent.node)
            let edge = Int32(truncatingIfNeeded: parent.edge)
            let cause = id(of: parent.cause, knowledge: k)
            if parent.edge >= 0, edge < Self.wideEdge, cause >= -(1 << 23), cause < 1 << 23 {
                node.step = cause << 8 | edge
            } else {
                node.step = wideStep(edge: parent.edge, cause: cause)
            }
            depth = parentDepth + 1
        } else {
            precondition(packed.count == 0, "only the first node has no parent")
        }
        if depth == depthStarts.count { depthStarts.append(i) }
        packed.append(node)
    }

    /// `Packed.step` for a step whose edge or cause id does not fit in it: an index into
    /// `wideSteps`, where the two are kept whole.
    @inline(never)
    private mutating func wideStep(edge: Int, cause: Int32) -> Int32 {
        precondition(
            wideSteps.count < 1 << 23 && edge >= 0 && edge <= Int(Int32.max), "too many steps along wide edges")
        wideSteps.append((Int32(edge), cause))
        return Int32(wideSteps.count - 1) << 8 | Self.wideEdge
    }

    /// Drops the tables that only building needs.
    mutating func finish() {
        knowledgeSlots = []
        causeIDs = [:]
        packed.shrinkToFit()
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

/// The nodes of each state: one list of node indices grouped by state, instead of an array per
/// state.
public struct NodesOfState: RandomAccessCollection, Sendable {
    /// `start[s] ..< start[s + 1]` are state `s`'s nodes in `list`.
    let start: [Int32]
    let list: [Int32]

    /// The nodes grouped by state, each state's in the order made (a counting sort by state):
    /// built from the nodes once the analysis's per-state lists are gone, so the two are never
    /// alive together (at 40,000 states they were 26 MB and 7.5 MB, at the peak of a run).
    init(_ nodes: AnalysisNodes, states: Int) {
        var start = [Int32](repeating: 0, count: states + 1)
        var fill = [Int32](repeating: 0, count: states)
        var list = [Int32](repeating: 0, count: nodes.count)
        nodes.packed.withUnsafeBufferPointer { packed in
            start.withUnsafeMutableBufferPointer { start in
                // The writes below are unchecked: every node's state must be one of the flow's.
                for node in packed {
                    precondition(
                        node.state >= 0 && Int(node.state) < states, "node of state \(node.state) outside 0..<\(states)"
                    )
                    start[Int(node.state) + 1] += 1
                }
                for s in 0..<states { start[s + 1] += start[s] }
                fill.withUnsafeMutableBufferPointer { fill in
                    for s in 0..<states { fill[s] = start[s] }
                    list.withUnsafeMutableBufferPointer { list in
                        for n in 0..<packed.count {
                            let s = Int(packed[n].state)
                            list[Int(fill[s])] = Int32(truncatingIfNeeded: n)
                            fill[s] += 1
                        }
                    }
                }
            }
        }
        self.start = start
        self.list = list
    }

    init() {
        start = [0]
        list = []
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { start.count - 1 }
    public subscript(s: Int) -> StateNodes {
        let from = Int(start[s])
        return StateNodes(list: list, offset: from, count: Int(start[s + 1]) - from)
    }
}

/// What `evaluate` found at each node, each distinct evaluation stored once. Most nodes have the
/// empty one (nothing unhandled, no request): which nodes do not is one bit a node, and only
/// those have an id, found by counting the set bits before theirs (a count per 64 nodes, then a
/// population count). An id for every node was 4 bytes a node, 7.5 MB at 40,000 states.
public struct Evaluations: RandomAccessCollection, Sendable {
    /// Bit `n % 64` of word `n / 64`: whether node `n` has a non-empty evaluation.
    private var nonEmpty = PODArray<UInt64>()
    /// Set bits in the words before each word.
    private var before = PODArray<Int32>()
    /// The evaluation id of each node with a set bit, in node order.
    private var ids = PODArray<Int32>()
    private var nodeCount = 0
    private var table: [Evaluation] = [Evaluation()]
    private var tableIDs: [Evaluation: Int32] = [Evaluation(): 0]

    public var startIndex: Int { 0 }
    public var endIndex: Int { nodeCount }
    public subscript(n: Int) -> Evaluation {
        guard !isEmpty(at: n) else { return table[0] }
        let word = nonEmpty[n / 64]
        let below = word & ((1 << UInt64(n % 64)) - 1)
        return table[Int(ids[Int(before[n / 64]) + below.nonzeroBitCount])]
    }
    /// Whether node `n` found nothing (the empty evaluation: no unhandled status or outcome, no
    /// prompt, no request): most nodes, told apart without copying an evaluation out.
    public func isEmpty(at n: Int) -> Bool {
        precondition(n >= 0 && n < nodeCount, "node \(n) out of range 0..<\(nodeCount)")
        return nonEmpty[n / 64] & (1 << UInt64(n % 64)) == 0
    }

    /// Appends the evaluation of the next node; its steps are not kept.
    mutating func append(_ evaluation: Evaluation) {
        let n = nodeCount
        nodeCount += 1
        if n % 64 == 0 {
            before.append(Int32(ids.count))
            nonEmpty.append(0)
        }
        // Most nodes find nothing (no unhandled status, no request): no hashing for those.
        if evaluation.unhandled.isEmpty, evaluation.unhandledOutcomes.isEmpty, !evaluation.promptPossible,
            evaluation.requestFrom.isEmpty
        {
            return
        }
        // A new value without the steps (a copy with `steps = []` would retain them first).
        let e = Evaluation(
            steps: [], unhandled: evaluation.unhandled, promptPossible: evaluation.promptPossible,
            requestFrom: evaluation.requestFrom, unhandledOutcomes: evaluation.unhandledOutcomes)
        let id: Int32
        if let known = tableIDs[e] {
            id = known
        } else {
            id = Int32(table.count)
            table.append(e)
            tableIDs[e] = id
        }
        nonEmpty.set(n / 64, nonEmpty[n / 64] | 1 << UInt64(n % 64))
        ids.append(id)
    }

    mutating func finish() {
        tableIDs = [:]
        nonEmpty.shrinkToFit()
        before.shrinkToFit()
        ids.shrinkToFit()
    }
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
