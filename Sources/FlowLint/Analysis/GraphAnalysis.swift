import FlowModel
import FlowSyntax

/// The plain graph of a flow: which edges can be taken (a call arm only when the callee can end
/// with one of its outcomes), what is reachable from the start (with BFS parents for graph
/// witnesses), what can reach an outcome or a request, and the strongly connected components.
extension AnalysisStorage {

    mutating func buildGraph(callees: [FlowAnalysis?]) {
        let flow = program[id]
        let n = flow.states.count
        graphEdges = flow.states.indices.map { takenGraphEdges(of: $0, callees: callees) }
        requests = flow.states.map { state in
            switch state.terminator {
            case .request: true
            case .call(let call): callees[call.callee.index]?.mayRequest ?? true
            default: false
            }
        }
        walkGraphFromStart()
        let graph = GraphAdjacency(stateEdges: stateEdges, graphEdges: graphEdges)
        canReachOutcome = graph.endsInOutcome
        graph.markBackwards(&canReachOutcome) { _ in true }
        // Backwards from every request, once per flow: the priming rules ask this per button.
        canReachRequest = requests
        graph.markBackwards(&canReachRequest) { _ in true }
        // A call whose callee shows an alert of its own before every request it makes (it primes
        // itself) is not a request the caller's alert primes: that alert offers the feature.
        reachesRequestDirectly = flow.states.indices.map { s in
            guard requests[s], case .call(let call) = flow.states[s].terminator,
                let callee = callees[call.callee.index]
            else { return requests[s] }
            return callee.reachesRequestDirectly[callee.program[callee.id].start.index]
        }
        graph.markBackwards(&reachesRequestDirectly) { p in
            switch flow.states[p].terminator {
            case .alert, .openSettings: false
            default: true
            }
        }
        components = StronglyConnectedComponents(
            count: n, successorStart: graph.successorStart, successorList: graph.successorList)
    }

    /// The edges of state `s` the plain graph can take: all, except a call's arms for outcomes
    /// its callee never ends with.
    private func takenGraphEdges(of s: Int, callees: [FlowAnalysis?]) -> [Int] {
        let edges = stateEdges[s]
        guard case .call(let call) = program[id].states[s].terminator, let c = callees[call.callee.index] else {
            return Array(edges.indices)
        }
        let arms = call.arms
        let covered = Set(arms.flatMap { $0.outcomes })
        // A caller that handles an outcome also gets it at the callee's handoff states.
        let ends = c.graphOutcomes.union(c.graphHandoffs.intersection(call.handling?.outcomes ?? []))
        return edges.indices.filter { i in
            switch edges[i].kind {
            case .arm(let a): !ends.isDisjoint(with: arms[a].outcomes)
            default: !ends.subtracting(covered).isEmpty
            }
        }
    }

    /// Breadth first from the start over `graphEdges`: what is reachable, with parents, depths and
    /// anchors for graph witnesses, and the outcomes and handoffs reached.
    private mutating func walkGraphFromStart() {
        let flow = program[id]
        let n = flow.states.count
        graphReachable = [Bool](repeating: false, count: n)
        graphParent = [(state: Int, edge: Int)?](repeating: nil, count: n)
        graphDepth = [Int](repeating: 0, count: n)
        graphAnchor = Array(0..<n)
        var queue = [flow.start.index]
        graphReachable[flow.start.index] = true
        var head = 0
        while head < queue.count {
            let s = queue[head]
            head += 1
            if requests[s] { mayRequest = true }
            if let handoff = flow.states[s].handoff { graphHandoffs.insert(handoff.outcome) }
            let edges = stateEdges[s]
            for e in graphEdges[s] {
                switch edges[e].transition.target {
                case .outcome(let o): graphOutcomes.insert(o)
                case .state(let t):
                    if !graphReachable[t.index] {
                        graphReachable[t.index] = true
                        graphParent[t.index] = (s, e)
                        graphDepth[t.index] = graphDepth[s] + 1
                        graphAnchor[t.index] = graphDepth[t.index] <= Witness.headLength ? t.index : graphAnchor[s]
                        queue.append(t.index)
                    }
                }
            }
        }
    }
}

/// The plain graph's state-to-state steps as one list with offsets, forwards (for the components)
/// and backwards: a list per state each way was two allocations a state in every flow. Given the
/// two arrays it reads, not the storage, which a build step would copy whole to pass.
struct GraphAdjacency {
    var successorStart: [Int]
    var successorList: [Int] = []
    var predecessorStart: [Int]
    var predecessorList: [Int]
    /// Whether a state has a graph edge straight to an outcome.
    var endsInOutcome: [Bool]

    init(stateEdges: [[FlowEdge]], graphEdges: [[Int]]) {
        let n = stateEdges.count
        successorStart = [Int](repeating: 0, count: n + 1)
        predecessorStart = [Int](repeating: 0, count: n + 1)
        endsInOutcome = [Bool](repeating: false, count: n)
        for s in 0..<n {
            let edges = stateEdges[s]
            for e in graphEdges[s] {
                switch edges[e].transition.target {
                case .outcome: endsInOutcome[s] = true
                case .state(let t):
                    successorList.append(t.index)
                    predecessorStart[t.index + 1] += 1
                }
            }
            successorStart[s + 1] = successorList.count
        }
        for s in 0..<n { predecessorStart[s + 1] += predecessorStart[s] }
        predecessorList = [Int](repeating: 0, count: successorList.count)
        var fill = predecessorStart
        for s in 0..<n {
            for t in successorList[successorStart[s]..<successorStart[s + 1]] {
                predecessorList[fill[t]] = s
                fill[t] += 1
            }
        }
    }

    func predecessors(_ s: Int) -> ArraySlice<Int> {
        predecessorList[predecessorStart[s]..<predecessorStart[s + 1]]
    }

    /// Marks, backwards from the states already marked, every predecessor `passes` lets through,
    /// until nothing changes.
    func markBackwards(_ marks: inout [Bool], passes: (Int) -> Bool) {
        var work = marks.indices.filter { marks[$0] }
        while let s = work.popLast() {
            for p in predecessors(s) where !marks[p] && passes(p) {
                marks[p] = true
                work.append(p)
            }
        }
    }
}
