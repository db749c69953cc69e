import FlowModel
import FlowRuntime

/// Which variant of each experiment a state is shown in. A run's variants are fixed when it
/// starts and every event of it carries `variant_<experiment>`, so an event sent from states under
/// different arms of a `variant` (one `track` name in the alert and in the sheet) is placed by
/// the variant it carries.
extension FunnelMap {
    /// An experiment's property (`variant_<name>`) and the variants under which a state is reached,
    /// when that is not every variant.
    struct VariantConstraint: Sendable {
        var key: String
        var allowed: [String]
    }

    /// For each flow a run of `entry` reaches, for each of its states, the experiments whose
    /// variant decides whether the state is reached: those it is reached under only some arms of.
    static func variantConstraints(_ program: Program, entry: FlowID) -> [FlowID: [[VariantConstraint]]] {
        var result: [FlowID: [[VariantConstraint]]] = [:]
        for experiment in program.runExperiments(from: entry) {
            let names = experiment.variants.map(\.name)
            let reachedUnder = names.map { reached(program, entry: entry, experiment: experiment.name, variant: $0) }
            var all: [FlowID: Set<Int>] = [:]
            for reached in reachedUnder { all.merge(reached) { $0.union($1) } }
            for (flow, states) in all {
                for state in states {
                    let allowed = names.indices.filter { reachedUnder[$0][flow]?.contains(state) == true }.map {
                        names[$0]
                    }
                    guard allowed.count < names.count else { continue }
                    if result[flow] == nil { result[flow] = Array(repeating: [], count: program[flow].states.count) }
                    result[flow]![state].append(VariantConstraint(key: experiment.propertyKey, allowed: allowed))
                }
            }
        }
        return result
    }

    /// The states of each flow a run of `entry` can reach while `experiment` is `variant`: a
    /// `variant` of that experiment follows only the variant's arm (and a limit's `else`), a call
    /// enters its callee and goes on from its arms.
    static func reached(_ program: Program, entry: FlowID, experiment: String, variant: String) -> [FlowID: Set<Int>] {
        var seen: [FlowID: Set<Int>] = [:]
        var stack = [(entry, program[entry].start.index)]
        while let (flow, index) = stack.popLast() {
            guard seen[flow, default: []].insert(index).inserted else { continue }
            let state = program[flow].states[index]
            var transitions = state.transitions
            switch state.terminator {
            case .variant(let branch) where branch.experimentName == experiment:
                transitions =
                    branch.arms.filter { $0.name == variant }.map(\.transition)
                    + (state.limit.map { [$0.otherwise] } ?? [])
            case .call(let call):
                stack.append((call.callee, program[call.callee].start.index))
            default:
                break
            }
            for transition in transitions {
                if case .state(let next) = transition.target { stack.append((flow, next.index)) }
            }
        }
        return seen
    }
}
