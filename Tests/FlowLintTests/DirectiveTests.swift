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

    /// The photos flow with `directive` in its comment, marked: 1️⃣-2️⃣ the comment, 3️⃣-4️⃣ the status check.
    func marked(_ directive: String) -> String {
        Self.photos.replacingOccurrences(of: "// flowlint:DIRECTIVE", with: "1️⃣// flowlint:\(directive)2️⃣")
            .replacingOccurrences(of: "    status photos {", with: "    3️⃣status photos {")
            .replacingOccurrences(
                of: "      denied, restricted -> done denied\n    }",
                with: "      denied, restricted -> done denied\n    }4️⃣")
    }

    @Test func withoutDirectiveTheFindingShows() {
        #expect(
            lintMarked(marked("nothing")) == [
                "1️⃣-2️⃣ FL1004 warning: unknown flowlint directive 'nothing': expected 'disable' or 'expect'",
                "3️⃣-4️⃣ FL1203 error: status check on photos does not handle limited",
            ])
    }

    @Test func disableBeforeAStateCoversTheWholeState() {
        let report = lint("disable FL1203 -- the seed crashes here; kept to show it")
        #expect(report.findings.isEmpty)
        #expect(report.suppressed.map(\.ruleID) == ["FL1203"])
    }

    /// SwiftLint's `disable:next`, typed by habit, is the next-line suppression: it covers the
    /// line after it (and a state starting there), not its own line.
    @Test func disableNextIsAcceptedForTheNextLine() {
        let report = lint("disable:next FL1203 -- the seed crashes here; kept to show it")
        #expect(report.findings.isEmpty)
        #expect(report.suppressed.map(\.ruleID) == ["FL1203"])
        #expect(
            lintMarked(marked("disable:next FL1203")) == [
                "1️⃣-2️⃣ FL1001 warning: flowlint:disable:next needs a reason after '--'"
            ])
        let trailing = Self.photos.replacingOccurrences(of: "  // flowlint:DIRECTIVE\n", with: "")
            .replacingOccurrences(
                of: "    status photos {", with: "    1️⃣status photos {  // flowlint:RULE FL1203 -- trailing"
            )
            .replacingOccurrences(
                of: "      denied, restricted -> done denied\n    }",
                with: "      denied, restricted -> done denied\n    }2️⃣")
        #expect(lintMarked(trailing.replacingOccurrences(of: "RULE", with: "disable")) == [])
        #expect(
            lintMarked(trailing.replacingOccurrences(of: "RULE", with: "disable:next")) == [
                "1️⃣-2️⃣ FL1203 error: status check on photos does not handle limited"
            ])
    }

    @Test func disableByRuleNameWorksAndOtherRulesStay() {
        #expect(lint("disable unhandled-status -- demo").findings.isEmpty)
        #expect(
            lintMarked(marked("disable FL1101 -- wrong rule")) == [
                "3️⃣-4️⃣ FL1203 error: status check on photos does not handle limited"
            ])
    }

    @Test func expectConsumesTheFindingAndAnUnmetOneIsAnError() {
        let met = lint("expect FL1203")
        #expect(met.findings.isEmpty && met.expected.map(\.ruleID) == ["FL1203"])
        #expect(
            lintMarked(marked("expect FL1203, FL1201")) == [
                "1️⃣-2️⃣ FL1003 error: expected finding FL1201 is not reported here"
            ])
        #expect(
            lintMarked(marked("disable FL1203")) == ["1️⃣-2️⃣ FL1001 warning: flowlint:disable needs a reason after '--'"])
        #expect(
            lintMarked(marked("disable FL1230 -- typo")) == [
                "1️⃣-2️⃣ FL1002 warning: unknown rule 'FL1230' in flowlint:disable",
                "3️⃣-4️⃣ FL1203 error: status check on photos does not handle limited",
            ])
    }

    @Test func loadDiagnosticsCanBeDisabledOnlyWhenTheFlowStillLoads() {
        #expect(
            lintMarked(marked("disable FL0102 -- try")) == [
                "1️⃣-2️⃣ FL1002 warning: FL0102 (unknown-state) cannot be disabled: the flow does not load with this error, so it can be neither linted nor run",
                "3️⃣-4️⃣ FL1203 error: status check on photos does not handle limited",
            ])
        #expect(
            lintMarked(marked("disable FL0199 -- typo")) == [
                "1️⃣-2️⃣ FL1002 warning: unknown rule 'FL0199' in flowlint:disable",
                "3️⃣-4️⃣ FL1203 error: status check on photos does not handle limited",
            ])
        let untitled = """
            flow f {
              start -> s
              // flowlint:DIRECTIVE
              state s { 1️⃣alert { button "OK" -> done granted }2️⃣ }
            }
            """
        #expect(
            lintMarked(untitled.replacingOccurrences(of: "DIRECTIVE", with: "disable FL1401 -- checked below")) == [
                "1️⃣-2️⃣ FL0138 warning: alert has neither a title nor a message"
            ])
        #expect(
            lintMarked(
                untitled.replacingOccurrences(
                    of: "DIRECTIVE", with: "disable FL1401, alert-without-text -- a sheet shows the text")) == [])
    }

    @Test func configurationCanTurnRulesOffOrChangeSeverity() throws {
        let off = try LintConfiguration.parse(lines: "FL1203 = off\n", path: ".flowlint")
        #expect(
            lintText(Self.photos.replacingOccurrences(of: "// flowlint:DIRECTIVE", with: ""), configuration: off)
                .findings.isEmpty)
        let note = try LintConfiguration.parse(
            lines: "# comment\nunhandled-status = note # inline\n", path: ".flowlint")
        #expect(
            lintMarked(marked("disable FL1101 -- other"), configuration: note) == [
                "3️⃣-4️⃣ FL1203 note: status check on photos does not handle limited"
            ])
        #expect(throws: LintConfiguration.ParseError.self) {
            try LintConfiguration.parse(lines: "FL1203 = loud\n", path: "x")
        }
        #expect(throws: LintConfiguration.ParseError.self) {
            try LintConfiguration.parse(lines: "just words\n", path: "x")
        }
    }

    @Test func excludePatterns() {
        let config = LintConfiguration(excluded: ["drafts/", "*.draft.flow"])
        #expect(config.excludes("flows/drafts/a.flow"))
        #expect(config.excludes("./drafts/a.flow"))
        #expect(config.excludes("flows/camera.draft.flow"))
        #expect(!config.excludes("flows/camera.flow"))
    }
}
