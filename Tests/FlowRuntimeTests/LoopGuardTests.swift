import FlowModel
import FlowSyntax
import Testing

@testable import FlowRuntime

/// The loop guard counts only real user input: a request iOS answers without a prompt (the
/// status is already decided) is not input, so a flow that asks again and again is a loop.
@Suite struct LoopGuardTests {
    static let askAgain = """
        flow f {
          uses camera
          start -> ask
          state ask { request camera { authorized -> done granted  else -> again } }
          state again { -> ask }
        }
        """

    func run(_ status: Status, script: Script = Script(), stepLimit: Int = 6) async throws -> RunResult {
        let load = Loader(reader: MemoryReader([:])).load(text: Self.askAgain, path: "main.flow")
        let program = try #require(load.program, "\(load.diagnostics.map(\.message))")
        return try await simulate(
            program, .init(statuses: [.camera: status]), script: script,
            options: .init(stepLimit: stepLimit, maxTotalSteps: 1000)
        ).0
    }

    @Test func aRequestAnsweredWithoutAPromptIsNotInput() async throws {
        let r = try await run(.denied)
        guard case .error(let e) = r.end else {
            Issue.record("\(r.end)")
            return
        }
        #expect(e.id == "FL2103")
        #expect(
            e.message
                == "flow loops without user input through 'ask', 'again': 6 steps in a row without an alert, prompt or Settings visit"
        )
        #expect(e.context?.state == "ask")
        #expect(e.diagnostic.range?.start.line == 4)
        // Six states ran without input; the seventh, 'ask' once more, is where the loop is found.
        #expect(r.path == ["ask", "again", "ask", "again", "ask", "again"])
    }

    @Test func aPromptTheUserAnswersIsInput() async throws {
        // From notDetermined the first request prompts (input); after "Don't Allow" the rest
        // return at once, so the loop is found six steps after the answer: one step later than
        // from denied, where nothing was ever input.
        let r = try await run(.notDetermined, script: Script(answers: answers(.camera, .label("Don't Allow"))))
        guard case .error(let e) = r.end else {
            Issue.record("\(r.end)")
            return
        }
        #expect(e.id == "FL2103")
        #expect(r.path == ["ask", "again", "ask", "again", "ask", "again", "ask"])
    }

    @Test func inputForgetsTheStatesRunBeforeIt() async throws {
        // Seven states without input, an alert, and the same seven again: no state runs twice
        // between two inputs, so this is no loop, though the second seven pass the step limit.
        var text = "flow f {\n  start -> c0\n"
        for i in 0..<7 { text += "  state c\(i) { -> \(i < 6 ? "c\(i + 1)" : "ask") }\n" }
        text +=
            "  state ask { alert { title \"Again?\" button \"Again\" -> c0  cancel \"Stop\" -> done cancelled } }\n}\n"
        let program = try #require(Loader(reader: MemoryReader([:])).load(text: text, path: "main.flow").program)
        let r = try await simulate(
            program, script: Script(taps: taps("Again", "Stop")),
            options: .init(stepLimit: 6, maxTotalSteps: 1000)
        ).0
        #expect(r.end == .outcome("cancelled"))
        let lap = (0..<7).map { "c\($0)" } + ["ask"]
        #expect(r.path == lap + lap)
    }
}
