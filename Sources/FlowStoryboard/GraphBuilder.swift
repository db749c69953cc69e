import FlowLint
import FlowModel
import FlowRuntime
import FlowSyntax

/// The graph part of a storyboard: which flows are drawn (the explored one and every flow its
/// paths enter), what the paths cover, and where the findings and their witnesses are. Node IDs
/// are GraphFormats' (`f<flow index>_s<state index>`, `_o<outcome>`, `_start`), links `from>to`.
struct GraphBuilder {
    var program: Program
    var root: FlowID
    var analysis: ProgramAnalysis?
    var findings: [Finding]
    private(set) var flows: Set<Int>
    private(set) var coveredNodes = Set<String>()
    private(set) var coveredLinks = Set<String>()

    init(program: Program, root: FlowID, analysis: ProgramAnalysis?, findings: [Finding]) {
        self.program = program
        self.root = root
        self.analysis = analysis
        self.findings = findings
        self.flows = [root.index]
    }

    func prefix(_ flow: Int) -> String { "f\(flow)_" }

    /// Marks what `trace` visits as covered and its flows as drawn.
    mutating func cover(_ trace: [TraceStep]) {
        let t = trail(trace)
        coveredNodes.formUnion(t.nodes)
        coveredLinks.formUnion(t.links)
        for step in trace {
            if let f = program.flow(named: step.context.flow) { flows.insert(f.index) }
        }
    }

    /// The nodes a trace visits (in order) and the links it takes.
    func trail(_ trace: [TraceStep]) -> (nodes: [String], links: [String]) {
        var nodes: [String] = []
        var links: [String] = []
        for (i, step) in trace.enumerated() {
            guard let f = program.flow(named: step.context.flow), let s = program[f].state(named: step.context.state)
            else { continue }
            let p = prefix(f.index)
            let node = "\(p)s\(s.index)"
            if i == 0 {
                nodes.append(p + "start")
                links.append("\(p)start>\(node)")
            }
            if step.isVisit { nodes.append(node) }
            switch step.next {
            case .state(let name):
                if let t = program[f].state(named: name) { links.append("\(node)>\(p)s\(t.index)") }
            case .outcome(let name):
                if let o = program[f].outcomes.firstIndex(where: { $0.name == name }) {
                    links.append("\(node)>\(p)o\(o)")
                    nodes.append("\(p)o\(o)")
                }
            case .enter(let flowName, let stateName):
                if let c = program.flow(named: flowName), let t = program[c].state(named: stateName) {
                    let q = prefix(c.index)
                    nodes.append(q + "start")
                    links.append("\(q)start>\(q)s\(t.index)")
                }
            case .stopped: break
            }
        }
        return (nodes, links)
    }

    /// The drawn flows in program order, root first.
    var drawnFlows: [Int] { [root.index] + flows.subtracting([root.index]).sorted() }

    func drawings() -> [GraphLayout.Drawing] {
        guard let analysis else { return [] }
        return drawnFlows.map { f in
            var flagged: [Int: Severity] = [:]
            for (s, state) in program.flows[f].states.enumerated() {
                for finding in findings {
                    guard let r = finding.diagnostic.range, StoryReader.contains(state.range, r) else { continue }
                    flagged[s] = GraphFormats.worse(flagged[s], finding.diagnostic.severity)
                }
            }
            let view = GraphFormats.FlowView(analysis: analysis[FlowID(f)], program: program, flagged: flagged)
            return GraphLayout.layout(
                GraphFormats.graph(view, prefix: prefix(f)), coveredNodes: coveredNodes, coveredLinks: coveredLinks)
        }
    }

    /// The state node a range lies in, among the drawn flows.
    func node(containing range: SourceRange) -> String? {
        for f in drawnFlows {
            if let s = program.flows[f].states.firstIndex(where: { StoryReader.contains($0.range, range) }) {
                return "\(prefix(f))s\(s)"
            }
        }
        return nil
    }

    /// Each finding with the nodes and links of its witness path.
    func placedFindings() -> [Storyboard.GraphFinding] {
        findings.map { f in
            var nodes: [String] = []
            for step in f.witness.steps {
                if let r = step.range, let n = node(containing: r), nodes.last != n { nodes.append(n) }
            }
            if let r = f.diagnostic.range, let n = node(containing: r), nodes.last != n { nodes.append(n) }
            var links: [String] = []
            for (a, b) in zip(nodes, nodes.dropFirst()) { links.append("\(a)>\(b)") }
            var location = "?"
            if let r = f.diagnostic.range, program.files.indices.contains(r.file.index) {
                location = "\(program.files[r.file.index].path):\(r.start.line):\(r.start.column)"
            }
            return .init(
                id: f.ruleID.rawValue, severity: f.diagnostic.severity, message: f.diagnostic.message,
                location: location,
                nodes: nodes, links: links)
        }
    }
}
