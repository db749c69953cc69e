import FlowLint
import FlowModel
import FlowSyntax

/// State graphs as Mermaid (renders in GitHub pull requests) and Graphviz DOT. Deterministic:
/// flows in program order, states in declaration order, edges in source order. Unreachable
/// states are dashed, traps filled red, states with findings outlined in the colour of their
/// worst finding (errors red, warnings orange, notes blue); DOT output ends with a legend.
public enum GraphFormats {
    /// The graph languages `flowlint --graph` writes.
    public enum Style: String, Sendable { case mermaid, dot }

    struct FlowView {
        var analysis: FlowAnalysis
        var program: Program
        /// States with a finding inside them, with the worst severity found there.
        var flagged: [Int: Severity]
    }

    /// A finding as the graph places it: in the state whose text holds its start.
    public struct PlacedFinding: Sendable {
        public var path: String
        public var offset: Int
        public var severity: Severity

        public init(path: String, offset: Int, severity: Severity) {
            self.path = path
            self.offset = offset
            self.severity = severity
        }
    }

    /// One view per flow of the linted entries, each flow once (an imported file reached from
    /// several entries is drawn from the first).
    static func views(_ reports: [LintReport], findings: [PlacedFinding]) -> [FlowView] {
        var views: [FlowView] = []
        var seen = Set<String>()
        for report in reports {
            guard let analysis = report.analysis else { continue }
            let program = analysis.program
            for (i, flow) in program.flows.enumerated() {
                let path = program.file(flow.nameRange.file).path
                guard seen.insert(path + "\u{0}" + flow.name).inserted else { continue }
                var flagged: [Int: Severity] = [:]
                for f in findings where f.path == path {
                    for (s, state) in flow.states.enumerated()
                    where state.range.start.offset <= f.offset && f.offset < state.range.end.offset {
                        flagged[s] = worse(flagged[s], f.severity)
                    }
                }
                views.append(FlowView(analysis: analysis[FlowID(i)], program: program, flagged: flagged))
            }
        }
        return views
    }

    static func worse(_ a: Severity?, _ b: Severity) -> Severity {
        func rank(_ s: Severity) -> Int {
            switch s {
            case .error: 2
            case .warning: 1
            case .note: 0
            }
        }
        guard let a else { return b }
        return rank(a) >= rank(b) ? a : b
    }

    /// The label of an edge: the branch, button or arm that takes it ("" for a plain `goto`).
    public static func label(_ edge: FlowEdge, in state: FlowState, program: Program) -> String {
        switch (edge.kind, state.terminator) {
        case (.goto, _): return ""
        case (.capability(let yes), .capability(let check)):
            return yes ? check.capability.armNames.yes : check.capability.armNames.no
        case (.arm(let i), .status(let check)): return check.arms[i].spelling
        case (.arm(let i), .request(let request)): return request.arms[i].spelling
        case (.arm(let i), .call(let call)):
            return call.arms[i].outcomes.map { program[call.callee].outcomes[$0].name }.joined(separator: ", ")
        case (.otherwise, .request(let request)) where request.arms.isEmpty: return ""
        case (.otherwise, _): return "else"
        case (.button(let i), .alert(let a)): return program.baseText(a.buttons[i].label)
        case (.settingsReturn, _): return "on return"
        case (.limitElse, _): return "not due"
        case (.arm(let i), .variant(let branch)): return branch.arms[i].name
        default: return ""
        }
    }

    static func stateLabel(_ state: FlowState, in flow: Flow, program: Program) -> String {
        func name(_ ref: PermissionRef) -> String { GraphFormats.name(ref, in: flow) }
        let what: String
        switch state.terminator {
        case .goto: what = ""
        case .capability(let check): what = "capability \(check.capability.rawValue)"
        case .status(let check): what = "status " + check.subjects.map(name).joined(separator: ", ")
        case .request(let request): what = "request " + name(request.subject)
        case .alert(let a): what = "\(a.noun) " + (a.title.map { program.baseText($0) } ?? "")
        case .openSettings(let open): what = "open \(open.page.rawValue)"
        case .call(let call): what = "call \(program[call.callee].name)"
        case .variant(let branch): what = "variant \(flow.experiments[branch.experiment].name)"
        }
        // A limited state says so on its card: its `else` edge is labelled "not due".
        let limit = state.limit.map { "\nlimit " + $0.clauseText } ?? ""
        return (what.isEmpty ? state.name : "\(state.name)\n\(what)") + limit
    }

    /// A permission as the flow's text names it: the kind, or the parameter's own name
    /// (`status p`, not its position).
    static func name(_ ref: PermissionRef, in flow: Flow) -> String {
        switch ref {
        case .kind(let k): k.rawValue
        case .parameter(let i): flow.parameters.indices.contains(i) ? flow.parameters[i].name : "parameter \(i + 1)"
        }
    }

    /// The graphs of every flow the reports analysed, in `style`.
    public static func render(_ reports: [LintReport], findings: [PlacedFinding], style: Style) -> String {
        let graphs = views(reports, findings: findings).enumerated().map { graph($1, prefix: "f\($0)_") }
        switch style {
        case .mermaid: return mermaid(graphs)
        case .dot: return dot(graphs)
        }
    }

