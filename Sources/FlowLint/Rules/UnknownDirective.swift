import FlowSyntax

// Reported by the engine (Linter) while it reads `// flowlint:` comments; a rule so it is
// listed, explained, configurable and tested like the others.

extension Rule {
    /// FL1004
    public static let unknownDirective = Rule(
        id: "FL1004", name: "unknown-directive", severity: .warning,
        summary: "a comment starting with flowlint: that is neither disable nor expect",
        documentation: "Only `flowlint:disable` and `flowlint:expect` exist; anything else is probably a typo.",
        triggering: """
            flow camera {
              uses camera
              start -> ask
              1️⃣// flowlint:disabel FL1101 -- typo
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> ask
              // flowlint is run in CI on every pull request
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """
    ) { _ in [] }
}
