import FlowSyntax
import Foundation
import Testing

@testable import FlowCommandLine

/// Issue 29 item 5: a baseline records every finding, never the capped list, so a run against
/// it reports nothing new.
@Suite struct FindingCapBaselineTests {
    func lint(_ box: LintSandbox, _ arguments: [String]) -> (code: Int32, out: String, err: String) {
        box.run(arguments)
    }

    @Test func aBaselineOfAFileOverTheCapListsEveryFinding() throws {
        // 150 unreachable states: more warnings than the cap shows in one file.
        let states = (1...150).map { "  state u\($0) { -> done granted }" }.joined(separator: "\n")
        let flow = "flow f {\n  start -> done_now\n  state done_now { -> done granted }\n\(states)\n}\n"
        let box = try LintSandbox(["many.flow": flow])
        let plain = lint(box, ["--format", "gcc", "many.flow"])
        #expect(plain.out.split(separator: "\n").count == ParseLimits.default.maxErrors + 1)
        #expect(plain.out.contains("FL0013"))
        let written = lint(box, ["--format", "gcc", "--write-baseline", "b.json", "many.flow"])
        #expect(written.code == 0)
        let baseline = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: box.directory + "/b.json")))
                as? [String: Any])
        #expect((baseline["findings"] as? [[String: Any]])?.count == 150)
        let against = lint(box, ["--strict", "--baseline", "b.json", "many.flow"])
        #expect(against.code == 0 && against.out.isEmpty, "\(against.out)")
        #expect(against.err == "1 file, 0 errors, 0 warnings (150 more in the baseline)\n")
    }
}
