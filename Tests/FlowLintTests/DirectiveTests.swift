import FlowModel
import FlowSyntax
import Testing
@testable import FlowLint

@Suite struct DirectiveTests {
    static let photos = """
        flow photos {
          uses photos
          start -> check
          // flowlint:DIRECTIVE
          state check {
            status photos {
              authorized -> done granted
              notDetermined -> ask
              denied, restricted -> done denied
            }
          }
          state ask { request photos { authorized -> done granted  limited -> done limited  else -> done denied } }
        }
        """

    func lint(_ directive: String) -> LintReport {
        lintText(Self.photos.replacingOccurrences(of: "DIRECTIVE", with: directive))
    }

    @Test func withoutDirectiveTheFindingShows() {
        let report = lint("nothing")
        #expect(report.findings.map(\.ruleID) == ["FL1004", "FL1203"])
        #expect(report.findings.last?.diagnostic.range?.start.line == 6)
    }

    @Test func disableBeforeAStateCoversTheWholeState() {
        let report = lint("disable FL1203 -- the seed crashes here; kept to show it")
        #expect(report.findings.isEmpty)
        #expect(report.suppressed.map(\.ruleID) == ["FL1203"])
    }

    @Test func disableByRuleNameWorksAndOtherRulesStay() {
        #expect(lint("disable unhandled-status -- demo").findings.isEmpty)
        #expect(lint("disable FL1101 -- wrong rule").findings.map(\.ruleID) == ["FL1203"])
    }

    @Test func expectConsumesTheFindingAndAnUnmetOneIsAnError() {
        let met = lint("expect FL1203")
        #expect(met.findings.isEmpty && met.expected.map(\.ruleID) == ["FL1203"])
        let unmet = lint("expect FL1203, FL1201")
        #expect(unmet.findings.map(\.ruleID) == ["FL1003"])
        #expect(unmet.findings.first?.diagnostic.severity == .error)
        #expect(unmet.findings.first?.diagnostic.message == "expected finding FL1201 is not reported here")
    }

    @Test func configurationCanTurnRulesOffOrChangeSeverity() throws {
        let off = try LintConfiguration.parse(lines: "FL1203 = off\n", path: ".flowlint")
        #expect(lintText(Self.photos.replacingOccurrences(of: "// flowlint:DIRECTIVE", with: ""), configuration: off).findings.isEmpty)
        let note = try LintConfiguration.parse(lines: "# comment\nunhandled-status = note # inline\n", path: ".flowlint")
        let report = lintText(Self.photos.replacingOccurrences(of: "// flowlint:DIRECTIVE", with: ""), configuration: note)
        #expect(report.findings.map(\.diagnostic.severity) == [.note])
        #expect(throws: LintConfiguration.ParseError.self) { try LintConfiguration.parse(lines: "FL1203 = loud\n", path: "x") }
        #expect(throws: LintConfiguration.ParseError.self) { try LintConfiguration.parse(lines: "just words\n", path: "x") }
    }

    @Test func excludePatterns() {
        let config = LintConfiguration(excluded: ["drafts/", "*.draft.flow"])
        #expect(config.excludes("flows/drafts/a.flow"))
        #expect(config.excludes("./drafts/a.flow"))
        #expect(config.excludes("flows/camera.draft.flow"))
        #expect(!config.excludes("flows/camera.flow"))
    }
}
