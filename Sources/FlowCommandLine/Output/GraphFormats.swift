import FlowLint
import FlowModel
import FlowSyntax

/// State graphs as Mermaid (renders in GitHub pull requests) and Graphviz DOT. Deterministic:
/// flows in program order, states in declaration order, edges in source order. Unreachable
/// states are dashed, traps filled red, states with findings outlined.
enum GraphFormats {
    enum Style: String { case mermaid, dot }

    struct FlowView {
        var analysis: FlowAnalysis
        var program: Program
        /// States with a finding inside them.
        var flagged: Set<Int>
    }

    static func views(_ results: LintResults) -> [FlowView] {
        var views: [FlowView] = []
        var seen = Set<String>()
        for report in results.reports {
            guard let analysis = report.analysis else { continue }
            let program = analysis.program
            for (i, flow) in program.flows.enumerated() {
                let path = program.file(flow.nameRange.file).path
                guard seen.insert(path + "\u{0}" + flow.name).inserted else { continue }
                var flagged = Set<Int>()
                for f in results.findings {
                    guard let r = f.diagnostic.range, f.path(of: r) == path else { continue }
                    for (s, state) in flow.states.enumerated()
                    where state.range.start.offset <= r.start.offset && r.start.offset < state.range.end.offset {
                        flagged.insert(s)
                    }
                }
                views.append(FlowView(analysis: analysis[FlowID(i)], program: program, flagged: flagged))
            }
        }
        return views
    }

    static func label(_ edge: Edge, in state: State, program: Program) -> String {
        switch (edge.kind, state.terminator) {
        case (.goto, _): return ""
        case (.capability(let yes), .capability(let check)): return yes ? check.capability.armNames.yes : check.capability.armNames.no
        case (.arm(let i), .status(let check)): return check.arms[i].spelling
        case (.arm(let i), .request(let request)): return request.arms[i].spelling
        case (.arm(let i), .call(let call)):
            return call.arms[i].outcomes.map { program[call.callee].outcomes[$0].name }.joined(separator: ", ")
        case (.otherwise, .request(let request)) where request.arms.isEmpty: return ""
        case (.otherwise, _): return "else"
        case (.button(let i), .alert(let a)): return program.baseText(a.buttons[i].label)
        case (.settingsReturn, _): return "on return"
        default: return ""
        }
    }

    static func stateLabel(_ state: State, program: Program) -> String {
        let what: String
        switch state.terminator {
        case .goto: what = ""
        case .capability(let check): what = "capability \(check.capability.rawValue)"
        case .status(let check): what = "status " + check.subjects.map(name).joined(separator: ", ")
        case .request(let request): what = "request " + name(request.subject)
        case .alert(let a): what = "alert " + (a.title.map { program.baseText($0) } ?? "")
        case .openSettings(let open): what = "open \(open.page.rawValue)"
        case .call(let call): what = "call \(program[call.callee].name)"
        }
        return what.isEmpty ? state.name : "\(state.name)\n\(what)"
    }

    static func name(_ ref: PermissionRef) -> String {
        switch ref {
        case .kind(let k): k.rawValue
        case .parameter(let i): "parameter \(i + 1)"
        }
    }

    static func render(_ results: LintResults, style: Style) -> String {
        let graphs = views(results).enumerated().map { graph($1, prefix: "f\($0)_") }
        switch style {
        case .mermaid: return mermaid(graphs)
        case .dot: return dot(graphs)
        }
    }

    /// One flow's nodes and edges in print order (start, states, used outcomes; the start edge,
    /// then each state's edges in source order), which both writers format.
    struct Graph {
        enum Shape { case start, state, outcome }
        struct Node {
            var id: String
            var label: String
            var shape: Shape
            var unreachable = false, trap = false, finding = false
        }
        struct Link {
            var from: String, to: String, label: String
        }
        var title: String
        var nodes: [Node] = []
        var links: [Link] = []
    }

