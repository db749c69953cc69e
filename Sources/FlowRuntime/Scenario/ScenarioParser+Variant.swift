import FlowModel
import FlowSyntax

/// `variant prime_copy = benefits`: the run's variant of an experiment (Scenarios.md), written
/// like `status` and `capability`. Whether the flow has the experiment and the variant is checked
/// by the runner, which has the program.
extension ScenarioParser.Parsing {
    mutating func parseVariant(_ head: ScenarioParser.Token, _ rest: [ScenarioParser.Token]) {
        guard
            let (experiment, variant) = assignment(
                head, rest[...], what: "'experiment = variant', e.g. 'variant prime_copy = benefits'")
        else { return }
        if rest.count > 3 {
            return error(.malformedScenario, "unexpected '\(rest[3].text)' after the variant", rest[3].range)
        }
        if variants[experiment.text] != nil {
            return error(
                .duplicateScenarioSetting, "variant of '\(experiment.text)' is given twice; keep one", experiment.range)
        }
        variants[experiment.text] = Scripted(variant.text, at: span(experiment, variant))
    }
}
