import FlowModel
import FlowSyntax

/// The analyses of every flow of a program, computed once and shared by all rules. Callees are
/// analysed before their callers so a call state can use the callee's outcomes and summaries.
public struct ProgramAnalysis: Sendable {
    public let program: Program
    public let flows: [FlowAnalysis]
    /// Call sites of each flow: (caller, state).
    public let callers: [[(flow: FlowID, state: StateID)]]
    /// For each flow and permission parameter index: the kinds callers may pass (through
    /// intermediate generic flows too). Empty when no caller passes a concrete kind.
    public let parameterKinds: [[Int: Set<PermissionKind>]]

    public init(program: Program) {
        self.program = program
        let n = program.flows.count
        var callees = [[Int]](repeating: [], count: n)
        var callers = [[(flow: FlowID, state: StateID)]](repeating: [], count: n)
        for (f, flow) in program.flows.enumerated() {
            for (s, state) in flow.states.enumerated() {
                if case .call(let call) = state.terminator {
                    callees[f].append(call.callee.index)
                    callers[call.callee.index].append((FlowID(f), StateID(s)))
                }
            }
        }
        // Post-order DFS (iterative): callees first. A cycle (the checker rejects them) just
        // leaves the callee unanalysed when the caller runs, which the analysis treats as unknown.
        var order: [Int] = []
        var mark = [UInt8](repeating: 0, count: n)
        for root in 0..<n where mark[root] == 0 {
            var stack: [(Int, Int)] = [(root, 0)]
            mark[root] = 1
            while let (v, i) = stack.last {
                if i < callees[v].count {
                    stack[stack.count - 1].1 += 1
                    let w = callees[v][i]
                    if mark[w] == 0 {
                        mark[w] = 1
                        stack.append((w, 0))
                    }
                } else {
                    stack.removeLast()
                    mark[v] = 2
                    order.append(v)
                }
            }
        }
        // Kinds reaching each parameter, propagated callers-first (reverse post-order).
        var kinds = [[Int: Set<PermissionKind>]](repeating: [:], count: n)
        for f in order.reversed() {
            for state in program.flows[f].states {
                guard case .call(let call) = state.terminator else { continue }
                let callee = call.callee
                for (p, argument) in call.arguments.enumerated() {
                    guard case .permission(let ref) = argument else { continue }
                    switch ref {
                    case .kind(let k): kinds[callee.index][p, default: []].insert(k)
                    case .parameter(let q): kinds[callee.index][p, default: []].formUnion(kinds[f][q] ?? [])
                    }
                }
            }
        }
        self.parameterKinds = kinds
        let callersDrop = Self.callersDropRequests(program: program, order: order, kinds: kinds)

        var analyses = [FlowAnalysis?](repeating: nil, count: n)
        for f in order {
            analyses[f] = FlowAnalysis(
                program: program, id: FlowID(f), callees: analyses, parameterKinds: kinds[f],
                callersDropRequests: callersDrop[f])
        }
        self.flows = analyses.map { $0! }
        self.calleeTable = analyses
        self.genericFlows = (0..<n).map { f in
            kinds[f].isEmpty
                ? nil
                : FlowAnalysis(
                    program: program, id: FlowID(f), callees: analyses,
                    callersDropRequests: callersDrop[f])
        }
        self.callers = callers

    }

    /// For each flow: whether a flow that asks for tracking calls it, directly or not (`order`
    /// is callees first). Whether a call returns while a prompt is finishing matters to those
    /// flows' callers (FL1210), so they track it.
    static func callersDropRequests(program: Program, order: [Int], kinds: [[Int: Set<PermissionKind>]]) -> [Bool] {
        var dropping = [Bool](repeating: false, count: program.flows.count)
        for f in order.reversed() {
            for state in program.flows[f].states {
                switch state.terminator {
                case .request(let request):
                    switch request.subject {
                    case .kind(let k): if k.dropsRequestWhilePromptFinishing { dropping[f] = true }
                    case .parameter(let p):
                        if kinds[f][p].map({ $0.isEmpty || $0.contains(where: \.dropsRequestWhilePromptFinishing) })
                            ?? true
                        {
                            dropping[f] = true
                        }
                    }
                default: break
                }
            }
        }
        var callersDrop = [Bool](repeating: false, count: program.flows.count)
        for f in order.reversed() where dropping[f] || callersDrop[f] {
            for state in program.flows[f].states {
                if case .call(let call) = state.terminator { callersDrop[call.callee.index] = true }
            }
        }
        return callersDrop
    }

    /// For flows whose permission parameters callers bind to known kinds: the analysis for any
    /// kind, as if the flow ran on its own. A generic flow may handle statuses only other kinds
    /// have; rules that call a branch dead consult this so such branches are not reported.
    public let genericFlows: [FlowAnalysis?]

    public subscript(flow: FlowID) -> FlowAnalysis { flows[flow.index] }

    /// The analyses of callees, as `FlowAnalysis.evaluate` wants them. Stored, not computed:
    /// rules read it once per analysis node, and building it each time made linting quadratic
    /// in the number of flows (flowbench: 3.5x linear at 100x input).
    public let calleeTable: [FlowAnalysis?]

    /// The concrete kinds a request or check on `ref` in `flow` may be about.
    public func kinds(of ref: PermissionRef, in flow: FlowID) -> [PermissionKind] {
        switch ref {
        case .kind(let k): [k]
        case .parameter(let p): (parameterKinds[flow.index][p] ?? []).sorted { $0.rawValue < $1.rawValue }
        }
    }
}
