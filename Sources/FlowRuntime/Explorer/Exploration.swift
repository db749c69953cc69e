import FlowModel
import FlowSyntax

/// One explored execution: the decisions taken (in order, with the state that asked) and every
/// step, ending in an outcome, a flow error or a cycle.
public struct ExploredPath: Hashable, Sendable {
    public struct Decision: Hashable, Sendable {
        public var choice: ExplorationChoice
        /// The state (`StepContext.pathName`) where it was decided.
        public var state: String
    }

    public enum Ending: Hashable, Sendable {
        case outcome(String)
        /// A flow error: an unmatched status or outcome, or a loop without user input (FL2103).
        case error(FlowError)
        /// The user went round back to a configuration already on this path (e.g. tapping
        /// "Try Again" on an alert that comes back); the path stops at that state.
        case cycle(at: String)

        /// The group name in reports: the outcome, `error FL2101`, or `cycle`.
        public var group: String {
            switch self {
            case .outcome(let o): o
            case .error(let e): "error \(e.id)"
            case .cycle: "cycle"
            }
        }
    }

    public var decisions: [Decision]
    public var trace: [TraceStep]
    public var ending: Ending
    /// When the path reached a configuration another path explored first: the state where it
    /// joined (the rest of the path is that path's continuation).
    public var mergedAt: String?

    /// The states visited, in order (subflow states as `flow.state`).
    public var states: [String] { trace.filter(\.isVisit).map(\.context.pathName) }

