import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowModel

/// The checker's rules for `limit`: clauses once and from 1, first in its state, one per state,
/// an `else` that leaves the state, and what the model keeps of it.
@Suite struct LimitCheckTests {
    @Test func clausesAreCountedFromOneAndOnce() {
        #expect(
            checkMarked(
                """
                flow f {
                  start -> a
                  state a { limit 1️⃣02️⃣ times else -> done denied  -> done granted }
                  state b { limit every 3️⃣04️⃣ days else -> done denied  -> done granted }
                  state c { limit 2 times, 5️⃣3 times6️⃣ else -> done denied  -> done granted }
                  state d { limit 7️⃣10000018️⃣ times else -> done denied  -> done granted }
                }
                """, notes: false) == [
                    "1️⃣-2️⃣ FL0190 error: the limit of state 'a' never shows the state with 0; use 1 or more, such as 'limit 3 times'",
                    "3️⃣-4️⃣ FL0190 error: the limit of state 'b' is no limit at all with 0; use 1 or more, such as 'limit every 7 days'",
                    "5️⃣-6️⃣ FL0190 error: the limit of state 'c' has a second 'times' clause",
                    "7️⃣-8️⃣ FL0190 error: the limit of state 'd' needs a whole number from 1 to 100000, such as 'limit 3 times', not '1000001'",
                ])
    }

    @Test func aLimitComesFirstAndOnce() {
        #expect(
            checkMarked(
                """
                flow f {
                  start -> a
                  state a { 1️⃣track "x"2️⃣  3️⃣limit4️⃣ 3 times else -> done denied  -> done granted }
                  state b { 5️⃣limit6️⃣ 3 times else -> done denied  7️⃣limit8️⃣ every 2 days else -> done denied  -> done granted }
                }
                """) == [
                    "3️⃣-4️⃣ FL0191 error: 'limit' must be the first statement of state 'a'; move it before the other statements",
                    "  note 1️⃣-2️⃣: first statement is here",
                    "7️⃣-8️⃣ FL0191 error: state 'b' has a second 'limit'; write its clauses in the first, separated by commas",
                    "  note 5️⃣-6️⃣: first 'limit' is here",
                ])
    }

    @Test func theElseLeavesTheState() {
        #expect(
            checkMarked(
                """
                flow f {
                  start -> c
                  state c { limit 3 times else 1️⃣-> c2️⃣  -> done granted }
                }
                """) == [
                    "1️⃣-2️⃣ FL0190 error: the limit's 'else' goes back to state 'c', which the limit just skipped; go to another state or 'done outcome'"
                ])
    }

    @Test func theModelKeepsTheClausesAndTheElse() throws {
        let load = Loader(reader: MemoryReader([:])).load(
            text: """
                flow f {
                  outcomes granted, later
                  start -> a
                  state a { limit 3 times, every 7 days else -> done later  -> done granted }
                }
                """, path: "main.flow")
        let program = try #require(load.program)
        let limit = try #require(program.flows[0].states[0].limit)
        #expect(limit.times == 3)
        #expect(limit.everyDays == 7)
        #expect(limit.otherwise.target == .outcome(1))
        #expect(program.flows[0].states[0].edges.map(\.kind) == [.goto, .limitElse])
        #expect(limit.clauseText == "3 times, every 7 days")
    }
}
