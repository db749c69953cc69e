import FlowModel

/// The funnel, counted as events stream by: per user, only the run in progress is kept (the
/// sites it reached, the last one, its variant), folded into counters at its `flow_end`, when
/// the same user starts again, or at the end of the input. Memory is bounded by `maxOpenRuns`,
/// not by the number of events.
public struct FunnelCounter: Sendable {
    /// Counts of one variant.
    public struct VariantCounts: Hashable, Sendable {
        /// Runs started (`flow_start` of the flow).
        public var runs = 0
        /// Runs that reached each site, by `FunnelMap.sites` index (a run counts once per site).
        public var reached: [Int]
        /// Runs that ended with each outcome, by `FunnelMap.outcomes` index.
        public var outcomes: [Int]
        /// Runs with no `flow_end`, by the last site they reached (`reached.count`: none).
        public var left: [Int]
        init(sites: Int, outcomes: Int) {
            reached = Array(repeating: 0, count: sites)
            self.outcomes = Array(repeating: 0, count: outcomes)
            left = Array(repeating: 0, count: sites + 1)
        }
    }

    /// Events that do not fit the flow, by kind and name: reported with counts, never dropped.
    public struct Misfits: Hashable, Sendable {
        /// A name no track of the flow sends, sent during one of its runs.
        public var unknownEvents: [String: Int] = [:]
        /// A name the flow sends, with properties no track of it has (a branch that does not exist).
        public var noSuchBranch: [String: Int] = [:]
        /// A name sent from several places whose properties do not tell which.
        public var ambiguous: [String: Int] = [:]
        /// A `flow_end` whose outcome the flow does not have.
        public var unknownOutcomes: [String: Int] = [:]
        /// The flow's events from a user with no run of it in progress.
        public var outsideRuns = 0
    }

    public let map: FunnelMap
    public let maxOpenRuns: Int
    /// Variant labels in the order first seen (`all` when the flow declares no experiment).
    public private(set) var variants: [String] = []
    public private(set) var counts: [VariantCounts] = []
    public private(set) var misfits = Misfits()
    /// `flow_start`s of other flows, and other flows' events outside a run of this one.
    public private(set) var otherFlowEvents = 0
    /// Runs not followed because `maxOpenRuns` runs were in progress.
    public private(set) var runsOverLimit = 0
    public private(set) var events = 0

    struct OpenRun {
        var variant: Int
        var reached: Set<Int> = []
        var last: Int?

        mutating func visit(_ site: Int) {
            reached.insert(site)
            last = site
        }
    }
    private var open: [String: OpenRun] = [:]
    private var variantIndex: [String: Int] = [:]
    /// A run restarted while one was open counts the open one as left; its user is then in
    /// `open` again, so the bound holds.
    public var openRuns: Int { open.count }

    public init(map: FunnelMap, maxOpenRuns: Int = 1_000_000) {
        self.map = map
        self.maxOpenRuns = maxOpenRuns
    }

    /// The variant of a run from its `flow_start`'s `variant_<experiment>` properties, sorted
    /// by key: `all` when there are none.
    static func variantLabel(_ properties: [String: String]) -> String {
        let variants = properties.filter { $0.key.hasPrefix("variant_") }.sorted { $0.key < $1.key }
        if variants.isEmpty { return "all" }
        return variants.map { "\($0.key.dropFirst("variant_".count))=\($0.value)" }.joined(separator: ",")
    }

    public mutating func add(_ record: EventRecord) {
        events += 1
        switch record.event {
        case RuntimeEvents.start:
            guard record.properties[RuntimeEvents.flowKey] == map.flow else {
                otherFlowEvents += 1
                return
            }
            if let previous = open.removeValue(forKey: record.user) { fold(previous, outcome: nil) }
            guard open.count < maxOpenRuns else {
                runsOverLimit += 1
                return
            }
            open[record.user] = OpenRun(variant: variant(Self.variantLabel(record.properties)))
        case RuntimeEvents.end:
            guard record.properties[RuntimeEvents.flowKey] == map.flow else {
                otherFlowEvents += 1
                return
            }
            guard let run = open.removeValue(forKey: record.user) else {
                misfits.outsideRuns += 1
                return
            }
            let outcome = record.properties[RuntimeEvents.outcomeKey] ?? ""
            if let i = map.outcomes.firstIndex(of: outcome) {
                fold(run, outcome: i)
            } else {
                Self.bump(&misfits.unknownOutcomes, outcome)
                fold(run, outcome: nil, ended: true)
            }
        default:
            track(record)
        }
    }

    private mutating func track(_ record: EventRecord) {
        let placement = map.place(name: record.event, properties: record.properties)
        // The common case in one lookup: a site of the flow, in a run in progress.
        if case .site(let site) = placement, open[record.user]?.visit(site) != nil { return }
        guard open[record.user] != nil else {
            if case .unknown = placement { otherFlowEvents += 1 } else { misfits.outsideRuns += 1 }
            return
        }
        switch placement {
        case .site: preconditionFailure("visited above")
        case .noSuchBranch: Self.bump(&misfits.noSuchBranch, record.event)
        case .ambiguous: Self.bump(&misfits.ambiguous, record.event)
        case .unknown: Self.bump(&misfits.unknownEvents, record.event)
        }
    }

    /// Folds the runs still open into the counters as runs whose users left.
    public mutating func finish() {
        for run in open.values { fold(run, outcome: nil) }
        open = [:]
    }

    /// Most distinct names kept per kind of misfit, and most variants: past them, counts go to
    /// `otherNames` / `otherVariants`, so hostile input cannot grow memory with new names.
    public static let maxNames = 1000
    public static let maxVariants = 100
    public static let otherNames = "(other names)"
    public static let otherVariants = "(other variants)"

    static func bump(_ counts: inout [String: Int], _ name: String) {
        if counts[name] == nil, counts.count >= maxNames - 1 {
            counts[otherNames, default: 0] += 1
        } else {
            counts[name, default: 0] += 1
        }
    }

    private mutating func variant(_ label: String) -> Int {
        if let i = variantIndex[label] { return i }
        if variants.count >= Self.maxVariants - 1, label != Self.otherVariants { return variant(Self.otherVariants) }
        variantIndex[label] = variants.count
        variants.append(label)
        counts.append(VariantCounts(sites: map.sites.count, outcomes: map.outcomes.count))
        return variants.count - 1
    }

    private mutating func fold(_ run: OpenRun, outcome: Int?, ended: Bool = false) {
        counts[run.variant].runs += 1
        for site in run.reached { counts[run.variant].reached[site] += 1 }
        if let outcome {
            counts[run.variant].outcomes[outcome] += 1
        } else if !ended {
            counts[run.variant].left[run.last ?? map.sites.count] += 1
        }
    }
}
