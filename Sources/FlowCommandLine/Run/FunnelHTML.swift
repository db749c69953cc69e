import FlowAnalytics
import FlowModel
import FlowStoryboard

/// `flowrun funnel --html FILE`: one self-contained page per funnel, the entry flow's graph per
/// variant (laid out by the storyboard's `GraphLayout`, unchanged) with the measured runs on its
/// states and on the branches whose buttons send an event. Every string from the flow or the
/// events is escaped: copy never becomes markup.
enum FunnelHTML {
    static func render(_ report: FunnelReport, program: Program, flow: FlowID, file: String) -> String {
        let esc = StoryboardHTML.escape
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"generator\" content=\"flowrun \(FlowrunCommand.version)\">\n"
        out +=
            "<title>\(esc("funnel of flow " + program[flow].name))</title>\n<style>\n\(css)</style>\n</head>\n<body>\n"
        out += "<h1>\(esc("funnel of flow " + program[flow].name))</h1>\n<p class=\"file\">\(esc(file))</p>\n"
        let counter = report.counter
        for (v, counts) in counter.counts.enumerated() {
            out += "<section data-variant=\"\(esc(counter.variants[v]))\">\n"
            out += "<h2>variant \(esc(counter.variants[v])): \(counts.runs) runs</h2>\n"
            if !report.optIn.isEmpty {
                let rate = report.optInRates[v]
                out +=
                    "<p class=\"optin\">opt-in (\(esc(report.optIn.joined(separator: ", ")))): \(rate.successes)/\(rate.trials) = \(FunnelReport.percentText(rate.rate)), 95% CI \(FunnelReport.percentText(rate.low))–\(FunnelReport.percentText(rate.high)) (Wilson)</p>\n"
            }
            let graph = Self.graph(program: program, flow: flow, map: counter.map, counts: counts)
            out += svg(GraphLayout.layout(graph, coveredNodes: [], coveredLinks: []))
            out += "</section>\n"
        }
        return out + "</body>\n</html>\n"
    }

    /// The entry flow's graph, its labels carrying the counts: a state that sends events shows the
    /// runs that reached it, a button branch that sends one its runs, an outcome its runs.
    static func graph(program: Program, flow id: FlowID, map: FunnelMap, counts: FunnelCounter.VariantCounts)
        -> GraphFormats.Graph
    {
        let flow = program[id]
        func share(_ n: Int) -> String {
            "\(n) (\(FunnelReport.percentText(counts.runs > 0 ? Double(n) / Double(counts.runs) : nil)))"
        }
        var graph = GraphFormats.Graph(title: "flow " + flow.name)
        graph.nodes.append(.init(id: "start", label: "start", shape: .start))
        for (s, state) in flow.states.enumerated() {
            var label = state.name
            if let site = map.site(state: state.name, button: nil) {
                label += "\nreached by " + share(counts.reached[site])
            }
            graph.nodes.append(.init(id: "s\(s)", label: label, shape: .state))
        }
        for (o, outcome) in flow.outcomes.enumerated()
        where flow.states.contains(where: { $0.transitions.contains { $0.target == .outcome(o) } }) {
            // The counters list only the outcomes a run can reach (`FunnelMap.outcomes`).
            let runs = map.outcomes.firstIndex(of: outcome.name).map { counts.outcomes[$0] } ?? 0
            graph.nodes.append(.init(id: "o\(o)", label: "done \(outcome.name)\n" + share(runs), shape: .outcome))
        }
        graph.links.append(.init(from: "start", to: "s\(flow.start.index)", label: ""))
        for (s, state) in flow.states.enumerated() {
            for edge in state.edges {
                let target =
                    switch edge.transition.target {
                    case .state(let t): "s\(t.index)"
                    case .outcome(let o): "o\(o)"
                    }
                var label = GraphFormats.label(edge, in: state, program: program)
                if case .button(let b) = edge.kind, let site = map.site(state: state.name, button: b) {
                    label += ": " + share(counts.reached[site])
                }
                graph.links.append(.init(from: "s\(s)", to: target, label: label))
            }
        }
        return graph
    }

    static func svg(_ d: GraphLayout.Drawing) -> String {
        let esc = StoryboardHTML.escape
        var out =
            "<svg viewBox=\"0 0 \(d.width) \(d.height)\" width=\"\(d.width)\" height=\"\(d.height)\" role=\"img\">\n"
        for e in d.edges { out += "<path class=\"edge\" d=\"\(e.path)\"/>\n" }
        for e in d.edges where !e.label.isEmpty {
            out += "<text class=\"elabel\" x=\"\(e.labelX)\" y=\"\(e.labelY)\">\(esc(e.label))</text>\n"
        }
        for n in d.nodes {
            out += "<g class=\"node shape-\(n.shape)\" transform=\"translate(\(n.x),\(n.y))\">"
            out += "<rect width=\"\(n.width)\" height=\"\(n.height)\" rx=\"\(n.shape == .state ? 6 : n.height / 2)\"/>"
            for (i, line) in n.lines.enumerated() {
                out += "<text x=\"\(n.width / 2)\" y=\"\(19 + GraphLayout.lineHeight * i)\">\(esc(line))</text>"
            }
            out += "</g>\n"
        }
        return out + "</svg>\n"
    }

    static let css = """
        body { font: 14px -apple-system, system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
        .file { color: #6e6e73; } .optin { font-weight: 600; }
        svg { display: block; margin: 12px 0 32px; }
        .edge { fill: none; stroke: #8e8e93; stroke-width: 1.5; }
        .elabel { font-size: 11px; fill: #0a60c2; text-anchor: middle; }
        .node rect { fill: #f2f2f7; stroke: #aeaeb2; } .shape-outcome rect { fill: #e3f6e8; stroke: #248a3d; }
        .node text { font-size: 12px; text-anchor: middle; }

        """
}
