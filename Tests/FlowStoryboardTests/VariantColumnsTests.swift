import FlowModel
import FlowRuntime
import Foundation
import Testing

@testable import FlowStoryboard

/// Issue 34: an experiment's variants side by side, one column per variant and one row per
/// ending, built from an exploration as `flowrun --explore --format html` builds it.
@Suite struct VariantColumnsTests {
    static let source = """
        app "Receipts"
        flow cam {
          uses camera
          outcomes granted, denied, later
          experiment copy { plain: 40, direct: 30, skip: 30 }
          start -> check
          state check { status camera { notDetermined -> choose  else -> done denied } }
          state choose { variant copy { plain -> prime  direct -> ask  skip -> done later } }
          state prime {
            alert { title "Scan receipts"  button "Continue" -> ask  cancel "Not Now" -> done later }
          }
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }
        """

    static func page() async throws -> (board: Storyboard, html: String) {
        let load = Loader(reader: MemoryReader(["cam.flow": source])).load("cam.flow")
        let program = try #require(load.program, "\(load.diagnostics)")
        let flow = try #require(program.flow(named: "cam"))
        let linted = StoryboardBuilder.lint(load, infoPlist: nil)
        let builder = StoryboardBuilder(
            program: program, flow: flow, file: "cam.flow", findings: linted.findings, analysis: linted.analysis,
            usage: nil, appName: nil, requestedLocale: nil, toolVersion: "test")
        let exploration = try await Explorer(program: program).explore(flow: flow)
        let board = try await builder.explored(exploration, arguments: [:], budget: 10_000)
        return (board, StoryboardHTML.render(board))
    }

    /// The cells of the grid in document order: `column:ending(paths)`, or `column:ending(0)`
    /// for a variant with no path to that ending.
    static func cells(_ html: String) -> [String] {
        html.components(separatedBy: "<section class=\"group ").dropFirst().map { cell in
            let column = cell.components(separatedBy: "data-column=\"").dropFirst().first?.prefix { $0 != "\"" } ?? "?"
            let heading = cell.components(separatedBy: "<h2>").dropFirst().first?.prefix { $0 != "<" } ?? "?"
            let count = cell.components(separatedBy: "class=\"count\">").dropFirst().first?.prefix { $0 != "<" } ?? "?"
            return "\(column):\(heading.trimmingCharacters(in: .whitespaces))\(count)"
        }
    }

    @Test func eachVariantIsAColumnAndEachEndingARow() async throws {
        let (board, html) = try await Self.page()
        // The groups keep the variant in their heading (the summary line and the scenario names use it).
        #expect(board.groups.map(\.ending).contains("granted · copy=plain (40%)"))
        let heads = html.components(separatedBy: "<h2 class=\"variant-head\"").dropFirst().map {
            String($0.prefix { $0 != "\n" })
        }
        #expect(
            heads == [
                " data-column=\"0\" data-variant=\"copy=plain\"><span class=\"v-choice\"><span class=\"v-exp\">copy</span> <b class=\"v-name\">plain</b> <span class=\"v-weight\">40%</span></span></h2>",
                " data-column=\"1\" data-variant=\"copy=direct\"><span class=\"v-choice\"><span class=\"v-exp\">copy</span> <b class=\"v-name\">direct</b> <span class=\"v-weight\">30%</span></span></h2>",
                " data-column=\"2\" data-variant=\"copy=skip\"><span class=\"v-choice\"><span class=\"v-exp\">copy</span> <b class=\"v-name\">skip</b> <span class=\"v-weight\">30%</span></span></h2>",
            ])
        #expect(
            html.contains(
                "<div class=\"variants\" data-columns=\"3\">\n<div class=\"variant-grid\" style=\"--columns: 3\">"))
        // Rows in the order exploration first reaches each ending; a variant that never reaches
        // one has an empty cell there, so the rows stay aligned. Every path has its variant, the
        // ones the status check ends before `choose` too: denied is restricted, denied and
        // authorized (the `else`) in every column, plus the declined prompt where there is one.
        #expect(
            Self.cells(html) == [
                "0:granted(1)", "1:granted(1)", "2:granted(0)",
                "0:denied(4)", "1:denied(4)", "2:denied(3)",
                "0:later(1)", "1:later(0)", "2:later(1)",
            ], "\(Self.cells(html))")
        #expect(html.contains("<p class=\"none\">No path of this variant ends here.</p>"))
    }

    @Test func aFlowWithoutExperimentsHasNoColumns() async throws {
        let plain = Self.source.replacingOccurrences(
            of: "experiment copy { plain: 40, direct: 30, skip: 30 }", with: ""
        )
        .replacingOccurrences(
            of: "variant copy { plain -> prime  direct -> ask  skip -> done later }", with: "-> prime")
        let load = Loader(reader: MemoryReader(["cam.flow": plain])).load("cam.flow")
        let program = try #require(load.program, "\(load.diagnostics)")
        let flow = try #require(program.flow(named: "cam"))
        let builder = StoryboardBuilder(
            program: program, flow: flow, file: "cam.flow", findings: [], analysis: nil, usage: nil, appName: nil,
            requestedLocale: nil, toolVersion: "test")
        let exploration = try await Explorer(program: program).explore(flow: flow)
        let html = StoryboardHTML.render(try await builder.explored(exploration, arguments: [:], budget: 10_000))
        #expect(!html.contains("<div class=\"variants\"") && !html.contains("data-column"))
        #expect(
            html.contains(
                "<section class=\"group outcome\" data-ending=\"granted\">\n<h2>granted <span class=\"count\">(1)</span></h2>"
            ))
    }
}
