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
enum GraphLayout {
    struct Node {
        /// The GraphFormats node ID (`data-node`); copies of an outcome share it.
        var id: String
        /// Unique within the drawing.
        var key: String
        var lines: [String]
        var shape: GraphFormats.Graph.Shape
        var x = 0, y = 0, width = 0, height = 0
        var unreachable = false, trap = false, finding = false, covered = false
    }

    struct Edge {
        var id: String
        var from: String
        var to: String
        var label: String
        var path = ""
        var labelX = 0, labelY = 0
        var covered = false
    }

    struct Drawing {
        var title: String
        var nodes: [Node]
        var edges: [Edge]
        var width: Int
        var height: Int
    }

    /// One coordinate of a cubic Bézier curve at `t`, rounded to whole pixels.
    static func bezier(_ t: Double, _ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int {
        let u = 1 - t
        let v = u * u * u * Double(a) + 3 * u * u * t * Double(b) + 3 * u * t * t * Double(c) + t * t * t * Double(d)
        return Int(v.rounded())
    }

    static let layerGap = 70, nodeGap = 28, margin = 20, lineHeight = 15

    /// Lays out `graph`; `coveredNodes`/`coveredLinks` colour what the explored paths reach.
    static func layout(_ original: GraphFormats.Graph, coveredNodes: Set<String>, coveredLinks: Set<String>) -> Drawing
    {
        // Each state that ends the flow gets its own copy of the outcome, just below it: edges into
        // one shared outcome node would run the height of the graph.
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
        func id(_ key: String) -> String { key.split(separator: "#", maxSplits: 1).first.map(String.init) ?? key }
        var nodes = graph.nodes.map { n -> Node in
            // The second line (what the state does, e.g. an alert's title) is clipped: the name identifies it.
            let lines = n.label.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .map { $0.offset == 0 ? String($0.element) : StoryboardHTML.clip(String($0.element), 30) }
            let widest = lines.map { AlertMetrics.width(of: $0, size: 12.5) }.max() ?? 0
            let width = n.shape == .start ? 44 : max(80, Int(widest.rounded(.up)) + 28)
            let height = n.shape == .start ? 30 : 14 + lineHeight * lines.count
            return Node(
                id: id(n.id), key: n.id, lines: n.shape == .start ? ["start"] : lines, shape: n.shape, width: width,
                height: height,
                unreachable: n.unreachable, trap: n.trap, finding: n.finding != nil,
                covered: coveredNodes.contains(id(n.id)))
        }
        let index = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.key, $0) })
        let links = graph.links.compactMap { l -> (Int, Int, GraphFormats.Graph.Link)? in
            guard let a = index[l.from], let b = index[l.to] else { return nil }
            return (a, b, l)
        }
        let n = nodes.count
        var out = [[Int]](repeating: [], count: n)
        for (e, (a, _, _)) in links.enumerated() { out[a].append(e) }

        // 1. Back edges by an iterative DFS from the start node, then from any node left.
        var colour = [UInt8](repeating: 0, count: n)  // 0 new, 1 on stack, 2 done
        var back = [Bool](repeating: false, count: links.count)
        var discovery: [Int] = []
        for root in 0..<n where colour[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            colour[root] = 1
            discovery.append(root)
            while let top = stack.last {
                if top.next < out[top.node].count {
                    stack[stack.count - 1].next += 1
                    let e = out[top.node][top.next]
                    let b = links[e].1
                    if colour[b] == 1 {
                        back[e] = true
                    } else if colour[b] == 0 {
                        colour[b] = 1
                        discovery.append(b)
                        stack.append((b, 0))
                    }
                } else {
                    colour[top.node] = 2
                    stack.removeLast()
                }
            }
        }

        // 2. Longest-path layers over the forward edges (Kahn's order).
        var indegree = [Int](repeating: 0, count: n)
        for (e, (a, b, _)) in links.enumerated() where !back[e] && a != b { indegree[b] += 1 }
        var layer = [Int](repeating: 0, count: n)
        var queue = discovery.filter { indegree[$0] == 0 }
        var head = 0
        while head < queue.count {
            let a = queue[head]
            head += 1
            for e in out[a] where !back[e] {
                let b = links[e].1
                guard a != b else { continue }
                layer[b] = max(layer[b], layer[a] + 1)
                indegree[b] -= 1
                if indegree[b] == 0 { queue.append(b) }
            }
        }
        let layerCount = (layer.max() ?? 0) + 1
        var layers = [[Int]](repeating: [], count: layerCount)
        for v in discovery { layers[layer[v]].append(v) }

        // 3. Barycenter sweeps.
        var position = [Double](repeating: 0, count: n)
        func renumber() { for l in layers { for (i, v) in l.enumerated() { position[v] = Double(i) } } }
        renumber()
        var up = [[Int]](repeating: [], count: n)
        var down = [[Int]](repeating: [], count: n)
        for (a, b, _) in links where a != b {
            down[a].append(b)
            up[b].append(a)
        }
        for sweep in 0..<4 {
            let downward = sweep % 2 == 0
            let order = downward ? Array(1..<max(1, layerCount)) : Array((0..<max(0, layerCount - 1)).reversed())
            for l in order {
                let keyed = layers[l].map { v -> (Int, Double) in
                    let neighbours = downward ? up[v] : down[v]
                    let near = neighbours.filter { abs(layer[$0] - l) == 1 }
                    let bary = near.isEmpty ? position[v] : near.map { position[$0] }.reduce(0, +) / Double(near.count)
                    return (v, bary)
                }
                layers[l] = keyed.enumerated().sorted { a, b in
                    a.element.1 != b.element.1 ? a.element.1 < b.element.1 : a.offset < b.offset
                }.map(\.element.0)
                renumber()
            }
        }

        // 4. Coordinates: layers centred on the widest, with room on the left for lanes of long
        // forward edges and on the right for lanes of back edges.
        var sideEdges = (left: 0, right: 0)
        for (e, (a, b, _)) in links.enumerated() {
            if back[e] || a == b || layer[b] <= layer[a] {
                sideEdges.right += 1
            } else if layer[b] - layer[a] > 1 {
                sideEdges.left += 1
            }
        }
        let laneGap = 14
        let lanes = 8
        let leftRoom = sideEdges.left == 0 ? 0 : 24 + laneGap * min(lanes, sideEdges.left)
        let layerWidths = layers.map { l in l.map { nodes[$0].width }.reduce(0, +) + nodeGap * max(0, l.count - 1) }
        let widest = layerWidths.max() ?? 0
        var layerTop = [Int](repeating: 0, count: layerCount)
        var layerBottom = [Int](repeating: 0, count: layerCount)
        var y = margin + 24
        for (l, members) in layers.enumerated() {
            var x = margin + leftRoom + (widest - layerWidths[l]) / 2
            let height = members.map { nodes[$0].height }.max() ?? 0
            for v in members {
                nodes[v].x = x
                nodes[v].y = y + (height - nodes[v].height) / 2
                x += nodes[v].width + nodeGap
            }
            layerTop[l] = y
            layerBottom[l] = y + height
            y += height + layerGap
        }
        let rightmost = nodes.map { $0.x + $0.width }.max() ?? 0
        var fanOut = [Int](repeating: 0, count: n)
        var fanIn = [Int](repeating: 0, count: n)
        for (a, b, _) in links where layer[b] - layer[a] == 1 {
            fanOut[a] += 1
            fanIn[b] += 1
        }
        var edges: [Edge] = []
        var seen: [String: Int] = [:]
        var laneCount = (left: 0, right: 0)
        for (e, (a, b, link)) in links.enumerated() {
            let base = "\(id(link.from))>\(id(link.to))"
            let count = seen[base, default: 0]
            seen[base] = count + 1
            var edge = Edge(
                id: base, from: link.from, to: link.to, label: link.label, covered: coveredLinks.contains(base))
            let s = nodes[a]
            let t = nodes[b]
            let isBack = back[e] || a == b || layer[b] <= layer[a]
            if isBack || layer[b] - layer[a] > 1 {
                // Orthogonal route through the empty bands between layers and a lane outside every
                // node, so the edge never crosses a state: down out of the source, along the band
                // below it to the lane, along the lane, along the band above the target, down into it.
                let k: Int
                if isBack {
                    k = laneCount.right
                    laneCount.right += 1
                } else {
                    k = laneCount.left
                    laneCount.left += 1
                }
                let lane =
                    isBack ? rightmost + 24 + laneGap * (k % lanes) : margin + leftRoom - 24 - laneGap * (k % lanes)
                let x1 = s.x + s.width / 2 + 6 * (k % 3) - 6
                let y1 = s.y + s.height
                let x2 = t.x + t.width / 2 + 6 * (k % 3) - 6
                let y2 = t.y - 4
                let below = layerBottom[layer[a]] + 10 + 7 * (k % 6)
                let above = layerTop[layer[b]] - 12 - 7 * (k % 6)
                edge.path =
                    "M\(x1),\(y1) L\(x1),\(below) L\(lane),\(below) L\(lane),\(above) L\(x2),\(above) L\(x2),\(y2)"
                // The label rides the band segment next to the source, where lanes are apart.
                edge.labelX = (x1 * 2 + lane) / 3
                edge.labelY = below + 4
            } else {
                let spread = (count * 10) - (count > 0 ? 5 : 0)
                let x1 = s.x + s.width / 2 + spread
                let y1 = s.y + s.height
                let x2 = t.x + t.width / 2 + spread
                let y2 = t.y - 4
                let mid = (y1 + y2) / 2
                edge.path = "M\(x1),\(y1) C\(x1),\(mid) \(x2),\(mid) \(x2),\(y2)"
                // The label sits where this edge is furthest from its neighbours: near the target
                // when several edges fan out of the source, near the source when several converge.
                // A second edge between the same states has its label one card higher, away from
                // the arrowheads.
                let t = fanOut[a] > fanIn[b] ? 0.8 : fanOut[a] < fanIn[b] ? 0.3 : 0.5
                edge.labelX = bezier(t, x1, x1, x2, x2)
                edge.labelY = bezier(t, y1, mid, mid, y2) - 13 * count
            }
            edges.append(edge)
        }
        let right = rightmost + (sideEdges.right == 0 ? 0 : 24 + laneGap * min(lanes, sideEdges.right)) + 60
        // Room under the last layer for the bands of its back edges and their labels' cards.
        let labelBottom = edges.filter { !$0.label.isEmpty }.map { $0.labelY + 8 }.max() ?? 0
        let height = max(y - layerGap + margin, labelBottom)
        return Drawing(title: graph.title, nodes: nodes, edges: edges, width: right, height: height)
    }
}
