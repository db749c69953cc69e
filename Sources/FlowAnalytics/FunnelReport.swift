import FlowModel
import FlowSyntax
import Foundation

/// What `flowrun funnel` reports, worked out from a finished `FunnelCounter`: per variant, runs
/// per state and branch, where runs stopped, outcomes and the opt-in rate with its Wilson
/// interval; the two-proportion z-test between variants; and every event that did not fit.
public struct FunnelReport: Sendable {
    public struct Rate: Hashable, Sendable {
        public var successes: Int
        public var trials: Int
        public var low: Double?
        public var high: Double?
        public var rate: Double? { trials > 0 ? Double(successes) / Double(trials) : nil }
    }

    public struct Comparison: Hashable, Sendable {
        public var a: String
        public var b: String
        public var z: Double?
        public var p: Double?
        public var significant: Bool { (p ?? 1) < 0.05 }
    }

    public let counter: FunnelCounter
    /// The outcomes counted as opting in.
    public let optIn: [String]
    public let optInRates: [Rate]
    /// Each variant against the first one seen (nothing with one variant).
    public let comparisons: [Comparison]

    public init(counter: FunnelCounter, optIn: [String]) {
        self.counter = counter
        self.optIn = optIn
        let indices = optIn.compactMap { counter.map.outcomes.firstIndex(of: $0) }
        optInRates = counter.counts.map { counts in
            let successes = indices.reduce(0) { $0 + counts.outcomes[$1] }
            let interval = FunnelStatistics.wilson(successes: successes, trials: counts.runs)
            return Rate(successes: successes, trials: counts.runs, low: interval?.low, high: interval?.high)
        }
        var comparisons: [Comparison] = []
        for i in counter.variants.indices.dropFirst() {
            let test = FunnelStatistics.twoProportionZ(
                (optInRates[0].successes, optInRates[0].trials), (optInRates[i].successes, optInRates[i].trials))
            comparisons.append(Comparison(a: counter.variants[0], b: counter.variants[i], z: test?.z, p: test?.p))
        }
        self.comparisons = comparisons
    }

    /// The outcomes counted as opting in when the user names none: those named like a granted
    /// status (`granted`, `authorized`, `authorizedWhenInUse`, `provisional`, ...).
    public static func defaultOptIn(outcomes: [String]) -> [String] {
        outcomes.filter { Status(rawValue: $0)?.statusClass == .granted }
    }

    /// The funnel as rows `(variant, measure, item, runs)`, as the SQL funnel returns them
    /// (`FunnelSQL`): only rows with runs, sorted by variant, measure and item.
    public var rows: [(variant: String, measure: String, item: String, runs: Int)] {
        var rows: [(variant: String, measure: String, item: String, runs: Int)] = []
        let map = counter.map
        for (v, c) in counter.counts.enumerated() {
            let variant = counter.variants[v]
            rows.append((variant, "runs", "", c.runs))
            for (i, site) in map.sites.enumerated() { rows.append((variant, "reached", site.name, c.reached[i])) }
            for (i, outcome) in map.outcomes.enumerated() { rows.append((variant, "outcome", outcome, c.outcomes[i])) }
            for (i, n) in c.left.enumerated() {
                rows.append((variant, "left", i < map.sites.count ? map.sites[i].name : "", n))
            }
        }
        return rows.filter { $0.runs > 0 }.sorted {
            ($0.variant, $0.measure, $0.item) < ($1.variant, $1.measure, $1.item)
        }
    }

    /// A rate as the table shows it (`33.3%`, `-` for none).
    public static func percentText(_ value: Double?) -> String { percent(value) }

    static func percent(_ value: Double?) -> String {
        guard let value else { return "-" }
        return String(format: "%.1f%%", value * 100)
    }

    static func share(_ count: Int, of total: Int) -> String {
        total > 0 ? percent(Double(count) / Double(total)) : "-"
    }

