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
            error(
                ModelDiagnosticID.recursiveCall,
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
            index[root] = counter
            low[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let (node, edge) = work.last {
                if edge < adjacency[node].count {
                    work[work.count - 1].edge += 1
                    let next = adjacency[node][edge]
                    if index[next] == -1 {
                        index[next] = counter
                        low[next] = counter
                        counter += 1
                        stack.append(next)
                        onStack[next] = true
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
    mutating func checkValueCycles(appName: FlowText?, values: [NamedValue], flows: [Flow]) {
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
            case .permission, .run: nil
            }
        }
        if reportCycle(
            texts: globalNodes, names: globalNames, ranges: globalRanges, starts: Array(0...topCount),
            resolve: { _, placeholder in resolveGlobal(placeholder) })
        {
            return
        }
        reportExpansion(
            texts: globalNodes, names: globalNames, ranges: globalRanges, starts: Array(0...topCount),
            resolve: { _, placeholder in resolveGlobal(placeholder) })
        for flow in flows where !flow.values.isEmpty {
            var local: [String: Int] = [:]
            for (i, value) in flow.values.enumerated() { local[value.name] = topCount + 1 + i }
            let texts = globalNodes + flow.values.map { Optional($0.value) }
            let names = globalNames + flow.values.map(\.name)
            let ranges = globalRanges + flow.values.map { Optional($0.range) }
            let resolveLocal: (Int, Placeholder) -> Int? = { _, placeholder in
                if case .value(let name) = placeholder, let node = local[name] { return node }
                return resolveGlobal(placeholder)
            }
            if !reportCycle(
                texts: texts, names: names, ranges: ranges, starts: Array(topCount + 1..<texts.count),
                resolve: resolveLocal)
            {
                reportExpansion(
                    texts: texts, names: names, ranges: ranges, starts: Array(topCount + 1..<texts.count),
                    resolve: resolveLocal)
            }
        }
    }

    // MARK: Copy that expands without bound

    /// `let a = "{b}{b}"`, `let b = "{c}{c}"`, ... doubles at each step: a few hundred bytes of
    /// source can stand for gigabytes of copy. Over an acyclic value graph (cycles are reported
    /// first), each value's nesting depth and the most bytes it can expand to are computed once
    /// (memoized, so linear in the values and their placeholders); a value over
    /// `CopyLimits.maxDepth` or `CopyLimits.maxBytes` through its references, while those are all
    /// within them, is where the copy blows up, and is reported there with the chain (FL0146).
    /// Values that only refer to such a value are not reported again.
    private mutating func reportExpansion(
        texts: [FlowText?], names: [String], ranges: [SourceRange?], starts: [Int],
        resolve: (Int, Placeholder) -> Int?
    ) {
        let cap = CopyLimits.maxBytes + 1  // sizes saturate here: an exact count is never needed
        var size = Array(repeating: -1, count: texts.count)
        var depth = Array(repeating: 0, count: texts.count)
        var successors = Array(repeating: [Int](), count: texts.count)
        // Post-order without recursion: a chain of thousands of values must not overflow the stack.
        for start in starts where size[start] < 0 {
            var work: [(node: Int, expanded: Bool)] = [(start, false)]
            while let (node, expanded) = work.popLast() {
                if size[node] >= 0 { continue }
                if !expanded {
                    successors[node] = texts[node].map { placeholders(in: $0).compactMap { resolve(node, $0) } } ?? []
                    work.append((node, true))
                    for next in successors[node] where size[next] < 0 { work.append((next, false)) }
                    continue
                }
                var bytes = 0
                var deepest = 0
                if let text = texts[node] {
                    bytes = literalBytes(in: text)
                    for placeholder in placeholders(in: text) {
                        if case .permission = placeholder { bytes += CopyLimits.permissionNameBytes }
                    }
                }
                for next in successors[node] {
                    bytes = min(cap, bytes + max(0, size[next]))
                    deepest = max(deepest, depth[next] + 1)
                }
                size[node] = min(cap, bytes)
                depth[node] = deepest
            }
        }
        /// The chain from `node` following the successor that is deepest (or largest).
        func chain(from node: Int, by measure: [Int]) -> String {
            var path = [names[node]]
            var current = node
            while let next = successors[current].max(by: { measure[$0] < measure[$1] }),
                path.count <= CopyLimits.maxDepth + 2
            {
                path.append(names[next])
                current = next
            }
            if !successors[current].isEmpty { path.append("...") }
            return path.joined(separator: " -> ")
        }
        for node in starts where size[node] >= 0 {
            let subject = node == 0 ? "the app name" : "value '\(names[node])'"
            if depth[node] > CopyLimits.maxDepth, successors[node].allSatisfy({ depth[$0] <= CopyLimits.maxDepth }) {
                error(
                    ModelDiagnosticID.copyExpansionLimit,
                    "\(subject) nests placeholders \(depth[node]) deep, more than the limit of \(CopyLimits.maxDepth): "
                        + chain(from: node, by: depth), at: ranges[node],
                    notes: [DiagnosticNote("write the copy out, or refer to fewer values in a row")])
            } else if size[node] > CopyLimits.maxBytes, !successors[node].isEmpty,
                successors[node].allSatisfy({ size[$0] <= CopyLimits.maxBytes })
            {
                // (A long literal on its own is bounded by the file size limit; the interpreter
                // still cuts it at the copy limit.)
                error(
                    ModelDiagnosticID.copyExpansionLimit,
                    "\(subject) expands to more than \(CopyLimits.maxBytes) bytes of copy: "
                        + chain(from: node, by: size),
                    at: ranges[node],
                    notes: [
                        DiagnosticNote(
                            "each placeholder is replaced by the whole value it names; use each value fewer times")
                    ])
            }
        }
    }

    /// The bytes of a text's literal pieces (for a `@key`, its longest entry in any locale).
    private func literalBytes(in text: FlowText) -> Int {
        func count(_ template: Template) -> Int {
            if let s = template.plainText { return s.utf8.count }
            return template.segments.reduce(0) { sum, segment in
                if case .text(let s) = segment { return sum + s.utf8.count }
                return sum
            }
        }
        switch text {
        case .literal(let literal):
            return count(literal.template)
        case .localized(let localized):
            let key = localized.key
            return table.entries.map { row in row[key.index].map { count($0.template) } ?? 0 }.max() ?? 0
        }
    }

    /// Depth-first search from `starts`; reports the first cycle found. Returns whether one was.
    private mutating func reportCycle(
        texts: [FlowText?], names: [String], ranges: [SourceRange?], starts: [Int],
        resolve: (Int, Placeholder) -> Int?
    ) -> Bool {
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
                    error(
                        ModelDiagnosticID.valueCycle,
                        "\(subject) refers to itself: \(cycle.joined(separator: " -> "))", at: ranges[successor])
                    return true
                }
                if color[successor] == 0 { work.append(enter(successor)) }
            }
        }
        return false
    }

    /// Placeholders of a text, and of every locale's entry when it is a `@key`.
    private func placeholders(in text: FlowText) -> [Placeholder] {
        func collect(_ template: Template) -> [Placeholder] {
            if template.plainText != nil { return [] }
            return template.segments.compactMap { segment in
                if case .placeholder(let p) = segment { return p }
                return nil
            }
        }
        switch text {
        case .literal(let literal):
            return collect(literal.template)
        case .localized(let localized):
            let key = localized.key
            return table.entries.flatMap { row in row[key.index].map { collect($0.template) } ?? [] }
        }
    }
}
