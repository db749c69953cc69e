import FlowModel
import FlowSyntax

/// The scenario lines for the app's build and its caller (Scenarios.md): `entitlement
/// criticalAlerts`, `handling <outcome>, ...`, and the critical-alerts prompt and switch
/// (`answer criticalAlerts "Allow"`, `settings criticalAlerts = on`). Kept apart from
/// ScenarioParser.swift, which is at the size limit.
extension ScenarioParser.Parsing {
    /// The entitlements a scenario can give the app, by the name written after `entitlement`.
    static let entitlements = ["criticalAlerts"]

    /// `entitlement criticalAlerts`: the app is signed with Apple's critical-alerts entitlement.
    mutating func parseEntitlement(_ head: ScenarioParser.Token, _ rest: [ScenarioParser.Token]) {
        guard let name = single(head, rest, what: "an entitlement: 'criticalAlerts' (\(CriticalAlerts.entitlement))")
        else { return }
        guard name.kind == .word, name.text == "criticalAlerts" else {
            return error(
                .malformedScenario,
                "unknown entitlement '\(name.text)'; scenarios model 'criticalAlerts' (\(CriticalAlerts.entitlement))",
                name.range, fix: suggest(name, in: Self.entitlements))
        }
        if once(head, key: "entitlement criticalAlerts") { configuration.criticalAlertsEntitled = true }
    }

    /// `handling denied[, limited ...]`: the outcomes the app (the flow's caller) handles itself.
    /// Whether the flow hands them off is checked against the flow when the scenario runs.
    mutating func parseHandling(_ head: ScenarioParser.Token, _ rest: [ScenarioParser.Token]) {
        guard !rest.isEmpty else {
            return error(
                .malformedScenario, "'handling' needs the outcomes the app handles itself, separated by commas",
                head.range)
        }
        var names: [Scripted<String>] = []
        var i = 0
        while i < rest.count {
            guard rest[i].kind == .word else {
                return error(
                    .malformedScenario, "expected an outcome name in 'handling', found '\(rest[i].text)'", rest[i].range
                )
            }
            if handling.contains(where: { $0.value == rest[i].text })
                || names.contains(where: { $0.value == rest[i].text })
            {
                return error(
                    .duplicateScenarioSetting, "outcome '\(rest[i].text)' is handled twice; keep one", rest[i].range)
            }
            names.append(Scripted(rest[i].text, at: rest[i].range))
            i += 1
            if i < rest.count {
                guard rest[i].kind == .comma else {
                    return error(
                        .malformedScenario, "expected ',' between handled outcomes, found '\(rest[i].text)'",
                        rest[i].range)
                }
                i += 1
                if i == rest.count {
                    return error(.malformedScenario, "expected an outcome after ','", rest[i - 1].range)
                }
            }
        }
        handling += names
    }

    /// `answer criticalAlerts "Allow"` or `answer criticalAlerts authorized`: the next
    /// critical-alerts prompt (its own queue, apart from the notifications prompt's answers).
    mutating func parseCriticalAlertsAnswer(_ head: ScenarioParser.Token, _ rest: [ScenarioParser.Token]) {
        guard rest.count >= 2 else {
            return error(
                .malformedScenario,
                "'answer criticalAlerts' needs a prompt button (\"Allow\", \"Don't Allow\") or the resulting status",
                rest[0].range)
        }
        if rest.count > 2 {
            return error(.malformedScenario, "unexpected '\(rest[2].text)' after the answer", rest[2].range)
        }
        let answer = rest[1]
        let offered = CriticalAlerts.promptAnswers
        let choice: PromptChoice
        if answer.kind == .string {
            guard offered.contains(where: { $0.label == answer.text }) else {
                let labels = offered.map(\.label)
                return error(
                    .impossiblePromptAnswer,
                    "the critical-alerts prompt has no button \"\(answer.text)\"; its buttons are "
                        + labels.map { "\"\($0)\"" }.joined(separator: ", "), answer.range,
                    fix: suggest(answer, in: labels))
            }
            choice = .label(answer.text)
        } else {
            guard let s = Status(rawValue: answer.text), offered.contains(where: { $0.result == s }) else {
                let results = offered.map(\.result.rawValue)
                return error(
                    .impossiblePromptAnswer,
                    "no critical-alerts prompt answer gives '\(answer.text)'; answers give "
                        + results.joined(separator: ", "), answer.range, fix: suggest(answer, in: results))
            }
            choice = .status(s)
        }
        script.criticalAlertsAnswers.append(Scripted(choice, at: span(head, answer)))
    }

    /// `criticalAlerts = on|off` in a `settings` line: the Critical Alerts switch of the
    /// notification settings. Nil (with an error) for another value or a second setting.
    mutating func criticalAlertsSwitch(_ name: ScenarioParser.Token, _ value: ScenarioParser.Token, given: Status?)
        -> Status?
    {
        if given != nil {
            error(
                .duplicateScenarioSetting, "the Critical Alerts switch is set twice in one visit; keep one", name.range)
            return nil
        }
        switch value.text {
        case "on" where value.kind == .word: return .authorized
        case "off" where value.kind == .word: return .denied
        default:
            error(
                .impossibleSettingsChange, "the Critical Alerts switch is 'on' or 'off', not '\(value.text)'",
                value.range,
                fix: suggest(value, in: ["on", "off"]))
            return nil
        }
    }
}
