import FlowSyntax
import Testing

@testable import FlowModel

extension DiagnosticTests {
    /// The experiment IDs (FL0180–FL0184) as rendered, one case each (ExperimentCheckTests has
    /// the rest).
    static let experimentCases: [Case] = [
        Case(
            "FL0180 experiment weights",
            """
            flow f { experiment e { a: 60, b: 60 } start -> s  state s { variant e { a -> done granted  b -> done denied } } }
            """,
            ["main.flow:1:25: error: the weights of experiment 'e' add up to 120, not 100 [FL0180]"]),
        Case(
            "FL0181 duplicate variant",
            """
            flow f { experiment e { a: 50, a: 50 } start -> s  state s { -> done granted } }
            """,
            ["main.flow:1:32: error: duplicate variant 'a' in experiment 'e' [FL0181] note: first declared here (1:25)"]
        ),
        Case(
            "FL0182 unknown experiment",
            """
            flow f { experiment copy { a: 50, b: 50 } start -> s  state s { variant cpy { a -> done granted  b -> done denied } } }
            """,
            ["main.flow:1:73: error: unknown experiment 'cpy' in flow 'f' [FL0182] fix: 'copy'"]),
        Case(
            "FL0183 unused experiment",
            """
            flow f { experiment e { a: 50, b: 50 } start -> s  state s { -> done granted } }
            """,
            [
                "main.flow:1:21: error: experiment 'e' is never branched on; add 'variant e { ... }' to a state or remove it [FL0183]"
            ]),
        Case(
            "FL0184 experiment key",
            """
            flow f { experiment abcdefghijklmnopqrstuvwxyz0123456 { a: 50, b: 50 } start -> s  state s { -> done granted } }
            """,
            [
                "main.flow:1:21: error: experiment 'abcdefghijklmnopqrstuvwxyz0123456' makes the analytics property 'variant_abcdefghijklmnopqrstuvwxyz0123456', longer than 40 characters (Firebase's rule for parameter names); shorten the name [FL0184]"
            ]),
    ]
}
