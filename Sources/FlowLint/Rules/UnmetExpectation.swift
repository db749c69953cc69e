import FlowSyntax

// Reported by the engine (Linter) while it reads `// flowlint:` comments; a rule so it is
// listed, explained, configurable and tested like the others.

extension Rule {
    /// FL1003
    public static let unmetExpectation = Rule(
        id: "FL1003", name: "unmet-expectation", severity: .error,
        summary: "a flowlint:expect comment whose finding is not reported",
        documentation: """
            Example flows carry the findings they demonstrate as `// flowlint:expect FL1301` on the
            line of the finding or the line before it (or before its state). An expected finding is
            not printed; an expectation nothing matches is an error, so the examples and the linter
            cannot drift apart.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> ask
              state ask { request camera { authorized -> done granted  else -> done denied } } 1️⃣// flowlint:expect FL1203
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> ask
              state ask { request camera { authorized -> done granted } } // flowlint:expect FL1203
            }
            """
    ) { _ in [] }
}