    /// One flow's nodes and edges in print order (start, states, used outcomes; the start edge,
    /// then each state's edges in source order), which both writers format.
    public struct Graph {
        public enum Shape: Sendable { case start, state, outcome }
        public struct Node {
            public var id: String
            public var label: String
            public var shape: Shape
            public var unreachable = false, trap = false
            public var finding: Severity?

            public init(
                id: String, label: String, shape: Shape, unreachable: Bool = false, trap: Bool = false,
                finding: Severity? = nil
            ) {
                self.id = id
                self.label = label
                self.shape = shape
                self.unreachable = unreachable
                self.trap = trap
                self.finding = finding
            }
        }
        public struct Link {
            public var from: String, to: String, label: String

            public init(from: String, to: String, label: String) {
                self.from = from
                self.to = to
                self.label = label
            }
        }
        public var title: String
        public var nodes: [Node] = []
        public var links: [Link] = []

        public init(title: String) { self.title = title }
    }

    static func graph(_ view: FlowView, prefix: String) -> Graph {
        let flow = view.analysis.flow
        var graph = Graph(title: "flow " + flow.name)
        graph.nodes.append(Graph.Node(id: prefix + "start", label: "start", shape: .start))
        for (s, state) in flow.states.enumerated() {
            let reachable = view.analysis.graphReachable[s]
            graph.nodes.append(
                Graph.Node(
                    id: "\(prefix)s\(s)", label: stateLabel(state, in: flow, program: view.program), shape: .state,
                    unreachable: !reachable, trap: reachable && !view.analysis.canReachOutcome[s],
                    finding: view.flagged[s]))
        }
        var usedOutcomes = Set<Int>()
        for state in flow.states {
            for transition in state.transitions {
                if case .outcome(let o) = transition.target { usedOutcomes.insert(o) }
            }
        }
        for (o, outcome) in flow.outcomes.enumerated() where usedOutcomes.contains(o) {
            graph.nodes.append(Graph.Node(id: "\(prefix)o\(o)", label: "done " + outcome.name, shape: .outcome))
        }
        graph.links.append(Graph.Link(from: prefix + "start", to: "\(prefix)s\(flow.start.index)", label: ""))
        for (s, state) in flow.states.enumerated() {
            for edge in state.edges {
                let target =
                    switch edge.transition.target {
                    case .state(let t): "\(prefix)s\(t.index)"
                    case .outcome(let o): "\(prefix)o\(o)"
                    }
                graph.links.append(
                    Graph.Link(from: "\(prefix)s\(s)", to: target, label: label(edge, in: state, program: view.program))
                )
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
                if let severity = node.finding { classes.append((node.id, severity.description)) }
            }
        }
        out += "  classDef unreachable stroke-dasharray: 5 5,fill:#eeeeee,color:#777777\n"
        out += "  classDef trap fill:#ffd6d6\n"
        for severity in [Severity.error, .warning, .note] {
            out +=
                "  classDef \(severity.description) stroke:\(colour(severity)),stroke-width:\(penWidth(severity))px\n"
        }
        for (id, cls) in classes { out += "  class \(id) \(cls)\n" }
        return out
    }

    static func dot(_ graphs: [Graph]) -> String {
        func q(_ s: String) -> String {
            "\"" + s.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"").replacingAll("\n", with: "\\n")
                + "\""
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
                    if node.unreachable {
                        styles.append("dashed")
                        attributes.append("fontcolor=gray40")
                    }
                    if node.trap {
                        styles.append("filled")
                        attributes.append("fillcolor=\"#ffd6d6\"")
                    }
                    if let severity = node.finding {
                        attributes.append("color=\"\(colour(severity))\"")
                        attributes.append("penwidth=\(penWidth(severity))")
                    }
                    attributes.insert("style=\(q(styles.joined(separator: ",")))", at: 1)
                    out += "    \(node.id) [\(attributes.joined(separator: ", "))];\n"
                }
            }
            for link in graph.links {
                out +=
                    "    \(link.from) -> \(link.to)" + (link.label.isEmpty ? "" : " [label=\(q(link.label))]") + ";\n"
            }
            out += "  }\n"
        }
        return out + legend + "}\n"
    }

    static func colour(_ severity: Severity) -> String {
        switch severity {
        case .error: "#d00000"
        case .warning: "#e08000"
        case .note: "#2060c0"
        }
    }

    static func penWidth(_ severity: Severity) -> Int { severity == .error ? 3 : 2 }

    /// What the styles mean, as a cluster of sample nodes below the flows.
    static var legend: String {
        var out = "  subgraph cluster_legend {\n    label=\"legend\";\n    style=dotted;\n"
        out += "    legend_unreachable [label=\"unreachable\", style=\"rounded,dashed\", fontcolor=gray40];\n"
        out += "    legend_trap [label=\"trap (no outcome)\", style=\"rounded,filled\", fillcolor=\"#ffd6d6\"];\n"
        for severity in [Severity.error, .warning, .note] {
            out +=
                "    legend_\(severity.description) [label=\"\(severity.description)\", style=\"rounded\", "
                + "color=\"\(colour(severity))\", penwidth=\(penWidth(severity))];\n"
        }
        out += "    legend_unreachable -> legend_trap -> legend_error -> legend_warning -> legend_note [style=invis];\n"
        return out + "  }\n"
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
