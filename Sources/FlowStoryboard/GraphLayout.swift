/// A layered (Sugiyama-style) drawing of a state graph, computed here so the page needs no
/// layout library and the same graph always gets the same coordinates:
///
/// 1. edges that close a cycle (back edges of a depth-first search from `start`, in link order)
///    are reversed for layering only;
/// 2. each node's layer is the longest path to it from a source;
/// 3. nodes are ordered within layers by first discovery, then by four sweeps of the barycenter
///    heuristic (ties keep the previous order);
/// 4. layers are centred; edges are cubic curves, and back edges curve round the right side.
///
/// Everything is linear in nodes plus edges per sweep, and uses integers and fixed formatting,
/// so the SVG is byte-identical across runs.
public enum GraphLayout {
    public struct Node {
        /// The GraphFormats node ID (`data-node`); copies of an outcome share it.
        public var id: String
        /// Unique within the drawing.
        public var key: String
        public var lines: [String]
        public var shape: GraphFormats.Graph.Shape
        public var x = 0, y = 0, width = 0, height = 0
        public var unreachable = false, trap = false, finding = false, covered = false
    }

    public struct Edge {
        public var id: String
        public var from: String
        public var to: String
        public var label: String
        public var path = ""
        public var labelX = 0, labelY = 0
        public var covered = false
    }

    public struct Drawing {
        public var title: String
        public var nodes: [Node]
        public var edges: [Edge]
        public var width: Int
        public var height: Int
    }

    /// One coordinate of a cubic Bézier curve at `t`, rounded to whole pixels.
    static func bezier(_ t: Double, _ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int {
        let u = 1 - t
        let v = u * u * u * Double(a) + 3 * u * u * t * Double(b) + 3 * u * t * t * Double(c) + t * t * t * Double(d)
        return Int(v.rounded())
    }

    static let layerGap = 70, nodeGap = 28, margin = 20
    /// The height of one line of a node's text.
    public static let lineHeight = 15

    /// Lays out `graph`; `coveredNodes`/`coveredLinks` colour what the explored paths reach.
    public static func layout(
        _ original: GraphFormats.Graph, coveredNodes: Set<String>, coveredLinks: Set<String>
    ) -> Drawing {
        let graph = withOutcomeCopies(original)
        var work = Work(graph: graph, coveredNodes: coveredNodes)
        work.findBackEdges()
        work.assignLayers()
        work.orderLayers()
        let placed = work.place()
        let edges = work.route(placed, coveredLinks: coveredLinks)
        let right =
            placed.rightmost + (placed.sides.right == 0 ? 0 : 24 + laneGap * min(lanes, placed.sides.right)) + 60
        // Room under the last layer for the bands of its back edges and their labels' cards.
        let labelBottom = edges.filter { !$0.label.isEmpty }.map { $0.labelY + 8 }.max() ?? 0
        let height = max(placed.bottom - layerGap + margin, labelBottom)
        return Drawing(title: graph.title, nodes: work.nodes, edges: edges, width: right, height: height)
    }

    static let laneGap = 14, lanes = 8

    /// Each state that ends the flow gets its own copy of the outcome, just below it: edges into
    /// one shared outcome node would run the height of the graph. A copy's ID is `outcome#state`.
    static func withOutcomeCopies(_ original: GraphFormats.Graph) -> GraphFormats.Graph {
        var graph = original
        let outcomes = Set(original.nodes.filter { $0.shape == .outcome }.map(\.id))
        var copies: [GraphFormats.Graph.Node] = []
        var copied = Set<String>()
        graph.links = original.links.map { link in
            guard outcomes.contains(link.to) else { return link }
            let key = "\(link.to)#\(link.from)"
            if copied.insert(key).inserted, var node = original.nodes.first(where: { $0.id == link.to }) {
                node.id = key
                copies.append(node)
            }
            return GraphFormats.Graph.Link(from: link.from, to: key, label: link.label)
        }
        graph.nodes = original.nodes.filter { !outcomes.contains($0.id) } + copies
        return graph
    }

    /// The graph node ID of a drawing key (an outcome copy's key without its `#state`).
    static func id(_ key: String) -> String { key.split(separator: "#", maxSplits: 1).first.map(String.init) ?? key }

    /// A node sized for its lines: the second line (what the state does, e.g. an alert's title)
    /// is clipped, the name identifies it.
    static func sized(_ n: GraphFormats.Graph.Node, covered: Bool) -> Node {
        let lines = n.label.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 ? String($0.element) : StoryboardHTML.clip(String($0.element), 30) }
        let widest = lines.map { AlertMetrics.width(of: $0, size: 12.5) }.max() ?? 0
        let width = n.shape == .start ? 44 : max(80, Int(widest.rounded(.up)) + 28)
        let height = n.shape == .start ? 30 : 14 + lineHeight * lines.count
        return Node(
            id: id(n.id), key: n.id, lines: n.shape == .start ? ["start"] : lines, shape: n.shape, width: width,
            height: height, unreachable: n.unreachable, trap: n.trap, finding: n.finding != nil, covered: covered)
    }
}
