import FlowModel
import FlowSyntax

/// What the analysis of one flow computes, as a value the build steps fill: `init` runs them
/// (`mutating` methods in GraphAnalysis.swift, StatePlans.swift, RequestAnalysis.swift,
/// CallAnalysis.swift and StatusAnalysis.swift) and `FlowAnalysis` keeps the finished value in a
/// `let`, so nothing changes it once built. The methods that only read it (`evaluate`,
/// `requestResults`, ...) are here too, because the build calls them; `FlowAnalysis` forwards
/// those the rules use. A struct built in a local: its fields need neither the run-time
/// exclusivity checks a class's stored properties get nor an unchecked `Sendable`.
struct AnalysisStorage: Sendable {
    let id: FlowID
    /// The permissions the analysis tracks: the `uses` kinds, then the permission parameters.
    let subjects: [PermissionRef]
    /// For each state, the indices of the edges that can be taken in the plain graph (a call arm
    /// only when the callee can end with one of its outcomes).
    var graphEdges: [[Int]] = []
    var graphReachable: [Bool] = []
    /// Graph BFS parent (state, edge) for states reachable from the start.
    var graphParent: [(state: Int, edge: Int)?] = []
    /// Graph BFS depth and anchor of each state reachable from the start (as `AnalysisNode`).
    var graphDepth: [Int] = []
    var graphAnchor: [Int] = []
    /// Outcome indices some graph path reaches.
    var graphOutcomes: Set<Int> = []
    /// Whether an outcome can be reached from the state.
    var canReachOutcome: [Bool] = []
    var components = StronglyConnectedComponents(count: 0) { _ in [] }
    /// Whether a state issues a request, directly or through a call into a flow that may.
    var requests: [Bool] = []
    /// Whether a request (see `requests`) can be reached from the state through anything.
    var canReachRequest: [Bool] = []
    /// Whether a request can be reached from the state without passing an alert or a Settings
    /// visit (the state itself must not be one): a button leading there is a priming button.
    var reachesRequestDirectly: [Bool] = []

    /// `terminator.edges` of each state, built once: rules and the analysis index them for
    /// every node and witness step, and rebuilding the array each time was a tenth of linting.
    var stateEdges: [[FlowEdge]] = []

    var nodes = AnalysisNodes()
    var nodesOfState = NodesOfState()
    /// What `evaluate` found at each node (index as `nodes`), without its steps: rules read
    /// these facts instead of evaluating the same node again.
    var evaluations = Evaluations()
    /// The states where the analysis stopped telling knowledge apart (`nodeCap` reached) and
    /// widened to "any status", each with its "any status" node (made by that widening unless
    /// the state had one already), in the order it happened (FL1211 reports them).
    var widenings: [(state: Int, node: Int)] = []
    /// Edges taken by at least one reachable node, per state.
    var takenEdges = TakenEdges()
    /// Outcomes some feasible path reaches, with what is known about each subject there.
    var outcomeKnowledge: [Int: Knowledge] = [:]
    /// The keys of `outcomeKnowledge`, sorted: what a caller branches on.
    var reachedOutcomes: [Int] = []
    /// Outcomes a caller that handles them can get at a reachable `handoff` state, with what is
    /// known about each subject on entering the state (the flow ends there, before the state runs).
    var handoffKnowledge: [Int: Knowledge] = [:]
    /// Outcomes of `handoff` states reachable in the plain graph (as `graphOutcomes`).
    var graphHandoffs: Set<Int> = []
    /// Whether running the flow may change a status (a request or a visit to Settings).
    var mutates = false
    var opensSettings = false
    var mayRequest = false
    /// `mayRequest` as the plain graph found it, before the status analysis.
    var graphMayRequest = false

    var nodeCap: Int { refusing ? FlowAnalysis.refusingKnowledgeCap : FlowAnalysis.knowledgeCap }

    let program: Program

    /// The analysis of a user who refuses: no prompt answer grants more than the status had,
    /// and Settings changes nothing (`ProgramAnalysis.refusing(_:)`, for FL1303). Such an
    /// analysis also keeps `links`.
    let refusing: Bool
    var recordsLinks: Bool { refusing }
    /// For each node, the nodes its steps lead to (-1: an outcome); kept by refusing analyses.
    var links = NodeLinks()
    /// Which path facts this flow needs (a fact nothing reads would only split nodes): what a
    /// path read, for a flow that opens Settings (FL1209); a prompt finishing, for a flow that
    /// requests a kind whose request iOS drops while another prompt is finishing (FL1210).
    var tracksObserved = false
    var tracksPromptFinishing = false

    /// For each permission parameter: the kinds callers pass (empty: any kind).
    let parameterKinds: [Int: Set<PermissionKind>]
    /// `domain(of:)` and `settingsChoices(_:)` of each subject, by subject index.
    var domains: [StatusSet] = []
    var choices: [StatusSet] = []
    /// Completions of each distinct request (`buildRequestTables`), by status, Always-upgrade fact
    /// and prompt finishing (`requestEntryIndex`), and the table of each request state (-1: not a
    /// request).
    var requestTables: [[RequestEntry?]] = []
    var requestTableOfState: [Int32] = []
    /// What `evaluate` reads of each state, and the status-to-edge tables of its checks
    /// (StatePlans.swift).
    var statePlans: [StatePlan] = []
    var armTables = ArmTables()
    /// What evaluating each call reads (CallAnalysis.swift), and the plan of each state (-1: not
    /// a call).
    var callPlans: [CallPlan] = []
    var callPlanOfState: [Int32] = []
    /// Per state: the outcome of its `handoff` clause, or -1.
    var handoffOutcomes: [Int32] = []
    /// Per subject: whether Settings shows its switch while it is notDetermined (`settingsResult`).
    var settingsSwitchWhileUndetermined: [Bool] = []

