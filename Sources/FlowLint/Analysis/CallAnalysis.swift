import FlowModel

/// What the status analysis reads at a `call`: everything but the knowledge it is evaluated
/// under, worked out once per call state with the callee's analysis (`buildCallPlans`). Worked
/// out at every evaluation, the outcome list, the bindings and the grouping were five heap
/// arrays and a dictionary a node: on the 300-flow profile file, evaluating calls took 17.1 M
/// instructions; now 9.7 M, and 3.1 M to build the plans.
struct CallPlan {
    /// The callee analysis the plan was made with (nil: none, so anything may happen).
    let callee: FlowAnalysis?
    /// The callee outcomes the call can see, in order, each with what the callee knows when it
    /// ends with it (nil: nothing known) and the edge that takes it (-1: none does).
    let outcomes: [(outcome: Int, known: Knowledge?, edge: Int)]
    /// For each permission argument: its subject here and the callee's subject of its parameter
    /// (-1: none).
    let bindings: [(mine: Int, theirs: Int)]
    /// For each binding: whether the callee's summary replaces what the caller knew (the callee
    /// may change that status) rather than narrowing it.
    let replaces: [Bool]
    /// The subjects passed to the callee, each once, and the subjects not passed.
    let passed: [Int]
    let unpassed: [Int]
    let mutates: Bool
    let opensSettings: Bool
    /// Where each edge goes: the arms', then the `else` edge's when written.
    let targets: [Target]
}

extension AnalysisStorage {
    /// The plan of every call state, with the callees this analysis is built with.
    mutating func buildCallPlans(callees: [FlowAnalysis?]) {
        callPlanOfState = [Int32](repeating: -1, count: program[id].states.count)
        for (s, state) in program[id].states.enumerated() {
            guard case .call(let call) = state.terminator else { continue }
            callPlanOfState[s] = Int32(callPlans.count)
            callPlans.append(callPlan(call, callee: callees[call.callee.index]))
        }
    }

    /// `call.handling`'s outcomes are ones the callee also ends with at its `handoff` states
    /// (with what was known on entering them).
    func callPlan(_ call: Call, callee c: FlowAnalysis?) -> CallPlan {
        var outcomes: [Int] = c?.reachedOutcomes ?? Array(program[call.callee].outcomes.indices)
        var handedOff: [Int: Knowledge] = [:]
        if let c {
            for o in call.handling?.outcomes ?? [] {
                guard let known = c.handoffKnowledge[o] else { continue }
                handedOff[o] = c.outcomeKnowledge[o].map { $0.unionOfStatuses(known) } ?? known
                if c.outcomeKnowledge[o] == nil { outcomes.append(o) }
            }
            outcomes.sort()
        }
        let arms = call.arms
        let otherwiseEdge = arms.count
        let seen = outcomes.map { o -> (outcome: Int, known: Knowledge?, edge: Int) in
            let known = c == nil ? nil : handedOff[o] ?? c?.outcomeKnowledge[o]
            let edge = arms.firstIndex { $0.outcomes.contains(o) } ?? (call.otherwise != nil ? otherwiseEdge : -1)
            return (o, known, edge)
        }
        var passed: [Int] = []
        var bindings: [(mine: Int, theirs: Int)] = []
        for (p, argument) in call.arguments.enumerated() {
            guard case .permission(let ref) = argument, let mine = subjects.firstIndex(of: ref) else { continue }
            if !passed.contains(mine) { passed.append(mine) }
            bindings.append((mine, c?.subjects.firstIndex(of: .parameter(p)) ?? -1))
        }
        var replaces = [Bool](repeating: c?.mutates ?? true, count: bindings.count)
        // A kind the callee names in its own `uses` is the same permission on the device as the
        // caller's: what the callee checked or asked about it holds when it returns.
        let callee = program[call.callee]
        for kind in callee.uses {
            guard let mine = subjects.firstIndex(of: .kind(kind)), !passed.contains(mine) else { continue }
            passed.append(mine)
            bindings.append((mine, c?.subjects.firstIndex(of: .kind(kind)) ?? -1))
            replaces.append(c == nil || c!.opensSettings || callee.mayChange(kind))
        }
        return CallPlan(
            callee: c, outcomes: seen, bindings: bindings, replaces: replaces, passed: passed,
            unpassed: subjects.indices.filter { !passed.contains($0) },
            mutates: c?.mutates ?? true, opensSettings: c?.opensSettings ?? true,
            targets: arms.map { $0.transition.target } + (call.otherwise.map { [$0.target] } ?? []))
    }

