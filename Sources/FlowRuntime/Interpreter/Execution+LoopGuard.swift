import FlowModel
import FlowSyntax

/// The loop guard: a run that goes `Options.stepLimit` states without user input is stopped if it
/// runs a state again in the same activation (a loop no answer can leave), and every run stops at
/// `Options.maxTotalSteps`. The check itself is inlined in `beginStep` (the hot path); this is
/// its bookkeeping and its errors.
extension Execution {
    /// A state run in an activation (`depth` and `flow` only name it in messages).
    struct Visit {
        struct Key: Hashable {
            var activation: Int
            var state: StateID
        }
        var key: Key
        var flow: FlowID
        var depth: Int
    }

    /// The user answered something: the count of states without input starts again.
    mutating func inputReceived() {
        sinceInput = 0
        sinceInputStart = visits.count
        visited = nil
    }

    /// The step-limit error, naming the states of the loop the run is stuck in: those run since
    /// `repeating` last ran in the same activation.
    func loopError(at ctx: StepContext, repeating key: Visit.Key) -> FlowError {
        var loop: [String] = []
        let start = visits[sinceInputStart...].lastIndex { $0.key == key } ?? visits.count
        for visit in visits[start...] {
            let state = program[visit.flow][visit.key.state].name
            let name = visit.depth == 0 ? state : "\(program[visit.flow].name).\(state)"
            if !loop.contains(name) { loop.append(name) }
        }
        if loop.isEmpty { loop = [ctx.pathName] }
        let names = loop.map { "'\($0)'" }.joined(separator: ", ")
        return FlowError(
            kind: .stepLimit,
            message:
                "flow loops without user input through \(names): \(interpreter.options.stepLimit) steps in a row without an alert, prompt or Settings visit",
            context: ctx)
    }

    /// The error for `Options.maxTotalSteps`: the run is stopped wherever it stands.
    func totalStepsError(at ctx: StepContext) -> FlowError {
        FlowError(
            kind: .totalStepLimit,
            message:
                "run stopped in state '\(ctx.pathName)' at its limit of \(interpreter.options.maxTotalSteps) steps in all; raise the limit (--max-total-steps) if the flow needs more",
            context: ctx)
    }
}
