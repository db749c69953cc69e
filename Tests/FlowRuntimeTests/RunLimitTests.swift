import FlowModel
import FlowSyntax
import Testing

@testable import FlowRuntime

/// The two bounds of a run: the step limit tells a loop without input (a state run again in the
/// same activation) from a long chain, and `maxTotalSteps` stops every run.
@Suite struct RunLimitTests {
    /// `c0` calls `c1` calls ... `c(n-1)`, whose one state ends `granted`: n + ... steps, no loop.
    static func chain(_ n: Int) -> Program {
        program(
            (0..<n).map { i in
                let term: Term =
                    i == n - 1
                    ? .goto(.done("granted"))
                    : .call("c\(i + 1)", [], [(["granted"], .done("granted"))], otherwise: nil)
                return FlowSpec(name: "c\(i)", start: "s", states: [StateSpec(name: "s", term: term)])
            })
    }

    @Test(arguments: [true, false])
    func deepCallChainPastTheStepLimitIsNotALoop(recordsTrace: Bool) async throws {
        let (r, _) = try await simulate(
            Self.chain(40), flow: "c0", options: .init(stepLimit: 10, recordsTrace: recordsTrace))
        #expect(r.end == .outcome("granted"))
        #expect(r.path.count == (recordsTrace ? 40 : 0))
    }

    @Test func theSameSubflowCalledAgainAndAgainIsNotALoop() async throws {
        // outer: s0 -> s1 -> ... -> s5, each calling `inner`, whose state `x` runs six times at depth 1.
        let outer = FlowSpec(
            name: "outer", start: "s0",
            states: (0..<6).map { i in
                StateSpec(
                    name: "s\(i)",
                    term: .call(
                        "inner", [], [(["granted"], i == 5 ? .done("granted") : .state("s\(i + 1)"))], otherwise: nil))
            })
        let inner = FlowSpec(name: "inner", start: "x", states: [StateSpec(name: "x", term: .goto(.done("granted")))])
        let (r, _) = try await simulate(program([outer, inner]), flow: "outer", options: .init(stepLimit: 3))
        #expect(r.end == .outcome("granted"))
        #expect(r.path.filter { $0 == "inner.x" }.count == 6)
    }

    @Test(arguments: [true, false])
    func aLoopThroughASubflowIsALoopNamingBothFlowsStates(recordsTrace: Bool) async throws {
        let outer = FlowSpec(
            name: "outer", start: "a",
            states: [
                StateSpec(name: "a", term: .call("inner", [], [(["granted"], .state("a"))], otherwise: nil))
            ])
        let inner = FlowSpec(name: "inner", start: "x", states: [StateSpec(name: "x", term: .goto(.done("granted")))])
        let (r, _) = try await simulate(
            program([outer, inner]), flow: "outer", options: .init(stepLimit: 5, recordsTrace: recordsTrace))
        guard case .error(let e) = r.end else {
            Issue.record("\(r.end)")
            return
        }
        #expect(e.id == "FL2103")
        #expect(
            e.message
                == "flow loops without user input through 'a', 'inner.x': 5 steps in a row without an alert, prompt or Settings visit"
        )
        // The 6th state is `inner.x` in a new activation (not a repeat); the 7th, `a`, is.
        #expect(e.context?.pathName == "a")
        if recordsTrace { #expect(r.path.count == 6) }
    }

    @Test(arguments: [true, false])
    func totalStepLimitStopsALoopThatAsksForInput(recordsTrace: Bool) async throws {
        // Tapping "Again" forever resets the step limit each time; only the total bound ends it.
        let p = program([
            FlowSpec(
                name: "again", start: "a",
                states: [
                    StateSpec(
                        name: "a",
                        term: .alert(
                            title: "More?", message: nil,
                            buttons: [B("Again", .state("b")), B("Stop", .done("cancelled"))])),
                    StateSpec(name: "b", term: .goto(.state("a"))),
                ])
        ])
        let script = Script(taps: Array(repeating: Scripted("Again"), count: 100))
        let (r, _) = try await simulate(
            p, script: script, options: .init(recordsTrace: recordsTrace, maxTotalSteps: 21))
        guard case .error(let e) = r.end else {
            Issue.record("\(r.end)")
            return
        }
        #expect(e.id == "FL2106")
        #expect(
            e.message
                == "run stopped in state 'b' at its limit of 21 steps in all; raise the limit (--max-total-steps) if the flow needs more"
        )
        #expect(e.diagnostic.id == "FL2106")
        #expect(e.diagnostic.range?.start.line == 2)
        #expect(r.trace.count == (recordsTrace ? 21 : 0))
        // Steps 1, 3, ..., 21 showed the alert: 11 taps, and step 22 (`b`) never ran.
        if recordsTrace {
            #expect(r.trace.filter { if case .alert = $0.action { true } else { false } }.count == 11)
            #expect(r.trace.last?.next == .state("b"))
        }
    }

    @Test func exhaustedExplorationBudgetIsADiagnosticAtTheFlowName() async throws {
        let p = program([cameraFlow], app: "S")
        let cut = try await Explorer(program: p, options: .init(budget: 3)).explore(flow: "camera")
        let d = try #require(cut.budgetDiagnostic)
        #expect(d.id == "FL2107")
        #expect(d.severity == .error)
        #expect(
            d.message
                == "exploration stopped at its budget of 3 steps in flow 'camera': the paths are incomplete; raise it with --explore-budget N"
        )
        #expect(d.range == p.flows[0].nameRange)
        let whole = try await Explorer(program: p).explore(flow: "camera")
        #expect(!whole.budgetExceeded)
        #expect(whole.budgetDiagnostic == nil)
    }

    @Test func defaultsBoundEveryRun() {
        let options = Interpreter.Options()
        #expect(options.stepLimit == 1000)
        #expect(options.maxTotalSteps == 100_000)
        #expect(Interpreter.Options.defaultMaxTotalSteps == 100_000)
    }
}
