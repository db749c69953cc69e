import FlowSyntax

// Experiments: the flow-level declarations (variants, weights, the analytics key) and the
// `variant` terminator (one arm per variant, no `else`), and after the body is checked, that
// every experiment is branched on somewhere a run can reach.

/// Firebase's rule for an event parameter name, which `variant_<experiment>` must follow: 1 to 40
/// characters, letters, digits and underscores, starting with a letter
/// (https://firebase.google.com/docs/reference/cpp/struct/firebase/analytics/parameter and
/// https://pub.dev/documentation/firebase_analytics_platform_interface/latest/firebase_analytics_platform_interface/MethodChannelFirebaseAnalytics/logEvent.html).
enum AnalyticsKeyRule {
    static let maxLength = 40

    static func isValid(_ key: String) -> Bool {
        guard let first = key.utf8.first, key.utf8.count <= maxLength, isLetter(first) else { return false }
        return key.utf8.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
}

extension Checker {
    /// The flow's `experiment` declarations, checked: at least two variants, each once, whole
    /// weights from 0 to 100 that add up to 100, and a valid analytics key. A declaration with an
    /// error is left out (so a `variant` naming it is not reported again as unknown).
    mutating func experiments(of decl: FlowDecl) -> [Experiment] {
        var experiments: [Experiment] = []
        for case .experiment(let syntax) in decl.items {
            guard !syntax.name.name.isEmpty else {
                incomplete = true
                continue
            }
            if let earlier = experiments.first(where: { $0.name == syntax.name.name }) {
                error(
                    ModelDiagnosticID.duplicateVariant,
                    "duplicate experiment '\(syntax.name.name)' in flow '\(decl.name.name)'", at: syntax.name.range,
                    notes: [DiagnosticNote("first declared here", at: earlier.nameRange)])
                continue
            }
            if let experiment = experiment(syntax) { experiments.append(experiment) }
        }
        return experiments
    }

    private mutating func experiment(_ syntax: ExperimentSyntax) -> Experiment? {
        let name = syntax.name.name
        var valid = checkExperimentKey(syntax.name)
        var variants: [Experiment.Variant] = []
        for variant in syntax.variants {
            if let earlier = variants.first(where: { $0.name == variant.name.name }) {
                error(
                    ModelDiagnosticID.duplicateVariant,
                    "duplicate variant '\(variant.name.name)' in experiment '\(name)'", at: variant.name.range,
                    notes: [DiagnosticNote("first declared here", at: earlier.range)])
                valid = false
                continue
            }
            guard let literal = variant.weight else {
                incomplete = true
                valid = false
                continue
            }
            guard let weight = Int(literal.text), (0...100).contains(weight) else {
                error(
                    ModelDiagnosticID.experimentWeights,
                    "weight '\(literal.text)' of variant '\(variant.name.name)' is not a whole number from 0 to 100",
                    at: literal.range)
                valid = false
                continue
            }
            variants.append(Experiment.Variant(name: variant.name.name, weight: weight, range: variant.name.range))
        }
        guard valid else { return nil }
        if variants.count < 2 {
            error(
                ModelDiagnosticID.experimentWeights,
                "experiment '\(name)' has \(variants.count) variant\(variants.count == 1 ? "" : "s"); it needs at least two",
                at: syntax.name.range)
            return nil
        }
        let total = variants.reduce(0) { $0 + $1.weight }
        if total != 100, let first = syntax.variants.first, let last = syntax.variants.last {
            error(
                ModelDiagnosticID.experimentWeights,
                "the weights of experiment '\(name)' add up to \(total), not 100",
                at: SourceRange(file: first.range.file, start: first.range.start, end: last.range.end))
            return nil
        }
        return Experiment(name: name, nameRange: syntax.name.range, variants: variants, range: syntax.range)
    }

    /// Whether `variant_<name>` is a valid analytics parameter name (`AnalyticsKeyRule`).
    private mutating func checkExperimentKey(_ name: Identifier) -> Bool {
        let key = ExperimentAssignment.propertyPrefix + name.name
        guard !AnalyticsKeyRule.isValid(key) else { return true }
        let reason =
            key.utf8.count > AnalyticsKeyRule.maxLength
            ? "longer than \(AnalyticsKeyRule.maxLength) characters" : "not only letters, digits and underscores"
        error(
            ModelDiagnosticID.experimentKey,
            "experiment '\(name.name)' makes the analytics property '\(key)', \(reason) (Firebase's rule for parameter names); shorten the name",
            at: name.range)
        return false
    }

