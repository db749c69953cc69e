import FlowFormat
import FlowSyntax
import Testing

/// A `limit` in the canonical layout: one statement, first in its state, single spaces, and the
/// result formatted again unchanged.
@Suite struct LimitLayoutTests {
    @Test func aLimitIsAStatementOfItsOwn() throws {
        let input = """
            flow f {
            outcomes granted, later
            start -> s
            state s {
            limit   3 times ,every 7   days else->done later
            track "shown"
            -> done granted
            }
            state t { limit 1 time else -> s  -> done granted }
            }
            """
        let expected = """
            flow f {
              outcomes granted, later
              start -> s
              state s {
                limit 3 times, every 7 days else -> done later
                track "shown"
                -> done granted
              }
              state t { limit 1 time else -> s  -> done granted }
            }

            """
        #expect(try formatted(input) == expected)
        #expect(try formatted(expected) == expected)
    }
}
