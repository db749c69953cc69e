import Testing
import FlowSyntax
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
        let result = load("""
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
        guard case .status(let check) = flow.states[0].terminator else { Issue.record("status expected"); return }
        #expect(check.arms.map(\.patterns) == [[[.statusClass(.granted)], [.statusClass(.limited)]], [[.any]]])
        #expect(check.arms.map(\.transition.target) == [.state(StateID(1)), .outcome(1)])
        #expect(check.otherwise == nil)
        guard case .request(let request) = flow.states[1].terminator else { Issue.record("request expected"); return }
        #expect(request.arms.map(\.patterns) == [[[.statusClass(.denied)]]])
        #expect(request.otherwise?.target == .outcome(0))
    }

    @Test func everyFailingArmIsReported() {
        let result = load(flow("""
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
        #expect(lines(result).map { String($0.prefix(while: { $0 != "(" })) } == [
            "main.flow:6:7: error: unknown status 'nope' for camera ",
            "main.flow:7:21: error: unknown state 'missing' [FL0102]",
            "main.flow:8:7: error: unknown status 'alsoNope' for camera ",
        ])
    }
}
