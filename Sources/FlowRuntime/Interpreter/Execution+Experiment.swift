import FlowModel
import FlowSyntax

// Experiments at run time: a run's variants are fixed when it starts (every event of the run,
// `flow_start` first, carries `variant_<experiment>`), a `variant` terminator follows the arm of
// the run's variant, and the trace records which one it took.

extension Program {
    /// The experiments a run of `flow` can branch on: the flow's own, then those of every flow it
    /// calls, transitively, in call order. A name declared by two of these flows is listed once
    /// (the first), as the run has one `variant_<name>` property for it.
    public func runExperiments(from flow: FlowID) -> [Experiment] {
        var seen: Set<Int> = [flow.index]
        var queue = [flow.index]
        var experiments: [Experiment] = []
        var next = 0
        while next < queue.count {
            let current = flows[queue[next]]
            for experiment in current.experiments where !experiments.contains(where: { $0.name == experiment.name }) {
                experiments.append(experiment)
            }
            for state in current.states {
                if case .call(let call) = state.terminator, seen.insert(call.callee.index).inserted {
                    queue.append(call.callee.index)
                }
            }
            next += 1
        }
        return experiments
    }

    /// The variant of each of `experiments` for a run: the override when there is one, else the
    /// install's assignment (`ExperimentAssignment`). Throws for an override that names no
    /// experiment of the program, or a variant the experiment does not have.
    public func assignVariants(
        _ experiments: [Experiment], installID: String, overrides: [String: String]
    ) throws -> [String: String] {
        try checkVariantOverrides(overrides)
        var assigned: [String: String] = [:]
        for experiment in experiments {
            assigned[experiment.name] =
                overrides[experiment.name]
                ?? experiment.variants[ExperimentAssignment.variant(of: experiment, installID: installID)].name
        }
        return assigned
    }

    /// Throws `RunInvocationError` for an override of an unknown experiment or variant (with a
    /// "did you mean"): an override that is silently ignored would run the wrong variant.
    public func checkVariantOverrides(_ overrides: [String: String]) throws {
        let all = flows.flatMap(\.experiments)
        for (name, variant) in overrides.sorted(by: { $0.key < $1.key }) {
            guard let experiment = all.first(where: { $0.name == name }) else {
                var message = "no experiment named '\(name)'"
                if let s = Suggestion.closest(to: name, in: all.map(\.name)) { message += "; did you mean '\(s)'?" }
                if all.isEmpty { message += " (the program declares none)" }
                throw RunInvocationError(message)
            }
            guard experiment.variant(named: variant) != nil else {
                var message = "experiment '\(name)' has no variant '\(variant)'"
                if let s = Suggestion.closest(to: variant, in: experiment.variants.map(\.name)) {
                    message += "; did you mean '\(s)'?"
                }
                throw RunInvocationError(
                    message + " (its variants: \(experiment.variants.map(\.name).joined(separator: ", ")))")
            }
        }
    }
}

extension Execution {
    /// Fixes the run's variants (experiment name to variant name) and the properties every event
    /// of the run carries for them, in the order the experiments are declared.
    mutating func setVariants(_ variants: [String: String]) {
        self.variants = variants
        variantProperties = prepared.program.runExperiments(from: rootFlow).compactMap { experiment in
            variants[experiment.name].map { AnalyticsEvent.Property(key: experiment.propertyKey, value: .text($0)) }
        }
    }

    /// `event` with the run's variant properties after its own.
    func tagged(_ event: AnalyticsEvent) -> AnalyticsEvent {
        guard !variantProperties.isEmpty else { return event }
        var tagged = event
        tagged.properties += variantProperties
        return tagged
    }

    /// Events of the run tagged (shared as they are when the run has no experiment).
    func tagged(_ events: [AnalyticsEvent]) -> [AnalyticsEvent] {
        variantProperties.isEmpty ? events : events.map { tagged($0) }
    }

    /// A `variant` terminator: the arm of the run's variant of the experiment.
    mutating func takeVariant(_ branch: VariantBranch, flow f: Int) throws -> Next {
        let experiment = prepared.program.flows[f].experiments[branch.experiment]
        guard let name = variants[experiment.name], let variant = experiment.variant(named: name),
            let arm = branch.arm(for: variant)
        else {
            throw FlowError(
                kind: .device,
                message:
                    "the run has no variant of experiment '\(experiment.name)' that 'variant \(experiment.name)' has an arm for",
                context: currentContext)
        }
        return try finishing(transition: branch.arms[arm].transition.target) { _ in
            .variant(experiment: experiment.name, variant: name)
        }
    }
}