    static func graph(_ view: FlowView, prefix: String) -> Graph {
        let flow = view.analysis.flow
        var graph = Graph(title: "flow " + flow.name)
        graph.nodes.append(Graph.Node(id: prefix + "start", label: "start", shape: .start))
        for (s, state) in flow.states.enumerated() {
            let reachable = view.analysis.graphReachable[s]
            graph.nodes.append(Graph.Node(id: "\(prefix)s\(s)", label: stateLabel(state, program: view.program), shape: .state,
                                          unreachable: !reachable, trap: reachable && !view.analysis.canReachOutcome[s],
                                          finding: view.flagged.contains(s)))
        }
        var usedOutcomes = Set<Int>()
        for state in flow.states {
            for transition in state.terminator.transitions {
                if case .outcome(let o) = transition.target { usedOutcomes.insert(o) }
            }
        }
        for (o, outcome) in flow.outcomes.enumerated() where usedOutcomes.contains(o) {
            graph.nodes.append(Graph.Node(id: "\(prefix)o\(o)", label: "done " + outcome.name, shape: .outcome))
        }
        graph.links.append(Graph.Link(from: prefix + "start", to: "\(prefix)s\(flow.start.index)", label: ""))
        for (s, state) in flow.states.enumerated() {
            for edge in state.terminator.edges {
                let target = switch edge.transition.target {
                case .state(let t): "\(prefix)s\(t.index)"
                case .outcome(let o): "\(prefix)o\(o)"
                }
                graph.links.append(Graph.Link(from: "\(prefix)s\(s)", to: target, label: label(edge, in: state, program: view.program)))
            }
        }
        return graph
    }

    static func mermaid(_ graphs: [Graph]) -> String {
        func q(_ s: String) -> String {
            "\"" + s.replacingAll("\"", with: "#quot;").replacingAll("\n", with: "<br/>") + "\""
        }
        var out = "flowchart TD\n"
        var classes: [(String, String)] = []
        for (v, graph) in graphs.enumerated() {
            out += "  subgraph f\(v)_flow[\(q(graph.title))]\n"
            for node in graph.nodes {
                switch node.shape {
                case .start: out += "    \(node.id)((start))\n"
                case .state: out += "    \(node.id)[\(q(node.label))]\n"
                case .outcome: out += "    \(node.id)([\(q(node.label))])\n"
                }
            }
            for link in graph.links {
                out += "    \(link.from) -->" + (link.label.isEmpty ? " " : "|\(q(link.label))| ") + link.to + "\n"
            }
            out += "  end\n"
            for node in graph.nodes {
                if node.unreachable { classes.append((node.id, "unreachable")) }
                if node.trap { classes.append((node.id, "trap")) }
                if node.finding { classes.append((node.id, "finding")) }
            }
        }
        out += "  classDef unreachable stroke-dasharray: 5 5,fill:#eeeeee,color:#777777\n"
        out += "  classDef trap fill:#ffd6d6\n"
        out += "  classDef finding stroke:#d00000,stroke-width:3px\n"
        for (id, cls) in classes { out += "  class \(id) \(cls)\n" }
        return out
    }

    static func dot(_ graphs: [Graph]) -> String {
        func q(_ s: String) -> String {
            "\"" + s.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"").replacingAll("\n", with: "\\n") + "\""
        }
        var out = "digraph flowlint {\n  rankdir=TB;\n  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n"
        for (v, graph) in graphs.enumerated() {
            out += "  subgraph cluster_\(v) {\n    label=\(q(graph.title));\n"
            for node in graph.nodes {
                switch node.shape {
                case .start:
                    out += "    \(node.id) [shape=circle, label=\"start\"];\n"
                case .outcome:
                    out += "    \(node.id) [shape=oval, label=\(q(node.label))];\n"
                case .state:
                    var attributes = ["label=\(q(node.label))"]
                    var styles = ["rounded"]
                    if node.unreachable { styles.append("dashed"); attributes.append("fontcolor=gray40") }
                    if node.trap { styles.append("filled"); attributes.append("fillcolor=\"#ffd6d6\"") }
                    if node.finding { attributes.append("color=red"); attributes.append("penwidth=3") }
                    attributes.insert("style=\(q(styles.joined(separator: ",")))", at: 1)
                    out += "    \(node.id) [\(attributes.joined(separator: ", "))];\n"
                }
            }
            for link in graph.links {
                out += "    \(link.from) -> \(link.to)" + (link.label.isEmpty ? "" : " [label=\(q(link.label))]") + ";\n"
            }
            out += "  }\n"
        }
        return out + "}\n"
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
