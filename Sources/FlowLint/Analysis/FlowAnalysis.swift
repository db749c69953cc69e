import FlowModel
import FlowSyntax

/// Everything the rules need to know about one flow, computed once and read by every rule. Each
/// concern has its own file: the graph through subflows (reachability, components, requests:
/// GraphAnalysis.swift), the path-sensitive status facts with BFS parents (StatusAnalysis.swift)
/// and the witnesses built on those parents (Witness.swift).
///
/// A read-only facade over the finished `AnalysisStorage`, which the build steps fill as a value
/// before `init` stores it in a `let`: the properties and methods below only read it. A class,
/// shared rather than copied: the rules' flow list, every witness source and every call's callee
/// table held their own copy of the analysis, and a copy retained and released some forty
/// buffers (callgrind, the 300-flow lint profile: about a third of `Linter.lint`); a class with
/// only a `let` of a `Sendable` value is `Sendable` as it is.
public final class FlowAnalysis: Sendable {
    /// The finished analysis. Each property below reads the field of the same name, documented
    /// there, in place (`_read`), so a read does not copy the value (plain getters measured 0.14 M
    /// instructions more on the 300-flow lint profile, callgrind).
    let storage: AnalysisStorage

    init(
        program: Program, id: FlowID, callees: [FlowAnalysis?], parameterKinds: [Int: Set<PermissionKind>] = [:],
        refusing: Bool = false, callersDropRequests: Bool = false
    ) {
        storage = AnalysisStorage(
            program: program, id: id, callees: callees, parameterKinds: parameterKinds, refusing: refusing,
            callersDropRequests: callersDropRequests)
    }

    /// The refusing analysis of the same flow as `base` (`ProgramAnalysis.refusing(_:)`), sharing
    /// what does not depend on the user (`AnalysisStorage.init(refusingLike:callees:)`).
    init(refusingLike base: FlowAnalysis, callees: [FlowAnalysis?]) {
        storage = AnalysisStorage(refusingLike: base.storage, callees: callees)
    }

    public var id: FlowID { storage.id }
    public var subjects: [PermissionRef] { _read { yield storage.subjects } }
    public var graphEdges: [[Int]] { _read { yield storage.graphEdges } }
    public var graphReachable: [Bool] { _read { yield storage.graphReachable } }
    public var graphParent: [(state: Int, edge: Int)?] { _read { yield storage.graphParent } }
    public var graphDepth: [Int] { _read { yield storage.graphDepth } }
    public var graphAnchor: [Int] { _read { yield storage.graphAnchor } }
    public var graphOutcomes: Set<Int> { _read { yield storage.graphOutcomes } }
    public var canReachOutcome: [Bool] { _read { yield storage.canReachOutcome } }
    public var components: StronglyConnectedComponents { _read { yield storage.components } }
    public var requests: [Bool] { _read { yield storage.requests } }
    public var canReachRequest: [Bool] { _read { yield storage.canReachRequest } }
    public var reachesRequestDirectly: [Bool] { _read { yield storage.reachesRequestDirectly } }
    public var stateEdges: [[FlowEdge]] { _read { yield storage.stateEdges } }
    public var nodes: AnalysisNodes { _read { yield storage.nodes } }
    public var nodesOfState: NodesOfState { _read { yield storage.nodesOfState } }
    public var evaluations: Evaluations { _read { yield storage.evaluations } }
    public var widenings: [(state: Int, node: Int)] { _read { yield storage.widenings } }
    public var takenEdges: TakenEdges { _read { yield storage.takenEdges } }
    public var outcomeKnowledge: [Int: Knowledge] { _read { yield storage.outcomeKnowledge } }
    public var reachedOutcomes: [Int] { _read { yield storage.reachedOutcomes } }
    public var handoffKnowledge: [Int: Knowledge] { _read { yield storage.handoffKnowledge } }
    public var graphHandoffs: Set<Int> { _read { yield storage.graphHandoffs } }
    public var mutates: Bool { storage.mutates }
    public var opensSettings: Bool { storage.opensSettings }
    public var mayRequest: Bool { storage.mayRequest }
    public var refusing: Bool { storage.refusing }
    public var links: NodeLinks { _read { yield storage.links } }
    var program: Program { _read { yield storage.program } }
    var parameterKinds: [Int: Set<PermissionKind>] { _read { yield storage.parameterKinds } }
    var domains: [StatusSet] { _read { yield storage.domains } }
    var callPlans: [CallPlan] { _read { yield storage.callPlans } }
    var callPlanOfState: [Int32] { _read { yield storage.callPlanOfState } }

