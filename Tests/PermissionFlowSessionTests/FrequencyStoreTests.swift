import Foundation
import PermissionFlow
import Testing

/// The session's store of limited states' showings: one small JSON record per flow and state in
/// UserDefaults, read back as written, and anything unreadable counted as never shown.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct FrequencyStoreTests {
    @Test func recordsRoundTripUnderOneKeyPerState() throws {
        let defaults = FakeDefaults()
        let store = UserDefaultsFrequencyStore(defaults: defaults)
        #expect(store.record(flow: "push", state: "primer") == nil)
        store.save(ShownRecord(timesShown: 2, lastShown: 1_000), flow: "push", state: "primer")
        #expect(store.record(flow: "push", state: "primer") == ShownRecord(timesShown: 2, lastShown: 1_000))
        #expect(defaults.keys == ["PermissionFlow.shown.push.primer"])
        #expect(
            String(decoding: try #require(defaults.data(forKey: "PermissionFlow.shown.push.primer")), as: UTF8.self)
                == #"{"lastShown":1000,"timesShown":2}"#)
    }

    @Test func whatCannotBeReadCountsAsNeverShown() {
        let defaults = FakeDefaults()
        let store = UserDefaultsFrequencyStore(defaults: defaults)
        defaults.setData(Data("not json".utf8), forKey: "PermissionFlow.shown.push.primer")
        #expect(store.record(flow: "push", state: "primer") == nil)
        defaults.setData(Data(#"{"lastShown":1,"timesShown":-3}"#.utf8), forKey: "PermissionFlow.shown.push.a")
        #expect(store.record(flow: "push", state: "a") == nil)
        defaults.setData(Data(repeating: 0x20, count: 300), forKey: "PermissionFlow.shown.push.b")
        #expect(store.record(flow: "push", state: "b") == nil)
    }

    @Test func aSessionRunsWithTheHistoryItIsGiven() async throws {
        let program = try #require(
            Loader(reader: MemoryReader([:])).load(
                text: """
                    flow push {
                      outcomes granted, later
                      start -> primer
                      state primer { limit 1 time else -> done later  -> done granted }
                    }
                    """, path: "main.flow"
            ).program)
        let store = InMemoryFrequencyStore()
        store.save(ShownRecord(timesShown: 1, lastShown: 0), flow: "push", state: "primer")
        let session = FlowSession(program: program, system: try device())
        session.history = ShowHistory(store: store, clock: ManualLimitClock(now: 0))
        let result = try await session.run(flow: "push")
        #expect(result.outcome == "later")
    }
}