    /// `variant experiment { name -> target ... }`: one arm per variant of a declared experiment,
    /// each variant once, no `else` (the arms list the split; a new variant must say where it goes).
    mutating func variantBranch(_ syntax: VariantSyntax, in context: FlowContext) -> Terminator? {
        let experiments = signatures[context.flow].experiments
        guard let index = experiments.firstIndex(where: { $0.name == syntax.experiment.name }) else {
            if signatures[context.flow].decl.items.contains(where: { item in
                if case .experiment(let e) = item { return e.name.name == syntax.experiment.name }
                return false
            }) {
                // Declared with an error (already reported).
                return nil
            }
            error(
                ModelDiagnosticID.unknownExperiment,
                "unknown experiment '\(syntax.experiment.name)' in flow '\(signatures[context.flow].name)'",
                at: syntax.experiment.range,
                suggestion: Suggestion.closest(to: syntax.experiment.name, in: experiments.map(\.name)))
            return nil
        }
        let experiment = experiments[index]
        var arms: [VariantBranch.Arm] = []
        var valid = true
        for arm in syntax.arms {
            guard let transition = variantArm(arm, of: experiment, taken: arms, in: context) else {
                valid = false
                continue
            }
            arms.append(contentsOf: transition)
        }
        let missing = experiment.variants.indices.filter { v in !arms.contains { $0.variant == v } }
        if valid, !missing.isEmpty {
            let names = missing.map { "'\(experiment.variants[$0].name)'" }.joined(separator: ", ")
            error(
                ModelDiagnosticID.unknownExperiment,
                "'variant \(experiment.name)' has no arm for variant\(missing.count == 1 ? "" : "s") \(names)",
                at: syntax.experiment.range)
            return nil
        }
        guard valid else { return nil }
        return .variant(
            VariantBranch(
                experiment: index, experimentName: experiment.name, experimentRange: syntax.experiment.range,
                arms: arms,
                range: syntax.range))
    }

    /// The arms of one `a, b -> target` of a `variant`, one per name; nil when one is wrong.
    private mutating func variantArm(
        _ arm: ArmSyntax, of experiment: Experiment, taken: [VariantBranch.Arm], in context: FlowContext
    ) -> [VariantBranch.Arm]? {
        if arm.isElse {
            error(
                ModelDiagnosticID.unknownExperiment,
                "'variant \(experiment.name)' takes no 'else'; give each variant its arm (\(experiment.variants.map(\.name).joined(separator: ", ")))",
                at: arm.range)
            return nil
        }
        var variants: [Int] = []
        for pattern in arm.patterns {
            guard case .name(let name) = pattern else {
                error(
                    ModelDiagnosticID.patternShape, "a variant arm names variants, not a tuple", at: pattern.range)
                return nil
            }
            guard let variant = experiment.variant(named: name.name) else {
                error(
                    ModelDiagnosticID.unknownExperiment,
                    "unknown variant '\(name.name)' of experiment '\(experiment.name)' (its variants: \(experiment.variants.map(\.name).joined(separator: ", ")))",
                    at: name.range, suggestion: Suggestion.closest(to: name.name, in: experiment.variants.map(\.name)))
                return nil
            }
            if let earlier = taken.first(where: { $0.variant == variant }) {
                error(
                    ModelDiagnosticID.duplicateVariant,
                    "variant '\(name.name)' already has an arm", at: name.range,
                    notes: [DiagnosticNote("first arm is here", at: earlier.range)])
                return nil
            }
            variants.append(variant)
        }
        guard let transition = transition(arm.transition, in: context) else { return nil }
        return variants.map {
            VariantBranch.Arm(
                variant: $0, name: experiment.variants[$0].name, transition: transition, range: arm.range)
        }
    }

    /// Every experiment of `flow` must be branched on by a `variant` in a state a run can reach
    /// from the start: otherwise its variants never differ and the split measures nothing.
    mutating func checkExperimentUse(_ flow: Flow) {
        guard !flow.experiments.isEmpty else { return }
        var seen = Set([flow.start])
        var queue = [flow.start]
        var next = 0
        while next < queue.count {
            for transition in flow[queue[next]].terminator.transitions {
                if case .state(let state) = transition.target, seen.insert(state).inserted { queue.append(state) }
            }
            next += 1
        }
        for (index, experiment) in flow.experiments.enumerated() {
            let branches = flow.states.indices.filter { s in
                if case .variant(let branch) = flow.states[s].terminator { return branch.experiment == index }
                return false
            }
            if branches.isEmpty {
                error(
                    ModelDiagnosticID.unusedExperiment,
                    "experiment '\(experiment.name)' is never branched on; add 'variant \(experiment.name) { ... }' to a state or remove it",
                    at: experiment.nameRange)
            } else if !branches.contains(where: { seen.contains(StateID($0)) }) {
                error(
                    ModelDiagnosticID.unusedExperiment,
                    "no path reaches a 'variant \(experiment.name)', so no user sees its variants",
                    at: experiment.nameRange,
                    notes: branches.map {
                        DiagnosticNote(
                            "state '\(flow.states[$0].name)' cannot be reached from the start",
                            at: flow.states[$0].nameRange)
                    })
            }
        }
    }
}