    /// A call under `k`: one step per edge some outcome takes, with the knowledge of its outcomes
    /// merged and the first of them as the cause; the outcomes no edge takes are unhandled.
    func evaluateCall(_ plan: CallPlan, _ k: Knowledge, into ev: inout Evaluation) {
        // Outcomes are few (a flow has a handful), edges fewer: an outcome's step is found among
        // this call's steps so far, and merged into in place.
        let first = ev.steps.count
        for (o, known, e) in plan.outcomes {
            var after = k
            var feasible = true
            for (b, (mine, theirs)) in plan.bindings.enumerated() {
                let summary: StatusSet
                if let known, theirs >= 0 {
                    summary = known[theirs]
                } else {
                    summary = .anyKind
                }
                after[mine] =
                    plan.replaces[b] ? summary.intersection(domains[mine]) : after[mine].intersection(summary)
                // A user who refuses grants nothing in the subflow either: an outcome that needs
                // a grant the caller's status did not have is not theirs (FL1303 through a call).
                if refusing {
                    after[mine] = after[mine].filter { s in
                        !(s.statusClass == .granted || s.statusClass == .limited) || k[mine].contains(s)
                    }
                }
                if after[mine].isEmpty { feasible = false }
            }
            if plan.opensSettings {
                for i in plan.unpassed { after[i] = after[i].union(choices[i]) }
            }
            guard feasible else { continue }
            guard e >= 0 else {
                ev.unhandledOutcomes.append(o)
                continue
            }
            // A callee that can end straight from a prompt's answer returns while that prompt
            // is still finishing (on some path): what the caller asks next is asked then.
            after.promptFinishing = tracksPromptFinishing && (known?.promptFinishing ?? false)
            for i in plan.passed { after.set(.temporaryGrant, i, false) }
            // What the subflow did to a permission passed to it stays true after it returns: a
            // grant from "Allow Once", an Always request iOS honours once (each on some path to
            // the outcome, as the callee's outcome knowledge keeps them).
            if let known {
                for (mine, theirs) in plan.bindings where theirs >= 0 {
                    // "Allow Once" answers a prompt, which needs the caller's status undecided.
                    if known.has(.temporaryGrant, theirs), k[mine].contains(where: { $0.statusClass == .notDetermined })
                    {
                        after.set(.temporaryGrant, mine)
                    }
                    if known.has(.alwaysRequested, theirs) { after.set(.alwaysRequested, mine) }
                }
            }
            if let step = ev.steps[first...].firstIndex(where: { $0.edge == e }) {
                ev.steps[step].knowledge = ev.steps[step].knowledge.merged(with: after)
            } else {
                ev.steps.append(
                    AnalysisStep(edge: e, target: plan.targets[e], knowledge: after, cause: .callOutcome(o)))
            }
        }
        // In edge order, as the edges are numbered.
        if ev.steps.count - first > 1 { ev.steps[first...].sort { $0.edge < $1.edge } }
    }
}

extension Flow {
    /// Whether running this flow may change `kind`'s status by itself: it requests it, or calls a
    /// subflow (which may). (Settings visits are the callee analysis's `opensSettings`.)
    func mayChange(_ kind: PermissionKind) -> Bool {
        states.contains { state in
            switch state.terminator {
            case .request(let request): request.subject == .kind(kind)
            case .call: true
            case .goto, .capability, .status, .alert, .openSettings, .variant: false
            }
        }
    }
}
