/// Strongly connected components of a directed graph, by Tarjan's algorithm written with an
/// explicit stack so that no flow, however long, can overflow the call stack. Linear in nodes
/// plus edges.
public struct StronglyConnectedComponents: Sendable {
    /// Components in reverse topological order (a component comes before the ones that reach it),
    /// each with its nodes in increasing order.
    public var components: Components
    /// `componentOf[node]` is an index into `components`.
    public var componentOf: [Int]

    public init(count: Int, successors: (Int) -> [Int]) {
        var start = [Int](repeating: 0, count: count + 1)
        var list: [Int] = []
        for v in 0..<count {
            list.append(contentsOf: successors(v))
            start[v + 1] = list.count
        }
        self.init(count: count, successorStart: start, successorList: list)
    }

    /// The graph as one list of successors: node `v`'s are
    /// `successorList[successorStart[v] ..< successorStart[v + 1]]`.
    init(count: Int, successorStart start: [Int], successorList list: [Int]) {
        var index = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var members: [Int] = []
        members.reserveCapacity(count)
        var componentStart: [Int] = [0]
        var componentOf = [Int](repeating: -1, count: count)
        var next = 0
        // Each frame: the node and the position in the successor list.
        var frames: [(node: Int, pos: Int)] = []

        for root in 0..<count where index[root] < 0 {
            index[root] = next
            low[root] = next
            next += 1
            stack.append(root)
            onStack[root] = true
            frames.append((root, start[root]))
            while !frames.isEmpty {
                let top = frames.count - 1
                let v = frames[top].node
                if frames[top].pos < start[v + 1] {
                    let w = list[frames[top].pos]
                    frames[top].pos += 1
                    if index[w] < 0 {
                        index[w] = next
                        low[w] = next
                        next += 1
                        stack.append(w)
                        onStack[w] = true
                        frames.append((w, start[w]))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node { low[parent] = min(low[parent], low[v]) }
                if low[v] == index[v] {
                    let first = members.count
                    while true {
                        let w = stack.removeLast()
                        onStack[w] = false
                        componentOf[w] = componentStart.count - 1
                        members.append(w)
                        if w == v { break }
                    }
                    if members.count - first > 1 { members[first...].sort() }
                    componentStart.append(members.count)
                }
            }
        }
        self.components = Components(members: members, start: componentStart)
        self.componentOf = componentOf
    }

    /// The components as one list of nodes with a start offset each: an array per component (and
    /// a sorted copy of it) was two allocations a state in most flows, where a state is a
    /// component of its own, and three rules find components in every flow.
    public struct Components: RandomAccessCollection, Sendable {
        let members: [Int]
        /// `start[c] ..< start[c + 1]` are component `c`'s nodes in `members`.
        let start: [Int]
        public var startIndex: Int { 0 }
        public var endIndex: Int { start.count - 1 }
        public subscript(c: Int) -> ArraySlice<Int> { members[start[c]..<start[c + 1]] }
    }
}
