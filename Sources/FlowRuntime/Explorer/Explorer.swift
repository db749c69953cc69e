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
        /// The most steps (state executions) exploration runs before it gives up.
        public var budget: Int
        public init(locale: String? = nil, appName: String? = nil, budget: Int = 100_000) {
            self.locale = locale
            self.appName = appName
            self.budget = budget
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
            if let s = Suggestion.closest(to: name, in: program.flows.map(\.name)) { message += "; did you mean '\(s)'?" }
            throw RunInvocationError(message)
        }
        return try await explore(flow: id, arguments: arguments)
    }

    /// Explores `flow` with `arguments`.
    public func explore(flow: FlowID, arguments: [String: RunArgument] = [:]) async throws -> Exploration {
        let chooser = ChoosingUser()
        let device = SimulatedDevice(exploring: chooser)
        let interpreter = Interpreter(program: program, backend: device, options: Interpreter.Options(
            locale: options.locale, appName: options.appName, stepLimit: Int.max, resumeFromCheckpoint: false,
            maxTotalSteps: Int.max))
        let bound = try interpreter.bindArguments(arguments, for: program[flow])
        let root = Frame(flow: flow, state: program[flow].start, permissions: bound.permissions, texts: bound.texts)
        var search = Search(device: device, chooser: chooser, budget: options.budget)
        let start = Search.Node(execution: Execution(interpreter: interpreter, root: root), device: await device.state, decisions: [])
        await search.visit(start, stepDecisions: [])
        return Exploration(program: program, flow: flow, paths: search.paths, steps: search.steps,
                           budget: options.budget, budgetExceeded: search.exceeded)
    }
}

/// The depth-first search behind `Explorer`.
struct Search {
    struct Node {
        var execution: Execution
        var device: SimulatedDevice.State
        var decisions: [ExploredPath.Decision]
    }

    struct Key: Hashable {
        var stack: [Frame]
        var device: SimulatedDevice.State
    }

    /// Where a configuration was first seen: the first path found after it passes through it.
    struct Seen {
        var firstPath: Int
        var trace: Int
        var decisions: Int
    }

    let device: SimulatedDevice
    let chooser: ChoosingUser
    let budget: Int
    var paths: [ExploredPath] = []
    var steps = 0
    var exceeded = false
    var seen: [Key: Seen] = [:]
    /// Configurations on the current path, with the decision count when they were entered.
    var onPath: [Key: Int] = [:]

    init(device: SimulatedDevice, chooser: ChoosingUser, budget: Int) {
        self.device = device
        self.chooser = chooser
        self.budget = budget
    }

    mutating func visit(_ node: Node, stepDecisions: [ExplorationChoice]) async {
        if exceeded { return }
        var key: Key?
        if stepDecisions.isEmpty {
            let k = Key(stack: node.execution.stack, device: node.device.knowledge)
            if let entered = onPath[k] {
                return record(cycle: node, enteredAt: entered)
            }
            if let first = seen[k] {
                return record(merge: node, into: first)
            }
            seen[k] = Seen(firstPath: paths.count, trace: node.execution.trace.count, decisions: node.decisions.count)
            onPath[k] = node.decisions.count
            key = k
        }
        defer { if let key { onPath[key] = nil } }
        guard steps < budget else { exceeded = true; return }
        steps += 1

        await device.restore(node.device)
        await chooser.replay(stepDecisions)
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
        let made = node.decisions + stepDecisions.map { ExploredPath.Decision(choice: $0, state: ctx.pathName) }
        switch advanced {
        case .continued:
            await visit(Node(execution: execution, device: await device.state, decisions: made), stepDecisions: [])
        case .ended(let end):
            let ending: ExploredPath.Ending = switch end {
            case .outcome(let o): .outcome(o)
            case .error(let e): .error(e)
            // Neither happens: every input is a choice and nothing cancels the search task.
            case .inputNeeded(let n, _): .error(FlowError(kind: .device, message: n.summary, context: ctx))
            case .cancelled: .error(FlowError(kind: .device, message: "cancelled", context: ctx))
            }
            paths.append(ExploredPath(decisions: made, trace: execution.trace, ending: ending, mergedAt: nil))
        case .choice:
            preconditionFailure("handled above")
        }
    }

    /// A path that came back to a configuration on itself. Without user input since then it is a
    /// loop a real run would end at the step limit; with input it is a user going round.
    mutating func record(cycle node: Node, enteredAt decisionCount: Int) {
        let ctx = node.execution.currentContext
        let sinceThen = node.decisions[decisionCount...]
        if sinceThen.contains(where: \.choice.isUserInput) {
            paths.append(ExploredPath(decisions: node.decisions, trace: node.execution.trace, ending: .cycle(at: ctx.pathName), mergedAt: nil))
        } else {
            let visits = node.execution.trace.filter(\.isVisit).map(\.context.pathName)
            var loop: [String] = []
            if let start = visits.lastIndex(of: ctx.pathName) {
                for name in visits[start...] where !loop.contains(name) { loop.append(name) }
            }
            let names = loop.map { "'\($0)'" }.joined(separator: ", ")
            let error = FlowError(kind: .stepLimit, message: "flow loops without user input through \(names)", context: ctx)
            paths.append(ExploredPath(decisions: node.decisions, trace: node.execution.trace, ending: .error(error), mergedAt: nil))
        }
    }

    /// A path that reached a configuration explored before: completed with that continuation.
    mutating func record(merge node: Node, into first: Seen) {
        let witness = paths[first.firstPath]
        let ctx = node.execution.currentContext
        paths.append(ExploredPath(decisions: node.decisions + witness.decisions[first.decisions...],
                                  trace: node.execution.trace + witness.trace[first.trace...],
                                  ending: witness.ending, mergedAt: ctx.pathName))
    }
}