    /// The table `flowrun funnel` prints by default.
    public func text(file: String) -> String {
        let map = counter.map
        var out = "funnel of flow \(map.flow) (\(OutputEscaping.visible(file))): \(counter.events) events read\n"
        out += "runs: one user's pass through the flow, from flow_start to flow_end or the last event\n"
        for (v, counts) in counter.counts.enumerated() {
            out += "\nvariant \(counter.variants[v]): \(counts.runs) runs\n"
            var rows: [(String, String, String)] = [("reached", "runs", "of runs")]
            for (i, site) in map.sites.enumerated() {
                rows.append(
                    (
                        "  " + OutputEscaping.visible(site.name), String(counts.reached[i]),
                        Self.share(counts.reached[i], of: counts.runs)
                    ))
            }
            rows.append(("ended", "", ""))
            for (i, outcome) in map.outcomes.enumerated() {
                rows.append(
                    ("  done " + outcome, String(counts.outcomes[i]), Self.share(counts.outcomes[i], of: counts.runs)))
            }
            rows.append(
                (counts.left.contains { $0 > 0 } ? "left (no flow_end), after" : "left (no flow_end): none", "", ""))
            for (i, n) in counts.left.enumerated() where n > 0 {
                let name = i < map.sites.count ? OutputEscaping.visible(map.sites[i].name) : "(no event of the flow)"
                rows.append(("  " + name, String(n), Self.share(n, of: counts.runs)))
            }
            out += Self.table(rows)
            let rate = optInRates[v]
            if optIn.isEmpty {
                out += "opt-in: no outcome counts as opting in; name them with --opt-in OUTCOME,...\n"
            } else {
                out +=
                    "opt-in (\(optIn.joined(separator: ", "))): \(rate.successes)/\(rate.trials) = \(Self.percent(rate.rate))"
                    + ", 95% CI \(Self.percent(rate.low))-\(Self.percent(rate.high)) (Wilson)\n"
            }
        }
        if !comparisons.isEmpty, !optIn.isEmpty {
            out += "\nopt-in difference (two-proportion z-test, pooled, two-sided, 5% level):\n"
            for c in comparisons {
                let verdict =
                    c.p == nil ? "not testable" : (c.significant ? "significant" : "not significant")
                out +=
                    "  \(c.b) vs \(c.a): z = \(c.z.map { String(format: "%.3f", $0) } ?? "-"), p = \(c.p.map { String(format: "%.4f", $0) } ?? "-"): \(verdict)\n"
            }
        }
        out += misfitText()
        return out
    }

    func misfitText() -> String {
        let m = counter.misfits
        var out = ""
        func section(_ title: String, _ counts: [String: Int]) {
            guard !counts.isEmpty else { return }
            out += "\(title):\n"
            for (name, n) in counts.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
                out += "  \(EventLogWriter.quote(name)) \(n)\n"
            }
        }
        section("events the flow does not send (during its runs)", m.unknownEvents)
        section("events of the flow with properties no track of it has (a branch that does not exist)", m.noSuchBranch)
        section("events sent from several places that the properties do not tell apart (ambiguous)", m.ambiguous)
        section("flow_end with an outcome the flow does not have", m.unknownOutcomes)
        if m.outsideRuns > 0 { out += "events of the flow outside any of its runs: \(m.outsideRuns)\n" }
        if counter.otherFlowEvents > 0 { out += "events of other flows (not counted): \(counter.otherFlowEvents)\n" }
        if counter.runsOverLimit > 0 {
            out +=
                "runs not followed (more than \(counter.maxOpenRuns) in progress at once): \(counter.runsOverLimit)\n"
        }
        return out.isEmpty ? "" : "\n" + out
    }

    static func table(_ rows: [(String, String, String)]) -> String {
        let w0 = rows.map(\.0.count).max() ?? 0
        let w1 = rows.map(\.1.count).max() ?? 0
        return rows.map { row in
            guard !row.1.isEmpty || !row.2.isEmpty else { return row.0 + "\n" }
            let pad0 = String(repeating: " ", count: w0 - row.0.count)
            let pad1 = String(repeating: " ", count: w1 - row.1.count)
            return "\(row.0)\(pad0)  \(pad1)\(row.1)  \(row.2)\n"
        }.joined()
    }
}
