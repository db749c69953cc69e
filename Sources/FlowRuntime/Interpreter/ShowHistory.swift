import FlowModel
import Foundation

/// How often and when a limited state was last shown on this install (Grammar.md, "`limit`").
public struct ShownRecord: Hashable, Sendable, Codable {
    /// How many times the state was shown.
    public var timesShown: Int
    /// When it was last shown, in seconds of the run's clock (`LimitClock.now`).
    public var lastShown: Double
    public init(timesShown: Int, lastShown: Double) {
        self.timesShown = timesShown
        self.lastShown = lastShown
    }
}

/// The now-time a limit reads, in seconds. The system clock in an app; tests and `flowrun` give
/// their own so "7 days later" needs no waiting. (Not named `Clock`: that is the standard
/// library's protocol.)
public protocol LimitClock: Sendable {
    /// Seconds since some fixed point (the system clock: since 1970).
    var now: Double { get }
}

/// Where the records of limited states are kept, per install, per flow and state. Only states
/// with a `limit` are ever written, so the store stays as small as the flows' limits.
/// Implementations must be safe to call from any thread; each call is short.
public protocol FrequencyStore: Sendable {
    /// The record of `state` of `flow`, nil when it was never shown.
    func record(flow: String, state: String) -> ShownRecord?
    /// Replaces the record of `state` of `flow`.
    func save(_ record: ShownRecord, flow: String, state: String)
}

/// The system clock: seconds since 1970.
public struct SystemLimitClock: LimitClock {
    public init() {}
    public var now: Double { Date().timeIntervalSince1970 }
}

/// A clock that stands still until it is moved: for tests, `flowrun --relaunch-after` and
/// scenarios' `after N days`.
public final class ManualLimitClock: LimitClock, @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: Double
    public init(now: Double = 0) { seconds = now }
    public var now: Double { lock.withLock { seconds } }
    /// Moves the clock `days` whole days (86,400 s each) forward.
    public func advance(days: Int) { lock.withLock { seconds += Double(days) * Double(Limit.secondsPerDay) } }
}

/// A store in memory: what an interpreter uses unless it is given one (so a limit counts within
/// one run), and what tests and `flowrun` fill with `--shown`.
public final class InMemoryFrequencyStore: FrequencyStore, @unchecked Sendable {
    private let lock = NSLock()
    private var records: [String: ShownRecord] = [:]
    public init() {}
    public func record(flow: String, state: String) -> ShownRecord? { lock.withLock { records[key(flow, state)] } }
    public func save(_ record: ShownRecord, flow: String, state: String) {
        lock.withLock { records[key(flow, state)] = record }
    }
    /// Every record, by "flow.state", for tests and `flowrun`'s transcript.
    public var all: [String: ShownRecord] { lock.withLock { records } }
    private func key(_ flow: String, _ state: String) -> String { flow + "." + state }
}

/// A store and a clock: what an interpreter reads and writes when a run enters a limited state.
public struct ShowHistory: Sendable {
    public var store: any FrequencyStore
    public var clock: any LimitClock
    /// Set by the explorer: each limited state entered is a choice (due, used up, too soon)
    /// instead of a read of the store.
    var choices: LimitChoices?
    public init(store: any FrequencyStore = InMemoryFrequencyStore(), clock: any LimitClock = SystemLimitClock()) {
        self.store = store
        self.clock = clock
    }

    /// Whether `state` of `flow` may be shown now under `limit`: nil when it is due (and then it
    /// is counted as shown now), else why not (and nothing is written).
    public func enter(flow: String, state: String, limit: Limit) throws -> Limit.Refusal? {
        if let choices { return try choices.decide(flow: flow, state: state, limit: limit) }
        let now = clock.now
        let record = store.record(flow: flow, state: state)
        let days = record.map { Self.wholeDays(from: $0.lastShown, to: now) }
        if let refusal = limit.refusal(timesShown: record?.timesShown ?? 0, daysSinceLast: days) { return refusal }
        store.save(ShownRecord(timesShown: (record?.timesShown ?? 0) + 1, lastShown: now), flow: flow, state: state)
        return nil
    }

    /// Whole days of elapsed time from `start` to `end` (a clock set back counts as 0).
    public static func wholeDays(from start: Double, to end: Double) -> Int {
        let seconds = max(0, end - start)
        return Int(min(seconds / Double(Limit.secondsPerDay), Double(Int32.max)).rounded(.down))
    }
}

/// The explorer's side of a limit: replays the decision it is given for the current step and
/// throws `ChoicePoint` with every side of the limit when it has none. A limit is asked before
/// anything else in a step, so its decision is the step's first.
final class LimitChoices: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: ExplorationChoice?

    func replay(_ decision: ExplorationChoice?) { lock.withLock { pending = decision } }

    func decide(flow: String, state: String, limit: Limit) throws -> Limit.Refusal? {
        let decision = lock.withLock {
            defer { pending = nil }
            return pending
        }
        guard let decision else { throw ChoicePoint(options: Self.options(flow: flow, state: state, limit: limit)) }
        guard case .limit(_, _, let refusal) = decision else {
            preconditionFailure("replayed \(decision) where a limit was asked: the step is not deterministic")
        }
        return refusal
    }

    /// Due, then used up (with a `times` clause), then too soon (with an `every` clause).
    static func options(flow: String, state: String, limit: Limit) -> [ExplorationChoice] {
        var options: [ExplorationChoice] = [.limit(flow: flow, state: state, refusal: nil)]
        if let times = limit.times {
            options.append(.limit(flow: flow, state: state, refusal: .usedUp(shown: times, of: times)))
        }
        if let every = limit.everyDays {
            options.append(.limit(flow: flow, state: state, refusal: .tooSoon(daysAgo: 0, every: every)))
        }
        return options
    }
}
