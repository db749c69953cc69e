import FlowModel
import FlowSyntax

/// Enumerates every distinct execution of a flow over everything it does not control: the
/// initial status of each permission it (or a flow it calls) reads, capabilities, whether the app
/// is active for the tracking prompt, alert buttons, prompt answers and Settings visits (no
/// change, or one change of a permission whose status the run knows; a privacy change terminates
/// and relaunches the app, as on a device).
///
/// Unknowns are decided lazily, when the run first needs them, so a flow that never reads the
/// photos status does not branch on it. Executions that reach the same configuration (call stack
/// and state, and everything the device knows) are merged: the later one is completed with the
/// continuation of the first (`ExploredPath.mergedAt`), and one that comes back to a configuration
/// on its own path is a cycle. So exploration always terminates; `Options.budget` bounds the work
/// and `Exploration.budgetExceeded` says when it was not enough.
public struct Explorer: Sendable {
    public struct Options: Hashable, Sendable {
        /// The locale for alert labels (and so for emitted `tap` lines).
        public var locale: String?
        public var appName: String?
        /// The most steps (state executions) exploration runs before it gives up, and the most
        /// steps all reported paths hold together (merged paths repeat what they join), so the
        /// budget bounds memory as well as time.
        public var budget: Int
        /// Whether the app has the critical-alerts entitlement (a build fact, not a choice): then
        /// the critical-alerts prompt's answers and the Critical Alerts switch are explored.
        public var criticalAlertsEntitled: Bool
        /// Outcomes the app handles itself (`Interpreter.run(flow:arguments:handling:)`).
        public var handling: [String]
        public init(
            locale: String? = nil, appName: String? = nil, budget: Int = 100_000,
            criticalAlertsEntitled: Bool = false, handling: [String] = []
        ) {
            self.locale = locale
            self.appName = appName
            self.budget = budget
            self.criticalAlertsEntitled = criticalAlertsEntitled
            self.handling = handling
        }
    }

    public let program: Program
    public let options: Options

    public init(program: Program, options: Options = Options()) {
        self.program = program
        self.options = options
    }

    /// Explores the flow called `name`; throws `RunInvocationError` like `Interpreter.run`.
    public func explore(flow name: String, arguments: [String: RunArgument] = [:]) async throws -> Exploration {
        guard let id = program.flow(named: name) else {
            var message = "no flow named '\(name)'"
            if let s = Suggestion.closest(to: name, in: program.flows.map(\.name)) {
                message += "; did you mean '\(s)'?"
            }
            throw RunInvocationError(message)
        }
        return try await explore(flow: id, arguments: arguments)
    }

    /// Explores `flow` with `arguments`.
    public func explore(flow: FlowID, arguments: [String: RunArgument] = [:]) async throws -> Exploration {
        let chooser = ChoosingUser()
        // Whether a prompt is finishing decides a run only where a request iOS drops then can
        // follow (tracking, or a permission parameter that may be tracking); elsewhere paths that
        // differ only in it are one configuration.
        let finishingMatters = program.flows.contains { flow in
            !flow.parameters.isEmpty || flow.uses.contains(where: \.dropsRequestWhilePromptFinishing)
        }
        let device = SimulatedDevice(
            exploring: chooser, criticalAlertsEntitled: options.criticalAlertsEntitled,
            promptFinishingMatters: finishingMatters)
        var history = ShowHistory()
        let limitChoices = LimitChoices()
        history.choices = limitChoices
        let interpreter = Interpreter(
            program: program, backend: device,
            options: Interpreter.Options(
                locale: options.locale, appName: options.appName, stepLimit: Int.max, resumeFromCheckpoint: false,
                maxTotalSteps: Int.max),
            history: history)
        let bound = try interpreter.bindArguments(arguments, for: program[flow])
        let root = Frame(flow: flow, state: program[flow].start, permissions: bound.permissions, texts: bound.texts)
        var search = Search(device: device, chooser: chooser, budget: options.budget)
        search.limitChoices = limitChoices
        let handled =
            options.handling.isEmpty ? [] : try interpreter.handledOutcomes(options.handling, of: program[flow])
        let initialDevice = await device.state
        // Every assignment of the run's experiments is its own search (a configuration's key
        // includes it), its variants the path's first decisions: a run's variants are fixed
        // before it starts, as every event of it carries them.
        let assignments = Self.assignments(program.runExperiments(from: flow))
        for (index, assignment) in assignments.enumerated() where !search.exceeded {
            var execution = Execution(interpreter: interpreter, root: root)
            execution.rootHandled = handled
            if !assignment.isEmpty {
                execution.setVariants(Dictionary(uniqueKeysWithValues: assignment.map { ($0.experiment, $0.variant) }))
            }
            execution.trace.removeAll()
            search.assignment = index
            let stack = search.intern(execution.stack, below: nil)
            let decisions = search.decide(
                assignment.map { .variant(experiment: $0.experiment, variant: $0.variant) },
                at: program[flow][program[flow].start].name)
            let start = Search.Node(
                execution: execution, device: initialDevice, stack: stack, trace: Search.Tip(), decisions: decisions)
            await search.visit(start, stepDecisions: [])
        }
        return Exploration(
            program: program, flow: flow, paths: search.paths, steps: search.steps,
            budget: options.budget, budgetExceeded: search.exceeded)
    }
}

