import FlowSyntax

// Reported by the engine (Linter) while it reads `// flowlint:` comments; a rule so it is
// listed, explained, configurable and tested like the others.

extension Rule {
    /// FL1001
    public static let suppressionWithoutReason = Rule(
        id: "FL1001", name: "suppression-without-reason", severity: .warning,
        summary: "a flowlint:disable comment that gives no reason",
        documentation: """
            `// flowlint:disable FL1203 -- reason` silences a rule on the same line, the next line, or
            the whole state (or flow) declared there. The reason after `--` is required so a reviewer
            knows why the finding does not apply; a suppression without one still suppresses, but is
            reported.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> ask
              1️⃣// flowlint:disable FL1101
              state old { -> ask }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> ask
              // flowlint:disable FL1101 -- kept for the A/B test that starts next week
              state old { -> ask }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """
    ) { _ in [] }
}
