import FlowModel
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

@testable import FlowLint

/// Issue 29 item 5: which findings the per-file cap shows.
@Suite struct FindingCapTests {
    /// Every finding of `rules` and the cap's summary, rendered against the markers.
    func lintCapped(_ source: String, rules: [Rule], limit: Int?) -> [String] {
        let sources = MarkedSources(source)
        let load = Loader(reader: MemoryReader([:])).load(text: sources.entryText, path: "main.flow")
        let report = Linter(rules: rules, configuration: LintConfiguration(maxFindingsPerFile: limit)).lint(load)
        return sources.render(report.findings.map(\.diagnostic), fileNames: load.files.map(\.path))
    }

    /// Four unreachable states first, a trap last: with room for three, the error at the end
    /// is shown, then each warning rule's first finding; the summary says what was left out,
    /// after the last finding shown, and how to see it.
    @Test func errorsFirstThenEveryRuleBeforeAnyRulesSecondFinding() {
        let source = """
            flow f {
              uses camera
              start -> check
              state 1️⃣u1 { -> done granted }
              state u2 { -> done granted }
              state u3 { -> done granted }
              state u4 { -> done granted }
              state check { status camera { authorized -> done granted  else -> hold } }
              state 2️⃣hold5️⃣ { alert { title "Wait" 3️⃣button "Again" -> hold4️⃣ } }
            }
            """
        let rules: [Rule] = [.unreachableState, .trap, .buttonReshowsAlert]
        let all = lintCapped(source, rules: rules, limit: nil)
        #expect(all.count == 6, "\(all)")
        let shown = lintCapped(source, rules: rules, limit: 3)
        #expect(
            shown == [
                "1️⃣-4:11 FL1101 warning: state 'u1' is never reached from the start of flow 'f'",
                "2️⃣-5️⃣ FL1102 error: no outcome can be reached from state 'hold': the flow never ends once it gets here",
                "3️⃣-4️⃣ FL0013 warning: too many findings in this file: 3 more not shown (3 warnings); shown: errors first, then each rule's first findings; add 'max-findings-per-file = 0' to .flowlint to see them all",
                "3️⃣-4️⃣ FL1304 warning: button \"Again\" shows the same alert again: the way back to 'hold' waits for nothing, so the tap does nothing",
            ])
        // 0 shows everything.
        #expect(lintCapped(source, rules: rules, limit: 0) == all)
    }

    @Test func theConfigurationSetsTheCapInOneLine() throws {
        #expect(
            try LintConfiguration.parse(lines: "max-findings-per-file = 0\n", path: ".flowlint").maxFindingsPerFile == 0
        )
        #expect(
            try LintConfiguration.parse(json: Data(#"{ "maxFindingsPerFile": 250 }"#.utf8), path: "flowlint.json")
                .maxFindingsPerFile == 250)
        #expect(
            throws: LintConfiguration.ParseError(
                message: ".flowlint:1: 'max-findings-per-file' needs a whole number, 0 or more (0: show every finding)")
        ) {
            try LintConfiguration.parse(lines: "max-findings-per-file = many\n", path: ".flowlint")
        }
    }
}
