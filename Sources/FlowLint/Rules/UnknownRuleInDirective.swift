import FlowSyntax

// Reported by the engine (Linter) while it reads `// flowlint:` comments; a rule so it is
// listed, explained, configurable and tested like the others.

extension Rule {
    /// FL1002
    public static let unknownRuleInDirective = Rule(
        id: "FL1002", name: "unknown-rule-in-directive", severity: .warning,
        summary: "a flowlint comment that names a rule that does not exist",
        documentation: """
            A suppression or expectation for an unknown rule ID silences nothing, usually because of a
            typo. The closest known ID is suggested.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> ask
              1️⃣// flowlint:disable FL1110 -- kept for the A/B test
              state old { -> ask }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> ask
              // flowlint:disable FL1101 -- kept for the A/B test
              state old { -> ask }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """
    ) { _ in [] }
}