    /// The path as a scenario file (Scenarios.md), or nil for a cycle, which never ends.
    /// `flowFile` is written as given (relative to where the scenario will live).
    public func scenarioText(flowFile: String, flowName: String, locale: String?, title: String) -> String? {
        if case .cycle = ending { return nil }
        var lines = ["# \(title)", "flow \(flowFile.contains(" ") ? quoted(flowFile) : flowFile) \(flowName)"]
        if let locale { lines.append("locale \(locale)") }
        // Initial conditions first, then the user's answers in the order they were given.
        for d in decisions where !d.choice.isUserInput { lines.append(d.choice.scenarioLine) }
        for d in decisions where d.choice.isUserInput { lines.append(d.choice.scenarioLine) }
        switch ending {
        case .outcome(let o): lines.append("expect outcome \(o)")
        case .error(let e): lines.append("expect error \(e.id)")
        case .cycle: break
        }
        let path = states
        if !path.isEmpty { lines.append("expect path " + path.joined(separator: " ")) }
        for event in trace.flatMap(\.events) { lines.append("expect track \(quoted(event.name))") }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Which parts of the flows the explored paths exercise.
public struct Coverage: Hashable, Sendable {
    /// A state, a branch (`detail`: the arm, e.g. `authorized -> done granted`) or a button.
    public struct Item: Hashable, Sendable {
        public var flow: String
        public var state: String
        public var detail: String?
        public var covered: Bool
    }
    public var states: [Item]
    public var branches: [Item]
    public var buttons: [Item]

    /// The states no path reaches, as `flow.state`.
    public var unreachedStates: [String] { states.filter { !$0.covered }.map { "\($0.flow).\($0.state)" } }
}

/// The result of `Explorer.explore`: every path, grouped by how it ends, and coverage.
public struct Exploration: Sendable {
    public var flow: String
    public var paths: [ExploredPath]
    public var coverage: Coverage
    /// Steps run (each state execution, including replays at decisions).
    public var steps: Int
    public var budget: Int
    /// True when the budget ran out: the paths are then a prefix of the full set.
    public var budgetExceeded: Bool
    /// The steps of all paths together (bounded by the budget as well).
    public var pathSteps: Int { paths.reduce(0) { $0 + $1.trace.count } }
    /// When the steps the reported paths hold ran out the budget (not the state executions):
    /// how, for messages; nil otherwise.
    public var pathBudgetReason: String? {
        guard budgetExceeded, steps < budget else { return nil }
        return "the \(paths.count) paths found hold \(pathSteps) steps, more than the budget of \(budget)"
    }
    /// Where the explored flow is named, for `budgetDiagnostic`.
    var flowNameRange: SourceRange?

    /// FL2107 at the explored flow's name when the budget ran out (the paths and coverage are
    /// incomplete), nil when exploration finished.
    public var budgetDiagnostic: Diagnostic? {
        guard budgetExceeded else { return nil }
        let why = pathBudgetReason.map { " (\($0))" } ?? ""
        return .error(
            .explorationBudget,
            "exploration stopped at its budget of \(budget) steps in flow '\(flow)'\(why): the paths are incomplete; "
                + "raise it with --explore-budget N", at: flowNameRange)
    }

    init(program: Program, flow: FlowID, paths: [ExploredPath], steps: Int, budget: Int, budgetExceeded: Bool) {
        self.flow = program[flow].name
        self.flowNameRange = program[flow].nameRange
        self.paths = paths
        self.steps = steps
        self.budget = budget
        self.budgetExceeded = budgetExceeded
        self.coverage = Exploration.coverage(program: program, root: flow, paths: paths)
    }

    /// Path indices grouped by ending, groups in order of first appearance.
    public var groups: [(ending: String, paths: [Int])] {
        var order: [String] = []
        var members: [String: [Int]] = [:]
        for (i, p) in paths.enumerated() {
            let g = p.ending.group
            if members[g] == nil { order.append(g) }
            members[g, default: []].append(i)
        }
        return order.map { ($0, members[$0]!) }
    }

    /// The flows reachable from `root` through calls, root first.
    static func reachable(program: Program, root: FlowID) -> [FlowID] {
        var order = [root]
        var i = 0
        while i < order.count {
            for state in program[order[i]].states {
                if case .call(let call) = state.terminator, !order.contains(call.callee) { order.append(call.callee) }
            }
            i += 1
        }
        return order
    }

    static func coverage(program: Program, root: FlowID, paths: [ExploredPath]) -> Coverage {
        var visited = Set<[String]>()
        var taken = Set<[String]>()
        var tapped = Set<[String]>()
        for path in paths {
            for step in path.trace {
                let flowName = step.context.flow
                let stateName = step.context.state
                if step.isVisit { visited.insert([flowName, stateName]) }
                guard let f = program.flow(named: flowName), let s = program[f].state(named: stateName) else {
                    continue
                }
                if let arm = armIndex(of: step, in: program[f][s].terminator, program: program) {
                    taken.insert([flowName, stateName, String(arm)])
                }
                if case .alert(_, let i) = step.action { tapped.insert([flowName, stateName, String(i)]) }
            }
        }
        var coverage = Coverage(states: [], branches: [], buttons: [])
        for id in reachable(program: program, root: root) {
            let flow = program[id]
            for state in flow.states {
                coverage.states.append(
                    .init(
                        flow: flow.name, state: state.name, detail: nil,
                        covered: visited.contains([flow.name, state.name])))
                for (i, label) in armLabels(state.terminator, flow: flow, program: program).enumerated() {
                    coverage.branches.append(
                        .init(
                            flow: flow.name, state: state.name, detail: label,
                            covered: taken.contains([flow.name, state.name, String(i)])))
                }
                if case .alert(let alert) = state.terminator {
                    for (i, b) in alert.buttons.enumerated() {
                        coverage.buttons.append(
                            .init(
                                flow: flow.name, state: state.name, detail: textLabel(b.label, program: program),
                                covered: tapped.contains([flow.name, state.name, String(i)])))
                    }
                }
            }
        }
        return coverage
    }

    /// The base-locale text of a label, for coverage reports.
    static func textLabel(_ text: FlowText, program: Program) -> String {
        let template: Template? =
            switch text {
            case .literal(let literal): literal.template
            case .localized(let localized): program.strings.lookup(localized.key, locale: 0)?.template
            }
        return (template?.segments ?? []).map {
            switch $0 {
            case .text(let s): s
            case .placeholder(let p):
                switch p {
                case .app: "{app}"
                case .permission: "{permission}"
                case .value(let n): "{\(n)}"
                case .run(let v): "{\(v.rawValue)}"
                }
            }
        }.joined()
    }

    static func targetName(_ t: FlowTransition, flow: Flow) -> String {
        switch t.target {
        case .state(let s): flow[s].name
        case .outcome(let o): "done \(flow.outcomes[o].name)"
        }
    }

    /// One label per arm of a terminator, in the order `armIndex` numbers them.
    static func armLabels(_ terminator: Terminator, flow: Flow, program: Program) -> [String] {
        func pattern(_ p: [StatusMatch]) -> String {
            let parts = p.map { m -> String in
                switch m {
                case .status(let s): s.rawValue
                case .statusClass(let c): c.rawValue
                case .any: "_"
                }
            }
            return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: ", ") + ")"
        }
        func arrow(_ t: FlowTransition) -> String { " -> " + targetName(t, flow: flow) }
        switch terminator {
        case .goto(let goto): return ["-> " + targetName(goto.transition, flow: flow)]
        case .capability(let check):
            return [
                check.capability.armNames.yes + arrow(check.present),
                check.capability.armNames.no + arrow(check.absent),
            ]
        case .status(let check):
            return check.arms.map { $0.patterns.map(pattern).joined(separator: ", ") + arrow($0.transition) }
                + (check.otherwise.map { ["else" + arrow($0)] } ?? [])
        case .request(let request):
            return request.arms.map { $0.patterns.map(pattern).joined(separator: ", ") + arrow($0.transition) }
                + (request.otherwise.map { ["else" + arrow($0)] } ?? [])
        case .alert(let a): return a.buttons.map { textLabel($0.label, program: program) + arrow($0.transition) }
        case .openSettings(let open): return ["on return" + arrow(open.onReturn)]
        case .call(let call):
            return call.arms.map {
                $0.outcomes.map { program[call.callee].outcomes[$0].name }.joined(separator: ", ")
                    + arrow($0.transition)
            }
                + (call.otherwise.map { ["else" + arrow($0)] } ?? [])
        case .variant(let branch):
            let variants = flow.experiments[branch.experiment].variants
            return branch.arms.map { variants[$0.variant].name + arrow($0.transition) }
        }
    }

    /// Which arm a step took (nil for steps that took none: a call entering its subflow, a stop).
    static func armIndex(of step: TraceStep, in terminator: Terminator, program: Program) -> Int? {
        func firstMatch(_ statuses: [Status], _ arms: [StatusArm], _ otherwise: FlowTransition?) -> Int? {
            if let i = arms.firstIndex(where: {
                $0.patterns.contains { p in
                    p.count == statuses.count && zip(p, statuses).allSatisfy { $0.matches($1) }
                }
            }) {
                return i
            }
            return otherwise == nil ? nil : arms.count
        }
        switch (step.action, terminator) {
        case (.goto, .goto): return 0
        case (.capability(_, let available), .capability): return available ? 0 : 1
        case (.status(_, let statuses), .status(let check)): return firstMatch(statuses, check.arms, check.otherwise)
        case (.request(_, _, let result), .request(let request)):
            return firstMatch([result.status], request.arms, request.otherwise)
        case (.alert(_, let i), .alert): return i
        case (.openSettings, .openSettings), (.resumed, .openSettings): return 0
        case (.variant(let experiment, let variant), .variant(let branch)):
            guard let f = program.flow(named: step.context.flow),
                program[f].experiments.indices.contains(branch.experiment),
                program[f].experiments[branch.experiment].name == experiment,
                let v = program[f].experiments[branch.experiment].variant(named: variant)
            else { return nil }
            return branch.arm(for: v)
        case (.returned(_, let outcome), .call(let call)):
            guard let o = program[call.callee].outcomes.firstIndex(where: { $0.name == outcome }) else { return nil }
            if let i = call.arms.firstIndex(where: { $0.outcomes.contains(o) }) { return i }
            return call.otherwise == nil ? nil : call.arms.count
        default: return nil
        }
    }
}
