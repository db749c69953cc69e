import FlowModel
import FlowSyntax

/// A state's `limit` (Grammar.md, "`limit`"): asked on entering the state, before its tracks.
extension Execution {
    /// Starts the current state's body: its limit first when it has one, then its first effect.
    mutating func enterState() -> Next {
        let top = stack.count - 1
        let f = stack[top].flow.index
        let s = stack[top].state.index
        guard let limit = prepared.program.flows[f].states[s].limit else { return effect(0) }
        do {
            let refusal = try interpreter.history.enter(
                flow: prepared.program.flows[f].name, state: prepared.program.flows[f].states[s].name, limit: limit)
            guard let refusal else { return effect(0) }
            phase = .terminator
            return try finishing(transition: limit.otherwise.target) { _ in .limited(refusal) }
        } catch {
            return done(failed(error))
        }
    }
}