extension Explorer {
    /// Every combination of the experiments' variants, the first experiment's varying slowest
    /// (one empty assignment without experiments).
    static func assignments(_ experiments: [Experiment]) -> [[(experiment: String, variant: String)]] {
        var out: [[(experiment: String, variant: String)]] = [[]]
        for experiment in experiments {
            out = out.flatMap { prefix in experiment.variants.map { prefix + [(experiment.name, $0.name)] } }
        }
        return out
    }
}

/// The depth-first search behind `Explorer`, in memory linear in the steps it runs: the steps
/// and decisions of every path live in two trees (each node a step and its parent), so paths
/// share their prefixes instead of copying them; call stacks are interned (each distinct
/// (stack below, frame) pair once), so a configuration's key is a number, not a copy of a
/// stack thousands of frames deep; and a run of steps without a decision is a loop, not a
/// recursion that keeps every step's state alive. Only the paths reported are materialized.
struct Search {
    /// The last element of a path in one of the trees, and the path's length.
    struct Tip {
        var index = -1
        var count = 0
    }

    struct Node {
        /// At a step boundary, with an empty `trace` (its steps are in `steps`).
        var execution: Execution
        var device: SimulatedDevice.State
        /// The interned `execution.stack`.
        var stack: Int
        var trace: Tip
        var decisions: Tip
    }

    struct Key: Hashable {
        var stack: Int
        var device: SimulatedDevice.State
        /// The index of the experiment assignment being explored (`Explorer.assignments`).
        var assignment: Int
    }

    /// Where a configuration was first seen: the first path found after it passes through it.
    struct Seen {
        var firstPath: Int
        var trace: Int
        var decisions: Int
    }

    /// An interned stack: the stack below (nil at the root frame) and the top frame.
    struct StackLink: Hashable {
        var below: Int?
        var frame: Frame
    }

    let device: SimulatedDevice
    let chooser: ChoosingUser
    let budget: Int
    /// The experiment assignment the current search runs with.
    var assignment = 0
    var paths: [ExploredPath] = []
    var steps = 0
    /// The steps of all reported paths together (`report`).
    var pathSteps = 0
    var exceeded = false
    var seen: [Key: Seen] = [:]
    /// Configurations on the current path, with the decision count when they were entered.
    var onPath: [Key: Int] = [:]
    /// The step tree and the decision tree: element and parent index.
    var traceSteps: [(step: TraceStep, parent: Int)] = []
    var decisionSteps: [(decision: ExploredPath.Decision, parent: Int)] = []
    var stackIDs: [StackLink: Int] = [:]
    var stackLinks: [StackLink] = []

