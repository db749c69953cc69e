import Foundation

extension FunnelReport {
    /// `flowrun funnel --format json`: one object, keys in a fixed order, rates as fractions.
    public func json(file: String) -> String {
        let q = EventLogWriter.quote
        let map = counter.map
        func number(_ value: Double?) -> String { value.map { String(format: "%.6f", $0) } ?? "null" }
        func counts(_ pairs: [(String, Int)]) -> String {
            "{" + pairs.map { "\(q($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
        var variants: [String] = []
        for (v, c) in counter.counts.enumerated() {
            let sites = map.sites.indices.map { i in
                var fields = ["\"state\": \(q(map.sites[i].state))"]
                if let button = map.sites[i].button, let target = map.sites[i].target {
                    fields += ["\"button\": \(q(button))", "\"target\": \(q(target))"]
                }
                fields += [
                    "\"events\": [" + map.sites[i].events.map(q).joined(separator: ", ") + "]",
                    "\"runs\": \(c.reached[i])",
                ]
                return "{" + fields.joined(separator: ", ") + "}"
            }
            let left = c.left.indices.filter { c.left[$0] > 0 }.map { i in
                "{\"after\": \(i < map.sites.count ? q(map.sites[i].name) : "null"), \"runs\": \(c.left[i])}"
            }
            let rate = optInRates[v]
            variants.append(
                "    {\"variant\": \(q(counter.variants[v])), \"runs\": \(c.runs),\n"
                    + "     \"reached\": [" + sites.joined(separator: ", ") + "],\n"
                    + "     \"outcomes\": " + counts(map.outcomes.indices.map { (map.outcomes[$0], c.outcomes[$0]) })
                    + ",\n     \"left\": [" + left.joined(separator: ", ") + "],\n"
                    + "     \"optIn\": {\"runs\": \(rate.successes), \"of\": \(rate.trials), \"rate\": \(number(rate.rate)), "
                    + "\"low\": \(number(rate.low)), \"high\": \(number(rate.high)), \"interval\": \"Wilson 95%\"}}")
        }
        let tests = comparisons.map {
            "{\"a\": \(q($0.a)), \"b\": \(q($0.b)), \"z\": \(number($0.z)), \"p\": \(number($0.p)), \"significant\": \($0.significant)}"
        }
        let m = counter.misfits
        func sorted(_ d: [String: Int]) -> [(String, Int)] { d.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
        return "{\n  \"file\": \(q(file)), \"flow\": \(q(map.flow)), \"events\": \(counter.events),\n"
            + "  \"optInOutcomes\": [" + optIn.map(q).joined(separator: ", ") + "],\n"
            + "  \"variants\": [\n" + variants.joined(separator: ",\n") + "\n  ],\n"
            + "  \"test\": \"two-proportion z-test, pooled, two-sided\",\n"
            + "  \"comparisons\": [" + tests.joined(separator: ", ") + "],\n"
            + "  \"unknownEvents\": \(counts(sorted(m.unknownEvents))),\n"
            + "  \"noSuchBranch\": \(counts(sorted(m.noSuchBranch))),\n"
            + "  \"ambiguous\": \(counts(sorted(m.ambiguous))),\n"
            + "  \"unknownOutcomes\": \(counts(sorted(m.unknownOutcomes))),\n"
            + "  \"outsideRuns\": \(m.outsideRuns), \"otherFlowEvents\": \(counter.otherFlowEvents),"
            + " \"runsOverLimit\": \(counter.runsOverLimit)\n}\n"
    }
}
