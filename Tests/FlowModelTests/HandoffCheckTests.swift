import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowModel

/// The checker's rules for `handoff` and `handling`, and what the model keeps of them.
@Suite struct HandoffCheckTests {
    static let callee = """
        flow 7️⃣ask8️⃣ {
          uses camera
          start -> s
          state s { request camera { authorized -> done granted  else -> explain } }
          state explain handoff denied { alert { title "Camera is off" button "OK" -> done denied } }
        }
        """

    @Test func handoffNamesAnOutcomeOfItsFlow() {
        #expect(
            checkMarked(
                """
                flow f {
                  outcomes ok, refused
                  start -> s
                  state s handoff 1️⃣refusd2️⃣ { -> done ok }
                }
                """) == [
                    "1️⃣-2️⃣ FL0117 error: unknown outcome 'refusd' in 'handoff' for flow 'f' (its outcomes: ok, refused)"
                ])
    }

    @Test func eachHandledOutcomeIsCheckedAgainstTheCallee() {
        #expect(
            checkMarked(
                """
                flow main {
                  start -> s
                  state s { call ask handling 1️⃣refused2️⃣, 3️⃣denied4️⃣, 5️⃣granted6️⃣ { granted -> done granted  else -> done denied } }
                }
                """ + "\n" + Self.callee) == [
                    "1️⃣-2️⃣ FL0134 error: 'refused' is not an outcome of flow 'ask' (its outcomes: granted, denied, limited, unavailable, cancelled)",
                    "3️⃣-4️⃣ FL0161 error: the call handles 'denied' but no arm names it; add 'denied -> state' for the caller's own handling",
                    "5️⃣-6️⃣ FL0160 error: flow 'ask' never hands 'granted' to its caller: none of its states has 'handoff granted'",
                    "  note 7️⃣-8️⃣: it hands off 'denied'",
                ])
    }

    @Test func aCalleeWithoutHandoffsSaysWhereToMarkOne() {
        #expect(
            checkMarked(
                """
                flow main {
                  start -> s
                  state s { call ask handling 1️⃣denied2️⃣ { denied -> done cancelled  else -> done granted } }
                }
                flow 3️⃣ask4️⃣ { start -> s  state s { -> done denied } }
                """) == [
                    "1️⃣-2️⃣ FL0160 error: flow 'ask' never hands 'denied' to its caller: none of its states has 'handoff denied'",
                    "  note 3️⃣-4️⃣: mark the state where 'ask' handles 'denied' itself with 'handoff denied'",
                ])
    }

    @Test func anOutcomeIsHandledOnce() {
        #expect(
            checkMarked(
                """
                flow main {
                  start -> s
                  state s { call ask handling 1️⃣denied2️⃣, 3️⃣denied4️⃣ { denied -> done cancelled  else -> done granted } }
                }
                """ + "\n" + Self.callee) == [
                    "3️⃣-4️⃣ FL0118 error: outcome 'denied' is already handled",
                    "  note 1️⃣-2️⃣: first named here",
                ])
    }

    @Test func theModelKeepsBothClauses() throws {
        let result = load(
            """
            flow main {
              start -> s
              state s { call ask handling denied { denied -> done cancelled  else -> done granted } }
            }
            flow ask {
              outcomes granted, denied
              uses camera
              start -> s
              state s { request camera { authorized -> done granted  else -> explain } }
              state explain handoff denied { alert { title "Camera is off" button "OK" -> done denied } }
            }
            """)
        let program = try #require(result.program, "\(lines(result))")
        let main = try #require(program.flow(named: "main"))
        let ask = try #require(program.flow(named: "ask"))
        guard case .call(let call) = program[main].states[0].terminator else {
            Issue.record("no call")
            return
        }
        #expect(call.handling?.outcomes == [1])
        #expect(call.handles(1) && !call.handles(0))
        #expect(call.handling?.outcomeRanges.map { $0.start.column } == [31])
        #expect(program[ask].states[0].handoff == nil)
        #expect(program[ask].states[1].handoff?.outcome == 1)
        #expect(
            program[ask].states[1].handoff.map { ($0.range.start.line, $0.range.start.column, $0.range.end.column) }
                .map { $0 == (10, 17, 31) } == true)
    }
}
