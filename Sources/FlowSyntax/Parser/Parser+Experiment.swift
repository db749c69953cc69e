// Experiments: `experiment NAME { VARIANT: WEIGHT, ... }` among a flow's items and the `variant`
// terminator. `experiment` and `variant` are contextual keywords (as `screen` and `handoff`), so
// no flow whose state, outcome or key is called so changes meaning.

extension Parser {
    /// `experiment = "experiment" NAME "{" variant_weight { "," variant_weight } "}" ;`
    mutating func parseExperiment() -> ExperimentSyntax {
        let keyword = current.range
        advance()
        let name = parseName("an experiment name")
        let open = consume(.leftBrace)
        if open == nil {
            report(
                .expectedToken, "expected '{' with the variants and their weights after \(describe(previous))",
                at: afterPrevious)
            recordMissing(.leftBrace)
        }
        guard enterGroup(open) else {
            return ExperimentSyntax(
                keyword: keyword, name: name, leftBrace: open?.range, variants: [], rightBrace: nil,
                range: range(from: keyword.start))
        }
        var variants: [ExperimentVariantSyntax] = []
        if current.isName { variants = parseCommaList { $0.parseVariantWeight() } }
        leaveGroup(open)
        let close = expectClose(.rightBrace, of: "experiment '\(name.name)'", opener: open)
        return ExperimentSyntax(
            keyword: keyword, name: name, leftBrace: open?.range, variants: variants.filter { !$0.name.name.isEmpty },
            rightBrace: close, range: range(from: keyword.start))
    }

    /// `variant_weight = NAME ":" NUMBER ;`
    mutating func parseVariantWeight() -> ExperimentVariantSyntax {
        let start = current.range.start
        let name = parseName("a variant name")
        expect(.colon)
        var weight: NumberLiteralSyntax?
        if at(.number) {
            weight = NumberLiteralSyntax(text: self.name(current), range: current.range)
            advance()
        } else {
            report(.expectedValue, "expected a weight (a whole number) after \(describe(previous))", at: afterPrevious)
        }
        return ExperimentVariantSyntax(name: name, weight: weight, range: range(from: start))
    }

    /// `variant = "variant" NAME "{" { arm } "}" ;`
    mutating func parseVariant() -> VariantSyntax {
        let keyword = current.range
        advance()
        let experiment = parseName("an experiment name")
        let block = parseArmBlock("variant '\(experiment.name)'")
        return VariantSyntax(keyword: keyword, experiment: experiment, block: block, range: range(from: keyword.start))
    }
}
