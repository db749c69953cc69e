extension GraphLayout {
    /// The layout's state between its steps (see `GraphLayout`): the sized nodes, the links as
    /// node indices, and what each step finds. Indices into `links` are edge numbers.
    struct Work {
        var nodes: [Node]
        let links: [(from: Int, to: Int, link: GraphFormats.Graph.Link)]
        /// Edge numbers leaving each node, in link order.
        let out: [[Int]]
        var back: [Bool]
        /// Nodes in depth-first discovery order.
        var discovery: [Int] = []
        var layer: [Int]
        var layers: [[Int]] = []

        init(graph: GraphFormats.Graph, coveredNodes: Set<String>) {
            nodes = graph.nodes.map { GraphLayout.sized($0, covered: coveredNodes.contains(GraphLayout.id($0.id))) }
            let index = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.key, $0) })
            links = graph.links.compactMap { l in
                guard let a = index[l.from], let b = index[l.to] else { return nil }
                return (a, b, l)
            }
            var out = [[Int]](repeating: [], count: nodes.count)
            for (e, l) in links.enumerated() { out[l.from].append(e) }
            self.out = out
            back = [Bool](repeating: false, count: links.count)
            layer = [Int](repeating: 0, count: nodes.count)
        }

        var layerCount: Int { layers.count }

        /// Whether edge `e` is drawn round the right side (it closes a cycle or does not go down).
        func isBack(_ e: Int) -> Bool {
            let (a, b, _) = links[e]
            return back[e] || a == b || layer[b] <= layer[a]
        }

        /// 1. Back edges by an iterative DFS from the start node, then from any node left.
        mutating func findBackEdges() {
            var colour = [UInt8](repeating: 0, count: nodes.count)  // 0 new, 1 on stack, 2 done
            for root in nodes.indices where colour[root] == 0 {
                var stack: [(node: Int, next: Int)] = [(root, 0)]
                colour[root] = 1
                discovery.append(root)
                while let top = stack.last {
                    if top.next < out[top.node].count {
                        stack[stack.count - 1].next += 1
                        let e = out[top.node][top.next]
                        let b = links[e].to
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
        }

        /// 2. Longest-path layers over the forward edges (Kahn's order).
        mutating func assignLayers() {
            var indegree = [Int](repeating: 0, count: nodes.count)
            for (e, (a, b, _)) in links.enumerated() where !back[e] && a != b { indegree[b] += 1 }
            var queue = discovery.filter { indegree[$0] == 0 }
            var head = 0
            while head < queue.count {
                let a = queue[head]
                head += 1
                for e in out[a] where !back[e] {
                    let b = links[e].to
                    guard a != b else { continue }
                    layer[b] = max(layer[b], layer[a] + 1)
                    indegree[b] -= 1
                    if indegree[b] == 0 { queue.append(b) }
                }
            }
            layers = [[Int]](repeating: [], count: (layer.max() ?? 0) + 1)
            for v in discovery { layers[layer[v]].append(v) }
        }

        /// 3. Barycenter sweeps: four, alternately down and up; ties keep the previous order.
        mutating func orderLayers() {
            var position = [Double](repeating: 0, count: nodes.count)
            func renumber(_ layers: [[Int]]) {
                for l in layers { for (i, v) in l.enumerated() { position[v] = Double(i) } }
            }
            renumber(layers)
            var up = [[Int]](repeating: [], count: nodes.count)
            var down = [[Int]](repeating: [], count: nodes.count)
            for (a, b, _) in links where a != b {
                down[a].append(b)
                up[b].append(a)
            }
            for sweep in 0..<4 {
                let downward = sweep % 2 == 0
                let order =
                    downward ? Array(1..<max(1, layerCount)) : Array((0..<max(0, layerCount - 1)).reversed())
                for l in order {
                    let keyed = layers[l].map { v -> (Int, Double) in
                        let neighbours = downward ? up[v] : down[v]
                        let near = neighbours.filter { abs(layer[$0] - l) == 1 }
                        let bary =
                            near.isEmpty ? position[v] : near.map { position[$0] }.reduce(0, +) / Double(near.count)
                        return (v, bary)
                    }
                    layers[l] = keyed.enumerated().sorted { a, b in
                        a.element.1 != b.element.1 ? a.element.1 < b.element.1 : a.offset < b.offset
                    }.map(\.element.0)
                    renumber(layers)
                }
            }
        }

        /// Where `place` put the layers, for routing.
        struct Placement {
            var layerTop: [Int]
            var layerBottom: [Int]
            /// Edges routed round the left (long forward edges) and the right (back edges).
            var sides: (left: Int, right: Int)
            var leftRoom: Int
            var rightmost: Int
            /// The y below the last layer plus one layer gap.
            var bottom: Int
        }

        /// 4. Coordinates: layers centred on the widest, with room on the left for lanes of long
        /// forward edges and on the right for lanes of back edges.
        mutating func place() -> Placement {
            var sides = (left: 0, right: 0)
            for (e, (a, b, _)) in links.enumerated() {
                if isBack(e) {
                    sides.right += 1
                } else if layer[b] - layer[a] > 1 {
                    sides.left += 1
                }
            }
            let leftRoom = sides.left == 0 ? 0 : 24 + laneGap * min(lanes, sides.left)
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
            return Placement(
                layerTop: layerTop, layerBottom: layerBottom, sides: sides, leftRoom: leftRoom,
                rightmost: nodes.map { $0.x + $0.width }.max() ?? 0, bottom: y)
        }

        /// The edges' paths and label positions, in link order.
        func route(_ placed: Placement, coveredLinks: Set<String>) -> [Edge] {
            var fanOut = [Int](repeating: 0, count: nodes.count)
            var fanIn = [Int](repeating: 0, count: nodes.count)
            for (a, b, _) in links where layer[b] - layer[a] == 1 {
                fanOut[a] += 1
                fanIn[b] += 1
            }
            var edges: [Edge] = []
            var seen: [String: Int] = [:]
            var laneCount = (left: 0, right: 0)
            for (e, (a, b, link)) in links.enumerated() {
                let base = "\(GraphLayout.id(link.from))>\(GraphLayout.id(link.to))"
                let count = seen[base, default: 0]
                seen[base] = count + 1
                var edge = Edge(
                    id: base, from: link.from, to: link.to, label: link.label, covered: coveredLinks.contains(base))
                if isBack(e) || layer[b] - layer[a] > 1 {
                    let k: Int
                    if isBack(e) {
                        k = laneCount.right
                        laneCount.right += 1
                    } else {
                        k = laneCount.left
                        laneCount.left += 1
                    }
                    routeOutside(&edge, from: a, to: b, lane: k, back: isBack(e), placed)
                } else {
                    routeDown(&edge, from: a, to: b, repeat: count, fan: (fanOut[a], fanIn[b]))
                }
                edges.append(edge)
            }
            return edges
        }

        /// Orthogonal route through the empty bands between layers and a lane outside every
        /// node, so the edge never crosses a state: down out of the source, along the band below
        /// it to the lane, along the lane, along the band above the target, down into it.
        func routeOutside(_ edge: inout Edge, from a: Int, to b: Int, lane k: Int, back: Bool, _ placed: Placement) {
            let s = nodes[a]
            let t = nodes[b]
            let lane =
                back
                ? placed.rightmost + 24 + laneGap * (k % lanes) : margin + placed.leftRoom - 24 - laneGap * (k % lanes)
            let x1 = s.x + s.width / 2 + 6 * (k % 3) - 6
            let y1 = s.y + s.height
            let x2 = t.x + t.width / 2 + 6 * (k % 3) - 6
            let y2 = t.y - 4
            let below = placed.layerBottom[layer[a]] + 10 + 7 * (k % 6)
            let above = placed.layerTop[layer[b]] - 12 - 7 * (k % 6)
            edge.path = "M\(x1),\(y1) L\(x1),\(below) L\(lane),\(below) L\(lane),\(above) L\(x2),\(above) L\(x2),\(y2)"
            // The label rides the band segment next to the source, where lanes are apart.
            edge.labelX = (x1 * 2 + lane) / 3
            edge.labelY = below + 4
        }

        /// A curve to the next layer down; `count` earlier edges between the same states.
        func routeDown(_ edge: inout Edge, from a: Int, to b: Int, repeat count: Int, fan: (out: Int, in: Int)) {
            let s = nodes[a]
            let t = nodes[b]
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
            let at = fan.out > fan.in ? 0.8 : fan.out < fan.in ? 0.3 : 0.5
            edge.labelX = GraphLayout.bezier(at, x1, x1, x2, x2)
            edge.labelY = GraphLayout.bezier(at, y1, mid, mid, y2) - 13 * count
        }
    }
}
