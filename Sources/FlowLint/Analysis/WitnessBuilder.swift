import FlowModel
import FlowSyntax

/// Builds the witnesses of the findings in one flow. Each step of a path is put into words once
/// and reused: findings deep in a long flow share most of their paths from the start, and
/// rendering every path from scratch made linting quadratic in the states of a flow (14% of
/// the profile at 1600 states). What is left per finding is copying its own steps.
public struct WitnessBuilder {
    public let analysis: FlowAnalysis
    private let flow: Flow
    private var start: WitnessStep?
    /// The step into an analysis node from its BFS parent, by node.
    private var nodeSteps: [Int: WitnessStep] = [:]
    /// The step into a state from its graph BFS parent, by state index.
    private var graphSteps: [Int: WitnessStep] = [:]

    public init(_ analysis: FlowAnalysis) {
        self.analysis = analysis
        self.flow = analysis.flow
    }

    /// The shortest path from the start to `node`, as numbered-step material.
    public mutating func witness(to node: Int) -> [WitnessStep] {
        var chain: [Int] = []
        var current = node
        while let p = analysis.nodes[current].parent?.node {
            chain.append(current)
            current = p
        }
        var steps = [startStep()]
        steps.reserveCapacity(chain.count + 2)
        for n in chain.reversed() { steps.append(step(into: n)) }
        let last = analysis.nodes[node]
        let state = flow.states[last.state.index]
        steps.append(WitnessStep("reaches '\(state.name)'" + analysis.knowledgeSuffix(last.knowledge), at: state.nameRange))
        return steps
    }

    /// A witness to the first (shortest) node of a state, or a graph path when the analysis never
    /// reaches it but the plain graph does.
    public mutating func witness(toState s: StateID) -> [WitnessStep] {
        if let n = analysis.nodesOfState[s.index].first { return witness(to: n) }
        guard analysis.graphReachable[s.index] else { return [] }
        var chain: [Int] = []
        var current = s.index
        while let p = analysis.graphParent[current] {
            chain.append(current)
            current = p.state
        }
        var steps = [startStep()]
        steps.reserveCapacity(chain.count + 2)
        for t in chain.reversed() { steps.append(graphStep(into: t)) }
        steps.append(WitnessStep("reaches '\(flow.states[s.index].name)'", at: flow.states[s.index].nameRange))
        return steps
    }

    private mutating func startStep() -> WitnessStep {
        if let start { return start }
        let first = flow.states[flow.start.index]
        let step = WitnessStep("flow '\(flow.name)' starts at '\(first.name)'", at: first.nameRange)
        start = step
        return step
    }

    private mutating func step(into node: Int) -> WitnessStep {
        if let known = nodeSteps[node] { return known }
        let parent = analysis.nodes[node].parent!
        let from = analysis.nodes[parent.node].state.index
        let state = flow.states[from]
        let step = WitnessStep("in '\(state.name)': \(analysis.describe(parent.cause, in: state))",
                               at: analysis.stateEdges[from][parent.edge].transition.range)
        nodeSteps[node] = step
        return step
    }

    private mutating func graphStep(into target: Int) -> WitnessStep {
        if let known = graphSteps[target] { return known }
        let (from, edge) = analysis.graphParent[target]!
        let state = flow.states[from]
        let e = analysis.stateEdges[from][edge]
        let step = WitnessStep("in '\(state.name)': \(FlowAnalysis.describe(e, in: state, program: analysis.program))",
                               at: e.transition.range)
        graphSteps[target] = step
        return step
    }
}
