import FlowSyntax

extension DiagnosticRegistry {
    /// A flow around `states` with an experiment declared after its outcomes.
    private static func experimentFlow(_ experiment: String, _ states: String) -> DiagnosticExample {
        .flow(
            "flow f {\n  uses camera\n  outcomes granted, denied\n  \(experiment)\n  start -> s\n"
                + states.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n}\n")
    }

    private static let twoArms = "state s { variant copy { plain -> done granted  benefits -> done denied } }"

    /// The documentation of the experiment IDs (`FL0180`–`FL0184`), appended to `check`.
    static let experimentDescriptions: [DiagnosticDescription] = [
        DiagnosticDescription(
            .experimentWeights, "experiment-weights", .error,
            summary: "an experiment whose weights are not whole percentages adding up to 100",
            explanation:
                "`experiment copy { plain: 50, benefits: 50 }` splits users between at least two variants; each weight is the percentage of installs assigned to the variant (a whole number from 0 to 100) and together they add up to 100, so every install gets exactly one (Grammar.md, \"Experiments\").",
            triggering: experimentFlow("experiment copy { 1️⃣plain: 50, benefits: 40 }", twoArms),
            fix: ("benefits: 40", "benefits: 50"), policy: checkPolicy),
        DiagnosticDescription(
            .duplicateVariant, "duplicate-variant", .error,
            summary: "a variant or experiment declared twice, or a variant with two arms",
            explanation:
                "Variant names are unique in their experiment and experiment names in their flow; a `variant` branch gives each variant exactly one arm.",
            triggering: experimentFlow(
                "experiment copy { plain: 50, benefits: 50 }",
                "state s { variant copy { plain -> done granted  benefits -> done denied  1️⃣plain -> done denied } }"),
            fix: ("  plain -> done denied }", " }"), policy: checkPolicy),
        DiagnosticDescription(
            .unknownExperiment, "unknown-experiment", .error,
            summary: "a variant branch on an unknown experiment or variant, or one that misses a variant",
            explanation:
                "`variant copy { plain -> a  benefits -> b }` branches on the experiment `copy` of the same flow and gives every one of its variants an arm, with no `else`: a variant added later must say where its users go.",
            triggering: experimentFlow(
                "experiment copy { plain: 50, benefits: 50 }",
                "state s { variant copy { plain -> done granted  1️⃣benefit -> done denied } }"),
            fix: ("benefit ->", "benefits ->"), policy: checkPolicy),
        DiagnosticDescription(
            .unusedExperiment, "unused-experiment", .error,
            summary: "an experiment that no reachable variant branch uses",
            explanation:
                "An experiment splits users only where a `variant` branch in a state a run can reach sends them different ways; without one, every variant sees the same flow and the split measures nothing.",
            triggering: experimentFlow(
                "experiment 1️⃣copy { plain: 50, benefits: 50 }",
                "state s { -> done granted }\n"
                    + "state t { variant copy { plain -> done granted  benefits -> done denied } }"),
            fix: ("state s { -> done granted }", "state s { -> t }"), policy: checkPolicy),
        DiagnosticDescription(
            .experimentKey, "experiment-key", .error,
            summary: "an experiment name that makes an analytics property Firebase rejects",
            explanation:
                "Every event of a run carries `variant_<experiment>: \"<variant>\"`. Firebase accepts parameter names of at most 40 letters, digits and underscores, so the experiment's name may have at most 32 characters.",
            triggering: experimentFlow(
                "experiment 1️⃣camera_priming_copy_and_layout_test { plain: 50, benefits: 50 }",
                "state s { variant camera_priming_copy_and_layout_test { plain -> done granted  benefits -> done denied } }"
            ),
            fix: ("camera_priming_copy_and_layout_test", "copy"), policy: checkPolicy),
    ]
}
