import FlowModel
import FlowSyntax

/// One way a request can complete, as the status analysis follows it.
struct RequestCompletion {
    var status: Status
    var note: RequestNote
    /// A one-time grant ("Allow Once"), which ends with the app session.
    var temporary: Bool
    /// The user answered a system prompt (its completion handler runs next).
    var prompted: Bool
}

extension StepCause {
    /// Whether this is a request step the user answered at a prompt.
    var answeredPrompt: Bool {
        if case .request(_, .prompt, _) = self { return true }
        return false
    }
}

/// What the path says about Core Location's one Always upgrade.
enum AlwaysUpgrade {
    /// Nothing on this path: an earlier session may have used it up, or not.
    case unknown
    /// iOS ignores requestAlwaysAuthorization() here: the grant is an "Allow Once" one
    /// (`temporary`), or the call was already made on this path.
    case ignored(temporary: Bool)
}

/// The request step of the status analysis: what iOS does with a request from each status the
/// subject may have (`PermissionKind.requestBehavior`, the rules the simulated device follows),
/// and the path facts it leaves (`PathFact`).
extension AnalysisStorage {

    /// Possible completions of a request from status `s`, and whether any of them shows a prompt
    /// or changes the status (what FL1202 and FL1207 ask, from the status alone). `finishing`:
    /// another prompt's completion is running, so the app is not active
    /// (`PermissionKind.resultWhilePromptFinishing`).
    func requestResults(
        _ ref: PermissionRef, options: [RequestOption], from s: Status,
        upgrade: AlwaysUpgrade = .unknown, finishing: Bool = false
    ) -> (results: [RequestCompletion], prompt: Bool) {
        let kinds = kinds(of: ref).filter { $0.statuses.contains(s) }
        var results: [RequestCompletion] = []
        var prompt = false
        for kind in kinds {
            let usable = options.filter { o in
                if case .purpose = o { return kind.requiresPurposeKey }
                return kind.requestOptions.contains(o)
            }
            switch kind.requestBehavior(options: usable, current: s) {
            case .prompt(let answers):
                prompt = true
                if kind == .location, s == .authorizedWhenInUse, case .ignored(let temporary) = upgrade {
                    results.append(
                        RequestCompletion(
                            status: s, note: .upgradeIgnored(s, temporary: temporary),
                            temporary: temporary, prompted: false))
                    continue
                }
                for a in answers
                where !refusing || a.result.statusClass == .denied || a.result.statusClass == .restricted
                    || a.result.statusClass == .notDetermined || a.result == s
                {
                    results.append(
                        RequestCompletion(
                            status: a.result, note: .prompt(from: s, label: a.label),
                            temporary: a.isTemporary, prompted: true))
                }
                if kind == .location, s == .authorizedWhenInUse {
                    // The upgrade prompt is shown once; later requests return at once.
                    results.append(
                        RequestCompletion(status: s, note: .upgradeOffered(s), temporary: false, prompted: false))
                }
                if finishing, let silent = kind.resultWhilePromptFinishing(current: s) {
                    results.append(
                        RequestCompletion(status: silent, note: .notActive, temporary: false, prompted: false))
                }
            case .immediate(let r):
                if r != s { prompt = true }
                results.append(
                    RequestCompletion(
                        status: r, note: .immediate(from: s, result: r), temporary: false, prompted: false))
            }
        }
        return (results, prompt)
    }

    /// The completions of every request in the flow, computed once per distinct subject and
    /// options for each status and Always-upgrade fact (`requestResults` builds arrays and
    /// strings, and the analysis asks for each node of each request state).
    mutating func buildRequestTables() {
        requestTableOfState = [Int32](repeating: -1, count: program[id].states.count)
        var shapes: [RequestShape: Int32] = [:]
        for (s, state) in program[id].states.enumerated() {
            guard case .request(let request) = state.terminator else { continue }
            let shape = RequestShape(subject: request.subject, options: request.options)
            if let t = shapes[shape] {
                requestTableOfState[s] = t
                continue
            }
            var entries = [RequestEntry?](repeating: nil, count: Status.allCases.count * 6)
            for status in domains[subjectIndex(request.subject)] {
                for code in 0..<3 {
                    let upgrade: AlwaysUpgrade = code == 0 ? .unknown : .ignored(temporary: code == 1)
                    for finishing in [false, true] {
                        let (results, prompt) = requestResults(
                            request.subject, options: request.options, from: status,
                            upgrade: upgrade, finishing: finishing)
                        entries[Self.requestEntryIndex(status, upgrade: code, finishing: finishing)] = RequestEntry(
                            results: results, prompt: prompt)
                    }
                }
            }
            let t = Int32(requestTables.count)
            requestTables.append(entries)
            shapes[shape] = t
            requestTableOfState[s] = t
        }
    }

    /// Where a request table keeps the completions from status `s` under Always-upgrade fact
    /// `code` and, when `finishing`, while another prompt is finishing.
    static func requestEntryIndex(_ s: Status, upgrade code: Int, finishing: Bool) -> Int {
        s.ordinal * 6 + code * 2 + (finishing ? 1 : 0)
    }

    /// `requestResults` for the request of state `state`, from its table when it has one.
    func requestEntry(state: Int, from s: Status, upgrade code: Int, finishing: Bool = false) -> RequestEntry {
        let t = requestTableOfState.indices.contains(state) ? requestTableOfState[state] : -1
        if t >= 0, let entry = requestTables[Int(t)][Self.requestEntryIndex(s, upgrade: code, finishing: finishing)] {
            return entry
        }
        guard case .request(let request) = program[id][StateID(state)].terminator else {
            preconditionFailure("state \(state) is not a request")
        }
        let upgrade: AlwaysUpgrade = code == 0 ? .unknown : .ignored(temporary: code == 1)
        let (results, prompt) = requestResults(
            request.subject, options: request.options, from: s, upgrade: upgrade,
            finishing: finishing)
        return RequestEntry(results: results, prompt: prompt)
    }

