import FlowSyntax
import Testing

@testable import FlowModel

/// The checker's shortcuts for status arms give what the general path gives: the shared
/// one-element patterns, the arms collected without optionals, and `splitElse` handing back the
/// block itself when it has no `else`.
@Suite struct StatusArmTests {
    @Test func sharedPatternsEqualTheirOneElementArrays() {
        var matches: [StatusMatch] = Status.allCases.map { .status($0) }
        matches += StatusClass.allCases.map { .statusClass($0) }
        matches.append(.any)
        for match in matches {
            #expect(StatusMatch.shared(match) == [match])
        }
        // A different match never shares another's array.
        #expect(StatusMatch.shared(.status(.denied)) != StatusMatch.shared(.status(.restricted)))
        #expect(StatusMatch.shared(.statusClass(.denied)) != [.status(.denied)])
    }

    @Test func oneSubjectPatternsReadAsWrittenWithAndWithoutElse() throws {
        let result = load(
            """
            flow f(p: permission) {
              start -> a
              state a {
                status p {
                  granted, limited -> b
                  (_) -> done denied
                }
              }
              state b {
                request p {
                  denied -> done denied
                  else -> done granted
                }
              }
            }
            """)
        #expect(lines(result) == [])
        let flow = try #require(result.program?.flows.first)
        guard case .status(let check) = flow.states[0].terminator else {
            Issue.record("status expected")
            return
        }
        #expect(check.arms.map(\.patterns) == [[[.statusClass(.granted)], [.statusClass(.limited)]], [[.any]]])
        #expect(check.arms.map(\.transition.target) == [.state(StateID(1)), .outcome(1)])
        #expect(check.otherwise == nil)
        guard case .request(let request) = flow.states[1].terminator else {
            Issue.record("request expected")
            return
        }
        #expect(request.arms.map(\.patterns) == [[[.statusClass(.denied)]]])
        #expect(request.otherwise?.target == .outcome(0))
    }

    @Test func everyFailingArmIsReported() {
        let result = load(
            flow(
                """
                state s {
                    status camera {
                      nope -> done granted
                      authorized -> missing
                      alsoNope -> done denied
                      else -> done denied
                    }
                  }
                """))
        #expect(result.program == nil)
        #expect(
            lines(result).map { String($0.prefix(while: { $0 != "(" })) } == [
                "main.flow:6:7: error: unknown status 'nope' for camera ",
                "main.flow:7:21: error: unknown state 'missing' [FL0102]",
                "main.flow:8:7: error: unknown status 'alsoNope' for camera ",
            ])
    }
}

/// The checker's one-probe insert must do what a lookup then an insert does.
@Suite struct ExistingValueTests {
    @Test func insertsWhenAbsentAndKeepsTheFirstValue() {
        var index: [String: Int] = [:]
        #expect(index.existingValue(orInsert: 0, forKey: "a") == nil)
        #expect(index == ["a": 0])
        #expect(index.existingValue(orInsert: 1, forKey: "b") == nil)
        #expect(index.existingValue(orInsert: 2, forKey: "a") == 0)
        #expect(index == ["a": 0, "b": 1])
        // Growing past its first capacity keeps every first value.
        for n in 0..<100 { #expect(index.existingValue(orInsert: n + 10, forKey: "k\(n)") == nil) }
        for n in 0..<100 { #expect(index.existingValue(orInsert: -1, forKey: "k\(n)") == n + 10) }
        #expect(index.count == 102)
        #expect(index["a"] == 0)
    }

    @Test func duplicatesAreStillReportedAgainstTheFirst() {
        let result = load(
            """
            flow f(p: permission, p: permission) {
              title "A"
              title "B"
              start -> a
              state a { -> b }
              state b { -> done granted }
              state a { -> done denied }
            }
            flow g(x: permission) {
              start -> s
              state s { -> done granted }
            }
            flow h {
              uses camera
              start -> s
              state s { call g(x: camera, x: camera) { else -> done granted } }
            }
            """)
        #expect(
            lines(result) == [
                "main.flow:1:23: error: duplicate parameter 'p' [FL0140] note: first declared here (1:8)",
                "main.flow:3:3: error: duplicate 'title' in flow 'f' [FL0106] note: first given here (2:3)",
                "main.flow:7:9: error: duplicate state 'a' in flow 'f' [FL0104] note: first defined here (5:9)",
                "main.flow:16:31: error: argument 'x' is given twice [FL0132] note: first given here (16:20)",
            ])
    }
}

/// A flow without `outcomes` gets the shared built-in list, the same a flow would build itself.
@Suite struct BuiltinOutcomeTests {
    @Test func sharedListAndIndexMatchTheBuiltinNames() {
        #expect(BuiltinOutcomes.list == Flow.builtinOutcomes.map { Outcome(name: $0, range: nil) })
        #expect(BuiltinOutcomes.index.count == Flow.builtinOutcomes.count)
        for (position, name) in Flow.builtinOutcomes.enumerated() { #expect(BuiltinOutcomes.index[name] == position) }
    }

    @Test func flowsWithAndWithoutOutcomesAndRepeatedUses() throws {
        let result = load(
            """
            flow a {
              uses camera, photos, camera
              start -> s
              state s { -> done cancelled }
            }
            flow b {
              uses camera
              outcomes ok, no
              start -> s
              state s { -> done no }
            }
            """)
        #expect(lines(result) == ["main.flow:2:24: error: 'camera' is already in 'uses' [FL0111]"])
        let checked = load(
            """
            flow a {
              uses camera, photos
              start -> s
              state s { -> done cancelled }
            }
            flow b {
              uses camera
              outcomes ok, no
              start -> s
              state s { -> done no }
            }
            """)
        let flows = try #require(checked.program?.flows)
        #expect(flows[0].uses == [.camera, .photos])
        #expect(flows[0].outcomes.map(\.name) == Flow.builtinOutcomes)
        #expect(!flows[0].outcomesDeclared)
        guard case .goto(let goto) = flows[0].states[0].terminator else {
            Issue.record("goto expected")
            return
        }
        #expect(goto.transition.target == .outcome(4))  // cancelled
        #expect(flows[1].outcomes.map(\.name) == ["ok", "no"])
    }
}
