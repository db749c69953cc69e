import FlowModel
import FlowSyntax
import Testing

@testable import FlowRuntime

/// A limited state at run time: the store and the clock decide, a refused state takes its
/// `else` without running, a shown one counts; scenarios set the history and run again later;
/// exploration takes every side of the limit.
@Suite struct LimitRunTests {
    static let text = """
        flow push {
          uses notifications
          outcomes granted, denied, later
          start -> primer
          state primer {
            limit 2 times, every 7 days else -> done later
            track "primer_shown"
            alert { title "Alerts" button "Continue" -> done granted  cancel "Not Now" -> done later }
          }
        }
        """

    static func program() throws -> Program {
        try #require(Loader(reader: MemoryReader([:])).load(text: text, path: "main.flow").program)
    }

    func run(_ program: Program, history: ShowHistory, taps: [String]) async throws -> RunResult {
        let device = try SimulatedDevice(script: Script(taps: taps.map { Scripted($0) }))
        return try await Interpreter(program: program, backend: device, history: history).run(flow: "push")
    }

    @Test func theStoreAndTheClockDecide() async throws {
        let program = try Self.program()
        let store = InMemoryFrequencyStore()
        let clock = ManualLimitClock(now: 1_000_000)
        let history = ShowHistory(store: store, clock: clock)

        let first = try await run(program, history: history, taps: ["Not Now"])
        #expect(first.outcome == "later")
        #expect(first.events.map(\.name) == ["primer_shown"])
        #expect(store.all == ["push.primer": ShownRecord(timesShown: 1, lastShown: 1_000_000)])

        clock.advance(days: 6)
        let tooSoon = try await run(program, history: history, taps: [])
        #expect(tooSoon.outcome == "later")
        #expect(tooSoon.events.isEmpty)
        #expect(tooSoon.trace.map(\.action) == [.limited(.tooSoon(daysAgo: 6, every: 7))])
        #expect(store.all["push.primer"]?.timesShown == 1)

        clock.advance(days: 1)
        let due = try await run(program, history: history, taps: ["Not Now"])
        #expect(due.events.map(\.name) == ["primer_shown"])
        #expect(store.all["push.primer"] == ShownRecord(timesShown: 2, lastShown: 1_000_000 + 7 * 86_400))

        clock.advance(days: 30)
        let usedUp = try await run(program, history: history, taps: [])
        #expect(usedUp.trace.map(\.action) == [.limited(.usedUp(shown: 2, of: 2))])
        #expect(Limit.Refusal.usedUp(shown: 2, of: 2).description == "limit reached (shown 2 of 2 times)")
        #expect(Limit.Refusal.tooSoon(daysAgo: 6, every: 7).description == "shown 6 days ago, every 7 days")
    }

    @Test func wholeDaysOfElapsedTime() {
        #expect(ShowHistory.wholeDays(from: 0, to: 86_399) == 0)
        #expect(ShowHistory.wholeDays(from: 0, to: 86_400) == 1)
        #expect(ShowHistory.wholeDays(from: 100, to: 0) == 0)
    }

    @Test func scenariosSetTheHistoryAndRunAgainLater() async throws {
        let program = try Self.program()
        let runner = ScenarioRunner(reader: MemoryReader([:]))
        func run(_ lines: String) async throws -> ScenarioResult {
            let (scenario, diagnostics) = ScenarioParser.parse(text: "flow main.flow\n" + lines, path: "t.scenario")
            #expect(diagnostics.isEmpty)
            return await runner.run(try #require(scenario), program: program)
        }
        let usedUp = try await run("shown primer 2 30\nexpect outcome later\nexpect no track \"primer_shown\"\n")
        #expect(usedUp.passed)
        let relaunched = try await run(
            "tap \"Not Now\"\nafter 3 days\nafter 4 days\ntap \"Continue\"\nexpect outcome granted\nexpect track \"primer_shown\"\n"
        )
        #expect(relaunched.failures.map(\.message) == [])
        #expect(relaunched.passed)
        let unknown = try await run("shown prmer 1\nexpect outcome later\n")
        #expect(unknown.diagnostics.map(\.message) == ["flow 'push' has no state 'prmer'; did you mean 'primer'?"])
    }

    @Test func explorationTakesEverySideOfTheLimit() async throws {
        let program = try Self.program()
        let e = try await Explorer(program: program).explore(flow: "push")
        let sides = Set(
            e.paths.compactMap { path -> String? in
                guard case .limit(_, _, let refusal)? = path.decisions.first?.choice else { return nil }
                return refusal.map(\.description) ?? "due"
            })
        #expect(sides == ["due", "limit reached (shown 2 of 2 times)", "shown today, every 7 days"])
        #expect(
            e.paths.first?.decisions.first.map(\.choice.scenarioLine) == "shown primer 0")
    }
}
