import FlowBenchSupport
import FlowModel
import FlowRuntime
import FlowSyntax
import FlowTestSupport
import Testing

/// Every explicit limit is reported as a diagnostic (or a flow error) with a location when it is
/// exceeded, and inputs at the limits load without overflowing the stack.
@Suite struct HardeningTests {
    func load(_ text: String, limits: ParseLimits = .default) -> LoadResult {
        Loader(reader: MemoryReader(["in.flow": text]), limits: limits).load("in.flow")
    }

    @Test func fileTooLargeIsADiagnosticAtTheStart() {
        let text = String(repeating: "// padding\n", count: 200)
        let result = load(text, limits: ParseLimits(maxFileBytes: 1000))
        #expect(
            diagnosticLines(result.diagnostics) == [
                "1:1 FL0010 error: file is 2200 bytes, more than the limit of 1000; split it into imported files"
            ])
        #expect(result.diagnostics.first?.range?.start.line == 1)
        #expect(result.program == nil)
        // Just under the limit the same file is fine.
        #expect(load(text, limits: ParseLimits(maxFileBytes: text.utf8.count)).diagnostics.isEmpty)
    }

    @Test func aHundredThousandOpenBracesGiveAFewDiagnostics() {
        // The grammar has no recursive construct, so stray braces are skipped by recovery rather
        // than nested: a handful of diagnostics, not one per brace, and no deep recursion.
        let text = "flow f { state s { alert " + String(repeating: "{ ", count: 100_000)
        let result = load(text)
        #expect(result.diagnostics.contains { $0.id == "FL0028" && $0.range?.start.line == 1 })
        #expect(result.diagnostics.count < 20)
        #expect(result.program == nil)
    }

    @Test func nestingLimitIsSettable() {
        // `status` with a tuple pattern nests braces and parentheses three deep in a state.
        let corpus = Corpus(CorpusParameters(files: 1, flowsPerFile: 1, statesPerFlow: 8, subflows: false))
        let text = String(decoding: corpus.files[0].bytes, as: UTF8.self)
        #expect(load(text).diagnostics.isEmpty)
        #expect(load(text, limits: ParseLimits(maxNestingDepth: 2)).diagnostics.contains { $0.id == "FL0011" })
    }

    @Test func tooManyStatesIsADiagnosticAtTheFlowName() throws {
        let corpus = Corpus(CorpusParameters(files: 1, flowsPerFile: 1, statesPerFlow: 60, subflows: false))
        let text = String(decoding: corpus.files[0].bytes, as: UTF8.self)
        let result = load(text, limits: ParseLimits(maxStatesPerFlow: 50))
        let states = result.diagnostics.filter { $0.id == "FL0012" }
        #expect(states.count == 1)
        #expect(states.first?.message.contains("'f0_0'") == true)
        #expect(load(text, limits: ParseLimits(maxStatesPerFlow: 60)).diagnostics.isEmpty)
    }

    @Test func stateChainAtTheDefaultLimitLoads() throws {
        // 10,000 states, each pointing at the next: every graph pass must be iterative.
        let corpus = Corpus(
            CorpusParameters(
                files: 1, flowsPerFile: 1, statesPerFlow: ParseLimits.default.maxStatesPerFlow,
                permissionsPerFlow: 3, branching: 2, locales: 1, subflows: true))
        let results = try corpus.loadAll()
        #expect(results.first?.program?.flows.count == 2)
    }

    @Test func longCallChainLoadsAndRuns() async throws {
        // 1,500 flows, each calling the next: recursion checks and the interpreter's call stack
        // must not use the native stack per call.
        let n = 1500
        var text = ""
        for i in 0..<n {
            let body =
                i == n - 1 ? "-> done granted" : "call c\(i + 1) { granted -> done granted  else -> done denied }"
            text += "flow c\(i) { start -> s  state s { \(body) } }\n"
        }
        let result = load(text)
        #expect(result.diagnostics.isEmpty)
        let program = try #require(result.program)
        let device = try SimulatedDevice(user: AgreeableUser())
        // The step limit counts calls too: a chain this long needs a higher limit (see BENCHMARKS.md).
        let options = Interpreter.Options(stepLimit: 2 * n)
        let run = try await Interpreter(program: program, backend: device, options: options).run(flow: "c0")
        #expect(run.outcome == "granted", "\(run.end)")
    }

    @Test func recursionThroughALongCycleIsAnError() {
        let n = 800
        var text = ""
        for i in 0..<n {
            text +=
                "flow c\(i) { start -> s  state s { call c\((i + 1) % n) { granted -> done granted  else -> done denied } } }\n"
        }
        let result = load(text)
        #expect(result.program == nil)
        #expect(!result.diagnostics.isEmpty)
    }

    @Test func interpreterStepLimitIsAFlowErrorNamingTheLoop() async throws {
        let result = load("flow spin { start -> a  state a { -> b }  state b { -> a } }")
        let program = try #require(result.program)
        let device = try SimulatedDevice(user: AgreeableUser())
        let run = try await Interpreter(program: program, backend: device, options: Interpreter.Options(stepLimit: 50))
            .run(flow: "spin")
        guard case .error(let error) = run.end else {
            Issue.record("expected a step-limit error, got \(run.end)")
            return
        }
        #expect(error.kind == .stepLimit)
        #expect(error.id == "FL2103")
        #expect(error.message.contains("'a'") && error.message.contains("'b'"))
        #expect(error.message.contains("50 steps"))
        #expect(error.context?.state != nil)
    }

    @Test func explorationBudgetStopsAndSaysSo() async throws {
        let corpus = Corpus(
            CorpusParameters(
                files: 1, flowsPerFile: 1, statesPerFlow: 48, permissionsPerFlow: 2,
                branching: 3, locales: 1, subflows: true))
        let program = try #require(try corpus.loadAll().first?.program)
        let small = try await Explorer(program: program, options: Explorer.Options(budget: 200)).explore(flow: "f0_0")
        #expect(small.budgetExceeded)
        #expect(small.budget == 200)
        #expect(small.steps <= 200 + 48)  // it may finish the step it is in, not run on
        // A flow that fits the budget says it is complete.
        let tiny = Corpus(CorpusParameters(files: 1, flowsPerFile: 1, statesPerFlow: 6, subflows: false))
        let tinyProgram = try #require(try tiny.loadAll().first?.program)
        let full = try await Explorer(program: tinyProgram, options: Explorer.Options(budget: 10_000)).explore(
            flow: "f0_0")
        #expect(!full.budgetExceeded)
        #expect(full.steps < 10_000)
    }

    @Test func twoMegabyteLineLoads() {
        let big = String(repeating: "x", count: 2 << 20)
        let result = load("app \"\(big)\"\nflow f { start -> s  state s { -> done granted } }")
        #expect(result.diagnostics.isEmpty)
        #expect(result.program != nil)
    }
}
