import FlowModel
import FlowSyntax

/// The history of limited states before a scripted run, and the later runs of the same install:
/// `flowrun --shown prime=2@3 --relaunch-after 7` and a scenario's `shown prime 2 3` and
/// `after 7 days` lines (Grammar.md, "`limit`").
public struct LimitScript: Hashable, Sendable {
    /// A state shown `times` times already, last `daysAgo` whole days before the first run.
    public struct Shown: Hashable, Sendable {
        /// The state's name in the entry flow, or `flow.state` for a subflow's.
        public var state: String
        public var times: Int
        public var daysAgo: Int
        public init(state: String, times: Int, daysAgo: Int) {
            self.state = state
            self.times = times
            self.daysAgo = daysAgo
        }
    }
    public var shown: [Shown] = []
    /// After the first run, the flow runs again once per entry, that many days after the run before.
    public var relaunchesAfterDays: [Int] = []
    public init(shown: [Shown] = [], relaunchesAfterDays: [Int] = []) {
        self.shown = shown
        self.relaunchesAfterDays = relaunchesAfterDays
    }

    /// Where the clock starts: far enough from 0 that any history fits before it.
    static let start = Double(Limit.secondsPerDay) * 1_000_000

    /// A store holding `shown` for runs of `entry` and a clock standing at the first run, or a
    /// message naming the state that does not exist or has no limit.
    public func history(program: Program, entry: FlowID) -> Result<(ShowHistory, ManualLimitClock), LimitScriptError> {
        let store = InMemoryFrequencyStore()
        let clock = ManualLimitClock(now: Self.start)
        for item in shown {
            var flow = program[entry]
            var stateName = item.state
            if let dot = item.state.firstIndex(of: ".") {
                let flowName = String(item.state[..<dot])
                guard let other = program.flows.first(where: { $0.name == flowName }) else {
                    return .failure(LimitScriptError("no flow named '\(flowName)' for 'shown \(item.state)'"))
                }
                flow = other
                stateName = String(item.state[item.state.index(after: dot)...])
            }
            guard let state = flow.states.first(where: { $0.name == stateName }) else {
                var message = "flow '\(flow.name)' has no state '\(stateName)'"
                if let close = Suggestion.closest(to: stateName, in: flow.states.map(\.name)) {
                    message += "; did you mean '\(close)'?"
                }
                return .failure(LimitScriptError(message))
            }
            guard state.limit != nil else {
                return .failure(
                    LimitScriptError("state '\(item.state)' has no 'limit', so how often it was shown does not matter"))
            }
            guard item.times > 0 else { continue }
            store.save(
                ShownRecord(timesShown: item.times, lastShown: Self.start - Double(item.daysAgo * Limit.secondsPerDay)),
                flow: flow.name, state: stateName)
        }
        return .success((ShowHistory(store: store, clock: clock), clock))
    }
}

/// Why a `shown` entry does not fit the program.
public struct LimitScriptError: Error, Hashable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