    /// The explorer's limit decisions (nil: no limit is ever asked in a test search).
    var limitChoices: LimitChoices?

    init(device: SimulatedDevice, chooser: ChoosingUser, budget: Int) {
        self.device = device
        self.chooser = chooser
        self.budget = budget
    }

    /// The id of `frames` stacked on `below` (the id of the frames under `frames[0]`).
    mutating func intern(_ frames: ArraySlice<Frame>, below: Int?) -> Int {
        var id = below
        for frame in frames {
            let link = StackLink(below: id, frame: frame)
            if let known = stackIDs[link] {
                id = known
            } else {
                stackIDs[link] = stackLinks.count
                id = stackLinks.count
                stackLinks.append(link)
            }
        }
        return id!
    }

    mutating func intern(_ frames: [Frame], below: Int?) -> Int { intern(frames[...], below: below) }

    /// The id of `stack` after a step from the stack `previous` (of `depth` frames). A step changes
    /// only the top of the stack (a call pushes, a return pops and moves the caller, a state
    /// moves the top), so only frames from the old top up are interned again; a relaunch that
    /// restored the stack from a checkpoint (`rebuilt`) interns it whole.
    mutating func intern(_ stack: [Frame], after previous: Int, depth: Int, rebuilt: Bool) -> Int {
        if rebuilt { return intern(stack, below: nil) }
        let keep = min(depth, stack.count) - 1  // frames below the old top are unchanged
        var below: Int? = previous
        for _ in 0..<(depth - keep) { below = below.flatMap { stackLinks[$0].below } }
        return intern(stack[max(0, keep)...], below: keep > 0 ? below : nil)
    }

    /// The decision tree's path of `choices`, made at `state` before the run's first step.
    mutating func decide(_ choices: [ExplorationChoice], at state: String) -> Tip {
        var tip = Tip()
        for choice in choices {
            decisionSteps.append((ExploredPath.Decision(choice: choice, state: state), tip.index))
            tip = Tip(index: decisionSteps.count - 1, count: tip.count + 1)
        }
        return tip
    }

    /// A path of one of the trees, from the root to `tip`.
    func trace(_ tip: Tip) -> [TraceStep] {
        var out: [TraceStep] = []
        out.reserveCapacity(tip.count)
        var i = tip.index
        while i >= 0 {
            out.append(traceSteps[i].step)
            i = traceSteps[i].parent
        }
        return out.reversed()
    }

    func decisions(_ tip: Tip) -> [ExploredPath.Decision] {
        var out: [ExploredPath.Decision] = []
        out.reserveCapacity(tip.count)
        var i = tip.index
        while i >= 0 {
            out.append(decisionSteps[i].decision)
            i = decisionSteps[i].parent
        }
        return out.reversed()
    }