    public var flow: Flow { storage.program[storage.id] }
    public var semanticReachable: [Bool] { storage.nodesOfState.map { !$0.isEmpty } }

    /// Most distinct knowledge values kept per state before widening to "anything": bounds the
    /// analysis to states × this constant.
    static let knowledgeCap = 64
    /// The same bound for a refusing analysis (FL1303), which only asks whether a user can end
    /// the flow: widening sooner only lets more paths end (fewer findings, never a false one),
    /// and it keeps the second analysis a fraction of the first on dense graphs.
    static let refusingKnowledgeCap = 8
    /// Largest tuple product enumerated exactly; bigger checks are not refined.
    static let tupleCap = 4096

    /// The status tuples a check of `subjects` (indices into `subjects`) can meet under `k`: a
    /// check meeting more than `tupleCap` is not enumerated (and FL1211 says so).
    static func combinations(of subjects: [Int], in k: Knowledge) -> Int {
        subjects.reduce(1) { $0 * k[$1].count }
    }

    func subjectIndex(_ ref: PermissionRef) -> Int { storage.subjectIndex(ref) }

    /// Statuses a subject can have when nothing is known.
    func top() -> Knowledge { storage.top() }

    /// The kinds `ref` may be: its own, or for a parameter the kinds callers pass (every kind
    /// when no caller is known, as for a flow an app runs directly).
    public func kinds(of ref: PermissionRef) -> [PermissionKind] { storage.kinds(of: ref) }

    /// Every status `ref` can have in this flow.
    public func domain(of ref: PermissionRef) -> StatusSet { storage.domain(of: ref) }

    static func name(of ref: PermissionRef) -> String {
        switch ref {
        case .kind(let k): k.rawValue
        case .parameter(let i): "parameter #\(i + 1)"
        }
    }

    func name(of ref: PermissionRef) -> String { storage.name(of: ref) }

    /// What the terminator of `stateID` does when the statuses are as `k` says. The analysis
    /// keeps the result for each of its nodes in `evaluations`.
    public func evaluate(_ stateID: StateID, _ k: Knowledge, callees: [FlowAnalysis?]) -> Evaluation {
        var ev = Evaluation()
        storage.evaluate(stateID, k, callees: callees, into: &ev)
        return ev
    }

    /// Possible completions of a request from status `s` (`AnalysisStorage.requestResults`).
    func requestResults(
        _ ref: PermissionRef, options: [RequestOption], from s: Status,
        upgrade: AlwaysUpgrade = .unknown, finishing: Bool = false
    ) -> (results: [RequestCompletion], prompt: Bool) {
        storage.requestResults(ref, options: options, from: s, upgrade: upgrade, finishing: finishing)
    }

    /// `requestResults` for the request of state `state`, from its table when it has one.
    func requestEntry(state: Int, from s: Status, upgrade code: Int, finishing: Bool = false) -> RequestEntry {
        storage.requestEntry(state: state, from: s, upgrade: code, finishing: finishing)
    }

    /// A check of `state` read from the program, not its plan (`AnalysisStorage.evaluateStatus`).
    func evaluateStatus(
        state: Int, refs: [PermissionRef], arms: [StatusArm], otherwise: FlowTransition?,
        _ k: Knowledge, into ev: inout Evaluation
    ) {
        storage.evaluateStatus(state: state, refs: refs, arms: arms, otherwise: otherwise, k, into: &ev)
    }

    /// A request of `state` read from the program, not its plan (`AnalysisStorage.evaluateRequest`).
    func evaluateRequest(
        state: Int, ref: PermissionRef, options: [RequestOption], arms: [StatusArm], otherwise: FlowTransition?,
        _ k: Knowledge, into ev: inout Evaluation
    ) {
        storage.evaluateRequest(
            state: state, ref: ref, options: options, arms: arms, otherwise: otherwise, k, into: &ev)
    }
}
