import FlowSyntax

extension Checker {
    // MARK: Recursive calls

    /// A flow that calls itself, directly or through others, would never end: every call edge inside
    /// a strongly connected component of the call graph is an error.
    mutating func checkRecursion() {
        let count = signatures.count
        var adjacency = Array(repeating: [Int](), count: count)
        for edge in callEdges { adjacency[edge.from].append(edge.to) }
        let component = Self.stronglyConnectedComponents(adjacency)
        for edge in callEdges where edge.from == edge.to || component[edge.from] == component[edge.to] {
            let path = Self.path(from: edge.to, to: edge.from, in: adjacency) { component[$0] == component[edge.from] }
            let names = ([edge.from] + path).map { signatures[$0].name }
            error(ModelDiagnosticID.recursiveCall,
                  "recursive call to '\(signatures[edge.to].name)': \(names.joined(separator: " -> "))", at: edge.range,
                  notes: [DiagnosticNote("a flow cannot call itself, directly or through other flows")])
        }
    }

    /// Tarjan's algorithm without recursion (deep call chains must not overflow the stack).
    static func stronglyConnectedComponents(_ adjacency: [[Int]]) -> [Int] {
        let count = adjacency.count
        var index = Array(repeating: -1, count: count)
        var low = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var component = Array(repeating: -1, count: count)
        var stack: [Int] = []
        var counter = 0
        var components = 0
        for root in 0..<count where index[root] == -1 {
            var work: [(node: Int, edge: Int)] = [(root, 0)]
            index[root] = counter; low[root] = counter; counter += 1
            stack.append(root); onStack[root] = true
            while let (node, edge) = work.last {
                if edge < adjacency[node].count {
                    work[work.count - 1].edge += 1
                    let next = adjacency[node][edge]
                    if index[next] == -1 {
                        index[next] = counter; low[next] = counter; counter += 1
                        stack.append(next); onStack[next] = true
                        work.append((next, 0))
                    } else if onStack[next] {
                        low[node] = min(low[node], index[next])
                    }
                } else {
                    work.removeLast()
                    if let parent = work.last?.node { low[parent] = min(low[parent], low[node]) }
                    if low[node] == index[node] {
                        while let member = stack.popLast() {
                            onStack[member] = false
                            component[member] = components
                            if member == node { break }
                        }
                        components += 1
                    }
                }
            }
        }
        return component
    }

    /// Shortest path `start ... end` (inclusive) through nodes accepted by `allowed`, by breadth-first search.
    static func path(from start: Int, to end: Int, in adjacency: [[Int]], allowed: (Int) -> Bool) -> [Int] {
        var previous: [Int: Int] = [start: start]
        var queue = [start]
        var next = 0
        while next < queue.count {
            let node = queue[next]
            next += 1
            if node == end { break }
            for successor in adjacency[node] where allowed(successor) && previous[successor] == nil {
                previous[successor] = node
                queue.append(successor)
            }
        }
        guard previous[end] != nil else { return [start] }
        var path = [end]
        while let last = path.last, last != start, let before = previous[last] { path.append(before) }
        return path.reversed()
    }

    // MARK: Values that refer to themselves

    /// `let a = "{b}"` with `let b = "{a}"` (or `app "{a}"` with `let a = "{app}"`) would loop forever
    /// at run time. Values resolve innermost first, exactly as the runtime looks them up in a frame.
    mutating func checkValueCycles(appName: Text?, values: [NamedValue], flows: [Flow]) {
        // Node 0 is the app name, 1...values.count the top-level values, then a flow's own values.
        let topCount = values.count
        var topIndex: [String: Int] = [:]
        for (i, value) in values.enumerated() { topIndex[value.name] = i + 1 }
        let globalNodes = [appName] + values.map { Optional($0.value) }
        let globalNames = ["app"] + values.map(\.name)
        let globalRanges = [appDecl?.range] + values.map { Optional($0.range) }

        let resolveGlobal: (Placeholder) -> Int? = { placeholder in
            switch placeholder {
            case .app: 0
            case .value(let name): topIndex[name]
            case .permission: nil
            }
        }
        if reportCycle(texts: globalNodes, names: globalNames, ranges: globalRanges, starts: Array(0...topCount),
                       resolve: { _, placeholder in resolveGlobal(placeholder) }) {
            return
        }
        for flow in flows where !flow.values.isEmpty {
            var local: [String: Int] = [:]
            for (i, value) in flow.values.enumerated() { local[value.name] = topCount + 1 + i }
            let texts = globalNodes + flow.values.map { Optional($0.value) }
            let names = globalNames + flow.values.map(\.name)
            let ranges = globalRanges + flow.values.map { Optional($0.range) }
            _ = reportCycle(texts: texts, names: names, ranges: ranges,
                            starts: Array(topCount + 1 ..< texts.count),
                            resolve: { _, placeholder in
                                if case .value(let name) = placeholder, let node = local[name] { return node }
                                return resolveGlobal(placeholder)
                            })
        }
    }

    /// Depth-first search from `starts`; reports the first cycle found. Returns whether one was.
    private mutating func reportCycle(texts: [Text?], names: [String], ranges: [SourceRange?], starts: [Int],
                                      resolve: (Int, Placeholder) -> Int?) -> Bool {
        var color = Array(repeating: 0, count: texts.count)  // 0 new, 1 on path, 2 done
        for start in starts where color[start] == 0 {
            var work: [(node: Int, successors: [Int], next: Int)] = []
            func enter(_ node: Int) -> (Int, [Int], Int) {
                color[node] = 1
                let successors = texts[node].map { placeholders(in: $0).compactMap { resolve(node, $0) } } ?? []
                return (node, successors, 0)
            }
            work.append(enter(start))
            while let top = work.last {
                guard top.next < top.successors.count else {
                    color[top.node] = 2
                    work.removeLast()
                    continue
                }
                work[work.count - 1].next += 1
                let successor = top.successors[top.next]
                if color[successor] == 1 {
                    let onPath = work.map(\.node)
                    let from = onPath.firstIndex(of: successor) ?? 0
                    let cycle = (onPath[from...] + [successor]).map { names[$0] }
                    let subject = successor == 0 ? "the app name" : "value '\(names[successor])'"
                    error(ModelDiagnosticID.valueCycle,
                          "\(subject) refers to itself: \(cycle.joined(separator: " -> "))", at: ranges[successor])
                    return true
                }
                if color[successor] == 0 { work.append(enter(successor)) }
            }
        }
        return false
    }

    /// Placeholders of a text, and of every locale's entry when it is a `@key`.
    private func placeholders(in text: Text) -> [Placeholder] {
        func collect(_ template: Template) -> [Placeholder] {
            template.segments.compactMap { segment in
                if case .placeholder(let p) = segment { return p }
                return nil
            }
        }
        switch text {
        case .literal(let template, _):
            return collect(template)
        case .localized(let key, _):
            return table.entries.flatMap { row in row[key.index].map { collect($0.template) } ?? [] }
        }
    }
}