    /// The analysis of flow `id`, with the analyses of its callees (nil: not analysed, so a call
    /// into it may do anything). `callersDropRequests`: some flow that calls this one (directly
    /// or not) makes a request iOS drops while a prompt is finishing, so what this flow returns
    /// with matters.
    init(
        program: Program, id: FlowID, callees: [FlowAnalysis?], parameterKinds: [Int: Set<PermissionKind>],
        refusing: Bool, callersDropRequests: Bool
    ) {
        self.program = program
        self.refusing = refusing
        self.id = id
        self.parameterKinds = parameterKinds
        let flow = program[id]
        var subjects = flow.uses.map(PermissionRef.kind)
        for (i, p) in flow.parameters.enumerated() where p.kind == .permission { subjects.append(.parameter(i)) }
        for state in flow.states {
            switch state.terminator {
            case .status(let check): for r in check.subjects where !subjects.contains(r) { subjects.append(r) }
            case .request(let request): if !subjects.contains(request.subject) { subjects.append(request.subject) }
            default: break
            }
        }
        self.subjects = subjects
        // Closures, not key paths: a key path is read through the runtime (about 700 instructions
        // a state here and in TakenEdges, on every flow).
        self.stateEdges = flow.states.map { $0.edges }
        // Closures, not `map(domain(of:))`: a method passed as a value captures a copy of the
        // whole storage (BENCHMARKS.md, session 18).
        self.domains = subjects.map { domain(of: $0) }
        self.choices = subjects.map { settingsChoices($0) }
        for state in flow.states {
            switch state.terminator {
            case .openSettings: tracksObserved = true
            case .request(let request):
                // In a flow whose callers ask for tracking, any request: a prompt answered here
                // may be what the caller's request comes straight after, once the call returns.
                if callersDropRequests || kinds(of: request.subject).contains(where: \.dropsRequestWhilePromptFinishing)
                {
                    tracksPromptFinishing = true
                }
            case .call(let call):
                if callersDropRequests { tracksPromptFinishing = true }
                // What the path read before a subflow that opens Settings (FL1209 through a call).
                if callees[call.callee.index]?.opensSettings ?? false { tracksObserved = true }
            default: break
            }
        }
        buildRequestTables()
        buildStatePlans()
        buildGraph(callees: callees)
        graphMayRequest = mayRequest
        buildCallPlans(callees: callees)
        runStatusAnalysis(callees: callees)
    }

    /// The refusing analysis of the same flow as `base` (`ProgramAnalysis.refusing(_:)`), which
    /// shares what does not depend on the user: the edges, the plans and the plain graph (arrays
    /// are shared, not copied). Only the request tables and the status analysis are its own.
    /// Building them again held a second copy of each beside the first while FL1303 ran: on a
    /// 40,000-state flow, that was when `flowlint`'s memory peaked.
    init(refusingLike base: AnalysisStorage, callees: [FlowAnalysis?]) {
        precondition(!base.refusing, "the base of a refusing analysis is the plain one")
        program = base.program
        refusing = true
        id = base.id
        parameterKinds = base.parameterKinds
        subjects = base.subjects
        components = base.components
        stateEdges = base.stateEdges
        domains = base.domains
        choices = base.choices
        tracksObserved = base.tracksObserved
        tracksPromptFinishing = base.tracksPromptFinishing
        buildRequestTables()
        statePlans = base.statePlans
        armTables = base.armTables
        handoffOutcomes = base.handoffOutcomes
        settingsSwitchWhileUndetermined = base.settingsSwitchWhileUndetermined
        graphEdges = base.graphEdges
        graphReachable = base.graphReachable
        graphParent = base.graphParent
        graphDepth = base.graphDepth
        graphAnchor = base.graphAnchor
        graphOutcomes = base.graphOutcomes
        graphHandoffs = base.graphHandoffs
        canReachOutcome = base.canReachOutcome
        requests = base.requests
        canReachRequest = base.canReachRequest
        reachesRequestDirectly = base.reachesRequestDirectly
        // What the plain graph found; the status analysis below adds only what the graph has.
        mayRequest = base.graphMayRequest
        graphMayRequest = base.graphMayRequest
        callPlans = base.callPlans
        callPlanOfState = base.callPlanOfState
        runStatusAnalysis(callees: callees)
    }

    func subjectIndex(_ ref: PermissionRef) -> Int { subjects.firstIndex(of: ref)! }

    /// Statuses a subject can have when nothing is known.
    func top() -> Knowledge { Knowledge(sets: domains) }

    /// The kinds `ref` may be: its own, or for a parameter the kinds callers pass (every kind
    /// when no caller is known, as for a flow an app runs directly).
    func kinds(of ref: PermissionRef) -> [PermissionKind] {
        switch ref {
        case .kind(let k): return [k]
        case .parameter(let p):
            guard let known = parameterKinds[p], !known.isEmpty else { return PermissionKind.allCases }
            return PermissionKind.allCases.filter(known.contains)
        }
    }

    /// Every status `ref` can have in this flow.
    func domain(of ref: PermissionRef) -> StatusSet {
        if case .kind = ref { return StatusSet.domain(of: ref) }
        return StatusSet(kinds(of: ref).flatMap(\.statuses))
    }

    func name(of ref: PermissionRef) -> String {
        if case .parameter(let i) = ref, i < program[id].parameters.count { return program[id].parameters[i].name }
        return FlowAnalysis.name(of: ref)
    }
}