    mutating func visit(_ start: Node, stepDecisions decisionsSoFar: [ExplorationChoice]) async {
        var node = start
        var stepDecisions = decisionsSoFar
        // Configurations this call put on the path: they leave it when the call returns.
        var entered: [Key] = []
        defer { for key in entered { onPath[key] = nil } }
        while !exceeded {
            if stepDecisions.isEmpty {
                let k = Key(stack: node.stack, device: node.device.knowledge, assignment: assignment)
                if let enteredAt = onPath[k] {
                    return record(cycle: node, enteredAt: enteredAt)
                }
                if let first = seen[k] {
                    return record(merge: node, into: first)
                }
                seen[k] = Seen(firstPath: paths.count, trace: node.trace.count, decisions: node.decisions.count)
                onPath[k] = node.decisions.count
                entered.append(k)
            }
            guard steps < budget else {
                exceeded = true
                return
            }
            steps += 1

            await device.restore(node.device)
            // A limit is decided first in its step, by the history, not the device's user.
            if case .limit? = stepDecisions.first {
                limitChoices?.replay(stepDecisions[0])
                await chooser.replay(Array(stepDecisions.dropFirst()))
            } else {
                limitChoices?.replay(nil)
                await chooser.replay(stepDecisions)
            }
            var execution = node.execution
            let ctx = execution.currentContext
            let advanced = await execution.advance()
            if case .choice(let options) = advanced {
                for option in options {
                    await visit(node, stepDecisions: stepDecisions + [option])
                    if exceeded { return }
                }
                return
            }
            // The step's trace moves into the tree; the execution goes on with an empty one.
            var trace = node.trace
            var rebuilt = false
            for step in execution.trace {
                if case .resumed = step.action { rebuilt = true }
                traceSteps.append((step, trace.index))
                trace = Tip(index: traceSteps.count - 1, count: trace.count + 1)
            }
            execution.trace.removeAll()
            var decisions = node.decisions
            for choice in stepDecisions {
                decisionSteps.append((ExploredPath.Decision(choice: choice, state: ctx.pathName), decisions.index))
                decisions = Tip(index: decisionSteps.count - 1, count: decisions.count + 1)
            }
            switch advanced {
            case .continued:
                let stack = intern(
                    execution.stack, after: node.stack, depth: node.execution.stack.count, rebuilt: rebuilt)
                node = Node(
                    execution: execution, device: await device.state, stack: stack, trace: trace, decisions: decisions)
                stepDecisions = []
            case .ended(let end):
                report(
                    ExploredPath(
                        decisions: self.decisions(decisions), trace: self.trace(trace),
                        ending: Self.ending(end, context: ctx), mergedAt: nil))
                return
            case .choice:
                preconditionFailure("handled above")
            }
        }
    }

    /// How a run that ended in the search ends its path in the report.
    private static func ending(_ end: RunEnd, context ctx: StepContext) -> ExploredPath.Ending {
        switch end {
        case .outcome(let o): .outcome(o)
        case .error(let e): .error(e)
        // Neither happens: every input is a choice and nothing cancels the search task.
        case .inputNeeded(let n, _): .error(FlowError(kind: .device, message: n.summary, context: ctx))
        case .cancelled: .error(FlowError(kind: .device, message: "cancelled", context: ctx))
        }
    }

    /// Adds a path to the report. Reported paths are materialized (each its own arrays), and
    /// paths that merge repeat the continuation they join, so their total length can grow with
    /// paths × length while the search itself stays linear: it is bounded by the budget too,
    /// and past it the search stops as when its steps run out.
    mutating func report(_ path: ExploredPath) {
        paths.append(path)
        pathSteps += path.trace.count
        if pathSteps > budget { exceeded = true }
    }

    /// A path that came back to a configuration on itself. Without user input since then it is a
    /// loop a real run would end at the step limit; with input it is a user going round.
    mutating func record(cycle node: Node, enteredAt decisionCount: Int) {
        let ctx = node.execution.currentContext
        let made = decisions(node.decisions)
        let steps = trace(node.trace)
        if made[decisionCount...].contains(where: \.choice.isUserInput) {
            report(ExploredPath(decisions: made, trace: steps, ending: .cycle(at: ctx.pathName), mergedAt: nil))
        } else {
            let visits = steps.filter(\.isVisit).map(\.context.pathName)
            var loop: [String] = []
            if let start = visits.lastIndex(of: ctx.pathName) {
                for name in visits[start...] where !loop.contains(name) { loop.append(name) }
            }
            let names = loop.map { "'\($0)'" }.joined(separator: ", ")
            let error = FlowError(
                kind: .stepLimit, message: "flow loops without user input through \(names)", context: ctx)
            report(ExploredPath(decisions: made, trace: steps, ending: .error(error), mergedAt: nil))
        }
    }

    /// A path that reached a configuration explored before: completed with that continuation.
    mutating func record(merge node: Node, into first: Seen) {
        let witness = paths[first.firstPath]
        let ctx = node.execution.currentContext
        report(
            ExploredPath(
                decisions: decisions(node.decisions) + witness.decisions[first.decisions...],
                trace: trace(node.trace) + witness.trace[first.trace...],
                ending: witness.ending, mergedAt: ctx.pathName))
    }
}
