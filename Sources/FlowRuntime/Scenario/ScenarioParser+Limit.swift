import FlowSyntax

/// The scenario lines for limited states (Grammar.md, "`limit`"): `shown STATE TIMES [DAYS_AGO]`
/// sets how often a state was shown before the run and how many days ago the last time was;
/// `after N days` runs the flow again on the same install N days later (the expectations are
/// about the last run).
extension ScenarioParser.Parsing {
    /// `shown prime 2 3`: shown twice, last 3 days ago (`shown prime 2`: last today).
    mutating func parseShown(_ head: ScenarioParser.Token, _ rest: [ScenarioParser.Token]) {
        guard rest.count == 2 || rest.count == 3, rest.allSatisfy({ $0.kind == .word }) else {
            return error(
                .malformedScenario,
                "'shown' needs a state, how many times it was shown and how many days ago: 'shown prime 2 3'",
                head.range)
        }
        guard let times = Int(rest[1].text), times >= 0 else {
            return error(.malformedScenario, "'\(rest[1].text)' is not a number of times (0 or more)", rest[1].range)
        }
        var days = 0
        if rest.count == 3 {
            guard let value = Int(rest[2].text), value >= 0 else {
                return error(
                    .malformedScenario, "'\(rest[2].text)' is not a number of days ago (0 or more)", rest[2].range)
            }
            days = value
        }
        guard once(head, key: "shown " + rest[0].text) else { return }
        limits.shown.append(LimitScript.Shown(state: rest[0].text, times: times, daysAgo: days))
    }

    /// `after 7 days`: the flow runs again on the same install, the clock 7 days later.
    mutating func parseAfter(_ head: ScenarioParser.Token, _ rest: [ScenarioParser.Token]) {
        guard rest.count == 2, rest[0].kind == .word, let days = Int(rest[0].text), days >= 0,
            rest[1].text == "days" || rest[1].text == "day"
        else {
            return error(.malformedScenario, "'after' needs a number of days: 'after 7 days'", head.range)
        }
        limits.relaunchesAfterDays.append(days)
    }
}
