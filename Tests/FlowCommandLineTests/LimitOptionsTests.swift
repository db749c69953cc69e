import Foundation
import Testing

@testable import FlowCommandLine

/// `--max-file-size`, `--max-nesting` and `--max-states` on both commands: each exceeded limit is
/// the parser's diagnostic at a file:line:col, each bad value a usage error.
@Suite struct LimitOptionsTests {
    /// 4 states, nesting 3 deep (flow, state, status braces), 460-odd bytes.
    static let source = ExploreCommandTests.small

    /// The limit flag, its value, and the first line of the rendered diagnostic.
    static let exceeded: [(flag: String, value: String, line: String)] = [
        (
            "--max-file-size", "100",
            "cam.flow:1:1: error: file is \(source.utf8.count) bytes, more than the limit of 100; split it into imported files [FL0010]"
        ),
        (
            "--max-nesting", "2",
            "cam.flow:4:31: error: nesting is deeper than 2 levels; flatten it into separate states [FL0011]"
        ),
        (
            "--max-states", "3",
            "cam.flow:1:6: error: flow 'cam' has more than 3 states; split it into subflows [FL0012]"
        ),
    ]

    @Test(arguments: exceeded.indices)
    func flowrunReportsTheExceededLimit(index: Int) async {
        let (flag, value, line) = Self.exceeded[index]
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = await FlowrunCommand(reader: Fixtures.Reader(files: ["cam.flow": Self.source]), environment: [:])
            .run(
                arguments: ["cam.flow", "--status", "camera=authorized", flag, value],
                stdin: ScriptedInput([], isTerminal: false), stdout: out, stderr: err)
        #expect(code == ExitCode.flowError)
        #expect(err.text.components(separatedBy: "\n").contains(line), "\(err.text)")
        // The same limit under --explore.
        let explored = await ExploreCommandTests().explore(["--explore", "cam.flow", flag, value])
        #expect(explored.code == ExitCode.flowError)
        #expect(explored.err.components(separatedBy: "\n").contains(line))
    }

    @Test func flowrunWithinTheLimitsRuns() async {
        let r = await ExploreCommandTests().explore([
            "cam.flow", "--status", "camera=authorized",
            "--max-file-size", String(Self.source.utf8.count),
            "--max-nesting", "3", "--max-states", "4",
        ])
        #expect(r.code == 0)
        #expect(r.out.hasSuffix("outcome: granted\n"))
    }

    @Test(arguments: exceeded.indices)
    func flowlintReportsTheExceededLimit(index: Int) throws {
        let (flag, value, line) = Self.exceeded[index]
        let sandbox = try LintSandbox(["cam.flow": Self.source])
        let r = sandbox.run(["cam.flow", flag, value])
        #expect(r.code == 1)
        #expect(r.out.components(separatedBy: "\n").contains(line), "\(r.out)")
        // The limit's default leaves the file alone: only this flag produces the diagnostic.
        let id = String(line.suffix(8).dropLast())
        #expect(!sandbox.run(["cam.flow"]).out.contains(id))
    }

    @Test(arguments: ["--max-file-size", "--max-nesting", "--max-states"], ["0", "-1", "1.5", "ten", "", "٣"])
    func badValuesAreUsageErrors(flag: String, value: String) async throws {
        let run = await ExploreCommandTests().explore(["cam.flow", flag, value])
        #expect(run.code == ExitCode.usageError)
        #expect(run.err.hasPrefix("flowrun: error: '\(flag) \(value)' needs a whole number greater than 0\n"))
        let lint = try LintSandbox(["cam.flow": Self.source]).run(["cam.flow", flag, value])
        #expect(lint.code == 2)
        #expect(lint.err.hasPrefix("flowlint: error: '\(flag) \(value)' needs a whole number greater than 0\n"))
    }

    @Test func helpListsTheLimits() async throws {
        let run = await ExploreCommandTests().explore(["--help"])
        let lint = try LintSandbox([:]).run(["--help"])
        for flag in ["--max-file-size", "--max-nesting", "--max-states"] {
            #expect(run.out.contains(flag))
            #expect(lint.out.contains(flag))
        }
        #expect(run.out.contains("--explore-budget"))
        #expect(run.out.contains("5  --explore: the budget"))
    }
}
