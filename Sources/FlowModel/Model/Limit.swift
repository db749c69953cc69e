import FlowSyntax

/// A state's `limit` (Grammar.md, "`limit`"): on entering the state, when it was shown `times`
/// times already, or fewer than `everyDays` days ago, the flow goes to `otherwise` at once and
/// nothing else in the state runs; otherwise the state counts as shown now and runs. The count
/// is per install, per flow and state. A day is 86,400 seconds of the clock.
public struct Limit: Hashable, Sendable {
    /// `N times`: at most this many showings ever (nil: no such clause). At least 1.
    public var times: Int?
    /// `every N days`: at least this many whole days between showings (nil: no such clause).
    public var everyDays: Int?
    /// `else -> target`: where the flow goes when the state may not be shown now.
    public var otherwise: FlowTransition
    /// The whole `limit` statement.
    public var range: SourceRange
    public init(times: Int?, everyDays: Int?, otherwise: FlowTransition, range: SourceRange) {
        self.times = times
        self.everyDays = everyDays
        self.otherwise = otherwise
        self.range = range
    }

    /// Seconds in a day of the limit's clock: whole days of elapsed time, not calendar days.
    public static let secondsPerDay = 86_400

    /// Why the limit says "not now" given how often and how long ago the state was shown, or
    /// nil when the state is due (`daysSinceLast` is nil when it was never shown).
    public func refusal(timesShown: Int, daysSinceLast: Int?) -> Refusal? {
        if let times, timesShown >= times { return .usedUp(shown: timesShown, of: times) }
        if let everyDays, let days = daysSinceLast, days < everyDays {
            return .tooSoon(daysAgo: days, every: everyDays)
        }
        return nil
    }

    /// Why a state was not shown.
    public enum Refusal: Hashable, Sendable {
        /// Shown `shown` times of at most `of`.
        case usedUp(shown: Int, of: Int)
        /// Last shown `daysAgo` whole days ago; the limit asks for `every`.
        case tooSoon(daysAgo: Int, every: Int)

        /// The transcript's words: "limit reached (shown 3 of 3 times)", "shown 2 days ago, every 7 days".
        public var description: String {
            switch self {
            case .usedUp(let shown, let of): "limit reached (shown \(shown) of \(of) \(of == 1 ? "time" : "times"))"
            case .tooSoon(let days, let every):
                "shown \(Self.daysAgo(days)), every \(every) \(every == 1 ? "day" : "days")"
            }
        }

        private static func daysAgo(_ days: Int) -> String {
            switch days {
            case 0: "today"
            case 1: "1 day ago"
            default: "\(days) days ago"
            }
        }
    }

    /// The words of the clauses as written in canonical form: "3 times, every 7 days".
    public var clauseText: String {
        var parts: [String] = []
        if let times { parts.append("\(times) \(times == 1 ? "time" : "times")") }
        if let everyDays { parts.append("every \(everyDays) \(everyDays == 1 ? "day" : "days")") }
        return parts.joined(separator: ", ")
    }
}

extension FlowState {
    /// The terminator's edges, then the limit's `else` edge when the state has a limit: indices
    /// below `terminator.edges.count` are the terminator's, as everywhere else.
    public var edges: [FlowEdge] {
        guard let limit else { return terminator.edges }
        return terminator.edges + [FlowEdge(kind: .limitElse, transition: limit.otherwise)]
    }

    /// Every transition out of the state: the terminator's, then the limit's `else`.
    public var transitions: [FlowTransition] {
        guard let limit else { return terminator.transitions }
        return terminator.transitions + [limit.otherwise]
    }
}
