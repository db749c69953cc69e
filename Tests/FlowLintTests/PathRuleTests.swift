import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// `lintMarked` with notes, and each finding's witness under it, one `  step:` line per step.
func lintMarkedWithWitness(_ source: String, rules: [Rule]) -> [String] {
    let sources = MarkedSources(source)
    let load = Loader(reader: MemoryReader(sources.importTexts)).load(text: sources.entryText, path: "main.flow")
    let report = Linter(rules: rules).lint(load)
    let wanted = Set(rules.map(\.id))
    var out: [String] = []
    for f in report.findings where wanted.contains(f.ruleID) {
        out += sources.render([f.diagnostic], fileNames: load.files.map(\.path), notes: true)
        out += f.witness.steps.map { "  step: " + $0.message }
    }
    return out
}

/// The path-sensitive rules of issue 11 (FL1207-FL1210): each finding, its range, message,
/// notes and the witness path on which the defect happens, and the cases that must stay quiet.
@Suite struct PathRuleTests {
}
