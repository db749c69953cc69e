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
        case (.capability(let yes), .capability(let c, _, _, _)): return yes ? c.armNames.yes : c.armNames.no
        case (.arm(let i), .status(_, let arms, _, _)), (.arm(let i), .request(_, _, let arms, _, _)): return arms[i].spelling
        case (.arm(let i), .call(let callee, _, let arms, _, _)):
            return arms[i].outcomes.map { program[callee].outcomes[$0].name }.joined(separator: ", ")
        case (.otherwise, .request(_, _, let arms, _, _)) where arms.isEmpty: return ""
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
        case .capability(let c, _, _, _): what = "capability \(c.rawValue)"
        case .status(let refs, _, _, _): what = "status " + refs.map(name).joined(separator: ", ")
        case .request(let r, _, _, _, _): what = "request " + name(r)
        case .alert(let a): what = "alert " + (a.title.map { program.baseText($0) } ?? "")
        case .openSettings(let page, _, _): what = "open \(page.rawValue)"
        case .call(let f, _, _, _, _): what = "call \(program[f].name)"
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
        let views = views(results)
        switch style {
        case .mermaid: return mermaid(views)
        case .dot: return dot(views)
        }
    }

    static func mermaid(_ views: [FlowView]) -> String {
        func q(_ s: String) -> String {
            "\"" + s.replacingAll("\"", with: "#quot;").replacingAll("\n", with: "<br/>") + "\""
        }
        var out = "flowchart TD\n"
        var classes: [(String, String)] = []
        for (v, view) in views.enumerated() {
            let flow = view.analysis.flow
            let prefix = "f\(v)_"
            out += "  subgraph \(prefix)flow[\(q("flow " + flow.name))]\n"
            out += "    \(prefix)start((start))\n"
            for (s, state) in flow.states.enumerated() {
                out += "    \(prefix)s\(s)[\(q(stateLabel(state, program: view.program)))]\n"
            }
            for (o, outcome) in flow.outcomes.enumerated() where usesOutcome(flow, o) {
                out += "    \(prefix)o\(o)([\(q("done " + outcome.name))])\n"
            }
            out += "    \(prefix)start --> \(prefix)s\(flow.start.index)\n"
            for (s, state) in flow.states.enumerated() {
                for edge in state.terminator.edges {
                    let target = switch edge.transition.target {
                    case .state(let t): "\(prefix)s\(t.index)"
                    case .outcome(let o): "\(prefix)o\(o)"
                    }
                    let l = label(edge, in: state, program: view.program)
                    out += "    \(prefix)s\(s) -->" + (l.isEmpty ? " " : "|\(q(l))| ") + target + "\n"
                }
            }
            out += "  end\n"
            for s in flow.states.indices {
                let id = "\(prefix)s\(s)"
                if !view.analysis.graphReachable[s] { classes.append((id, "unreachable")) }
                else if !view.analysis.canReachOutcome[s] { classes.append((id, "trap")) }
                if view.flagged.contains(s) { classes.append((id, "finding")) }
            }
        }
        out += "  classDef unreachable stroke-dasharray: 5 5,fill:#eeeeee,color:#777777\n"
        out += "  classDef trap fill:#ffd6d6\n"
        out += "  classDef finding stroke:#d00000,stroke-width:3px\n"
        for (id, cls) in classes { out += "  class \(id) \(cls)\n" }
        return out
    }

    static func dot(_ views: [FlowView]) -> String {
        func q(_ s: String) -> String {
            "\"" + s.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"").replacingAll("\n", with: "\\n") + "\""
        }
        var out = "digraph flowlint {\n  rankdir=TB;\n  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n"
        for (v, view) in views.enumerated() {
            let flow = view.analysis.flow
            let prefix = "f\(v)_"
            out += "  subgraph cluster_\(v) {\n    label=\(q("flow " + flow.name));\n"
            out += "    \(prefix)start [shape=circle, label=\"start\"];\n"
            for (s, state) in flow.states.enumerated() {
                var attributes = ["label=\(q(stateLabel(state, program: view.program)))"]
                var styles = ["rounded"]
                if !view.analysis.graphReachable[s] { styles.append("dashed"); attributes.append("fontcolor=gray40") }
                else if !view.analysis.canReachOutcome[s] { styles.append("filled"); attributes.append("fillcolor=\"#ffd6d6\"") }
                if view.flagged.contains(s) { attributes.append("color=red"); attributes.append("penwidth=3") }
                attributes.insert("style=\(q(styles.joined(separator: ",")))", at: 1)
                out += "    \(prefix)s\(s) [\(attributes.joined(separator: ", "))];\n"
            }
            for (o, outcome) in flow.outcomes.enumerated() where usesOutcome(flow, o) {
                out += "    \(prefix)o\(o) [shape=oval, label=\(q("done " + outcome.name))];\n"
            }
            out += "    \(prefix)start -> \(prefix)s\(flow.start.index);\n"
            for (s, state) in flow.states.enumerated() {
                for edge in state.terminator.edges {
                    let target = switch edge.transition.target {
                    case .state(let t): "\(prefix)s\(t.index)"
                    case .outcome(let o): "\(prefix)o\(o)"
                    }
                    let l = label(edge, in: state, program: view.program)
                    out += "    \(prefix)s\(s) -> \(target)" + (l.isEmpty ? "" : " [label=\(q(l))]") + ";\n"
                }
            }
            out += "  }\n"
        }
        return out + "}\n"
    }

    static func usesOutcome(_ flow: Flow, _ o: Int) -> Bool {
        flow.states.contains { $0.terminator.transitions.contains { $0.target == .outcome(o) } }
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