    /// A request through its arm table (`StatePlan.request`).
    func evaluateRequest(
        state: Int, subject i: Int, table: Int, always: Bool, edges: [FlowEdge], _ k: Knowledge,
        into ev: inout Evaluation
    ) {
        requestSteps(
            state: state, subject: i, always: always, edges: edges, table: table, arms: [], hasOtherwise: false, k,
            into: &ev)
    }

    /// A request whose arms do not fit a table.
    func evaluateRequest(
        state: Int, ref: PermissionRef, options: [RequestOption], arms: [StatusArm], otherwise: FlowTransition?,
        _ k: Knowledge, into ev: inout Evaluation
    ) {
        let always = options.contains(.always) && kinds(of: ref).contains(.location)
        requestSteps(
            state: state, subject: subjectIndex(ref), always: always, edges: stateEdges[state], table: nil, arms: arms,
            hasOtherwise: otherwise != nil, k, into: &ev)
    }

    /// The steps of a request under `k`: one per edge and kind of completion (a one-time grant
    /// or not, answered at a prompt or not), so the facts each path leaves stay apart. A result
    /// status takes the edge its arm `table` says, or without a table the edge `arms` give.
    /// (Not a closure: one that read `armTables` captured a copy of the whole analysis.)
    private func requestSteps(
        state: Int, subject i: Int, always: Bool, edges: [FlowEdge], table: Int?, arms: [StatusArm],
        hasOtherwise: Bool, _ k: Knowledge, into ev: inout Evaluation
    ) {
        ev.requestFrom = k[i]
        let domain = domains[i]
        let upgrade = k.has(.temporaryGrant, i) ? 1 : k.has(.alwaysRequested, i) ? 2 : 0
        let finishing = k.promptFinishing
        // Per edge and variant (2: temporary, 1: prompted): the results that go there and the
        // first way one of them comes about (the status it came from and the completion's index),
        // in buffers on the stack.
        withUnsafeTemporaryAllocation(of: RequestGroup.self, capacity: edges.count * 4) { groups in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 4) { seen in
                groups.initialize(repeating: RequestGroup())
                seen.initialize(repeating: 0)
                var unhandled = StatusSet()
                for s in k[i] {
                    let entry = requestEntry(state: state, from: s, upgrade: upgrade, finishing: finishing)
                    if entry.prompt { ev.promptPossible = true }
                    for (n, r) in entry.results.enumerated() {
                        // Kept apart only where a fact differs: a one-time grant, or a prompt finishing
                        // in a flow that tracks it (otherwise both would be the same node anyway).
                        let variant = (r.temporary ? 2 : 0) + (r.prompted && tracksPromptFinishing ? 1 : 0)
                        let bit: UInt32 = 1 << UInt32(r.status.ordinal)
                        guard seen[variant] & bit == 0 else { continue }
                        seen[variant] |= bit
                        guard domain.contains(r.status) else { continue }
                        let e =
                            table.map { armTables.edge($0, r.status) }
                            ?? ArmTables.edge(of: r.status, arms: arms, hasOtherwise: hasOtherwise)
                        if e < 0 {
                            if !unhandled.contains(r.status) {
                                unhandled.insert(r.status)
                                ev.unhandled.append([r.status])
                            }
                            continue
                        }
                        let g = e * 4 + variant
                        if groups[g].from < 0 {
                            groups[g].from = Int16(s.ordinal)
                            groups[g].completion = Int16(n)
                        }
                        groups[g].results |= bit
                    }
                }
                // Answered prompts first: the breadth-first search keeps the first step into a node as
                // its witness, and "request camera: Don't Allow" says more than "no prompt".
                for e in edges.indices {
                    for variant in [1, 3, 0, 2] {
                        let group = groups[e * 4 + variant]
                        guard group.from >= 0 else { continue }
                        let r = requestEntry(
                            state: state, from: StatusSet.order[Int(group.from)],
                            upgrade: upgrade, finishing: finishing
                        ).results[Int(group.completion)]
                        let cause = StepCause.request(subjects[i], r.note, result: r.status)
                        var after = k
                        after[i] = StatusSet(bits: group.results)
                        if tracksObserved { after.set(.observed, i) }
                        let prompted = variant & 1 != 0
                        let answered = cause.answeredPrompt
                        after.set(.temporaryGrant, i, variant & 2 != 0 || (!answered && k.has(.temporaryGrant, i)))
                        // The simulated device's rule: the call counts unless the grant is a one-time one.
                        if always, !k.has(.temporaryGrant, i) { after.set(.alwaysRequested, i) }
                        after.promptFinishing = tracksPromptFinishing && (prompted || k.promptFinishing)
                        ev.steps.append(
                            AnalysisStep(edge: e, target: edges[e].transition.target, knowledge: after, cause: cause))
                    }
                }
            }
        }
    }
}

/// A request's subject and options: requests that share them complete the same ways.
struct RequestShape: Hashable {
    var subject: PermissionRef
    var options: [RequestOption]
}

/// The completions of a request from one status (see `FlowAnalysis.requestResults`).
struct RequestEntry {
    var results: [RequestCompletion]
    var prompt: Bool
}

/// Results of a request that take one edge in one variant, and the first completion among them.
struct RequestGroup {
    var results: UInt32 = 0
    /// The ordinal of the status the first completion came from; -1: none yet.
    var from: Int16 = -1
    var completion: Int16 = 0
}
