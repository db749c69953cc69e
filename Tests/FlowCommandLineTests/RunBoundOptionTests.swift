import FlowModel
import Foundation
import Testing

@testable import FlowCommandLine

/// `--max-total-steps` and the exploration budget as a diagnostic (FL2106, FL2107).
@Suite struct RunBoundOptionTests {
    @Test func totalStepLimitIsAFlowErrorAtTheStateItStopsIn() async {
        // device -> check -> done granted takes 2 steps; with a bound of 1, `check` never runs.
        let r = await Fixtures.flowrun(["camera.flow", "--status", "camera=authorized", "--max-total-steps", "1"])
        #expect(r.code == ExitCode.flowError)
        #expect(r.err.hasPrefix("camera.flow:5:"))
        #expect(
            r.err.contains(
                "error: run stopped in state 'check' at its limit of 1 steps in all; raise the limit (--max-total-steps) if the flow needs more [FL2106]"
            ))
        let enough = await Fixtures.flowrun(["camera.flow", "--status", "camera=authorized", "--max-total-steps", "2"])
        #expect(enough.code == ExitCode.finished)
    }

    @Test(arguments: [
        (["camera.flow", "--max-total-steps", "0"], "'--max-total-steps 0' needs a whole number greater than 0"),
        (
            ["--explore", "camera.flow", "--max-total-steps", "5"],
            "'--explore' tries every status, capability and answer itself; drop '--max-total-steps'"
        ),
    ])
    func badBoundsAreUsageErrors(arguments: [String], message: String) async {
        let r = await Fixtures.flowrun(arguments)
        #expect(r.code == ExitCode.usageError)
        #expect(r.err.hasPrefix("flowrun: error: \(message)\n"))
    }

    @Test func helpListsTheBound() async {
        let r = await Fixtures.flowrun(["--help"])
        #expect(r.out.contains("--max-total-steps"))
        #expect(r.out.contains("(default 100000)"))
    }

    @Test func exhaustedExplorationBudgetIsADiagnosticAtTheFlowName() async {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = await FlowrunCommand(
            reader: Fixtures.Reader(files: ["cam.flow": ExploreCommandTests.small]), environment: [:]
        )
        .run(
            arguments: ["--explore", "cam.flow", "--explore-budget", "2"], stdin: ScriptedInput([], isTerminal: false),
            stdout: out, stderr: err)
        #expect(code == ExitCode.explorationIncomplete)
        #expect(
            err.text.hasPrefix(
                "cam.flow:1:6: error: exploration stopped at its budget of 2 steps in flow 'cam': the paths are incomplete; raise it with --explore-budget N [FL2107]\n"
            ))
    }
}
