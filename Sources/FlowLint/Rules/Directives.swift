import FlowSyntax

// The engine's own findings about `// flowlint:` comments. They are rules so that they are
// listed, explained, configurable and tested like the others; the engine produces them.

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
          // flowlint:disable FL1101
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
          // flowlint:disable FL1110 -- kept for the A/B test
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
          state ask { request camera { authorized -> done granted  else -> done denied } } // flowlint:expect FL1203
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

    /// FL1004
    public static let unknownDirective = Rule(
        id: "FL1004", name: "unknown-directive", severity: .warning,
        summary: "a comment starting with flowlint: that is neither disable nor expect",
        documentation: "Only `flowlint:disable` and `flowlint:expect` exist; anything else is probably a typo.",
        triggering: """
        flow camera {
          uses camera
          start -> ask
          // flowlint:disabel FL1101 -- typo
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
