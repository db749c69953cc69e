import FlowBenchSupport
import FlowTestSupport
import Foundation
import Testing

/// Runs the built `flowbench --quick` (every section, including the memory probe's child
/// processes) and checks the table's shape, not its numbers: speed lives in BENCHMARKS.md.
@Suite struct FlowbenchBinaryTests {
    func flowbench(_ arguments: [String]) throws -> (code: Int32, out: String, err: String) {
        let binary = try #require(SpawnedBinary.url(of: "flowbench"), "build flowbench first (swift build)")
        return try SpawnedBinary.run(binary, arguments)
    }

    @Test func quickRunPrintsEveryRow() throws {
        let (code, out, err) = try flowbench(["--quick"])
        #expect(code == 0, "\(err)")
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("| measure") == true)
        for measure in [
            "| byte scan (baseline", "| lexing", "| parse + check", "| full lint (load + all rules)", "|   at ",
            "| interpreter, camera priming", "| hand-written Swift", "interpreter slowdown",
            "| explore, 4 permissions, 12 states", "| peak memory", "files loaded + linted one at a time",
            "| one-flow lint growth, random graph", "|   at 4000 states",
        ] {
            #expect(lines.contains { $0.contains(measure) }, "missing row \(measure)")
        }
        // Throughput goals are stated against the byte scan measured beside them, and the
        // interpreter's slowdown is a ratio within interleaved rounds.
        for measure in ["| lexing", "| parse + check", "| full lint (load + all rules)"] {
            let row = try #require(lines.first { $0.hasPrefix(measure) })
            #expect(row.contains("x the scan's time (") && row.contains("MB/s = <= "), "\(row)")
        }
        #expect(lines.filter { $0.contains("interpreter slowdown") }.allSatisfy { $0.contains("rounds, interleaved)") })
        // Growth rows are ratios within interleaved rounds too, with their range.
        // (The formatter's growth rows, after them, are timed on their own.)
        let lintPart = lines.prefix { !$0.hasPrefix("| format") }
        let growth = lintPart.filter { $0.hasPrefix("|   at ") && $0.contains("x linear") }
        #expect(growth.count == 6)
        #expect(growth.allSatisfy { $0.contains(" rounds; ") }, "\(growth)")
        // Every goal row carries a verdict.
        #expect(
            lines.filter { $0.contains(">= ") || $0.contains("< ") || $0.contains("<= ") }
                .allSatisfy { $0.hasSuffix("| met    |") || $0.hasSuffix("| missed |") })
    }

    @Test func usageErrorsExitTwo() throws {
        let (code, _, err) = try flowbench(["--corpus-mb", "lots"])
        #expect(code == 2)
        #expect(err.contains("--corpus-mb needs a positive number, not 'lots'"))
        #expect(err.contains("usage: flowbench"))
    }

    @Test func emitGraphWritesTheFlowAndItsStatesLanguageRendering() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flowbench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (code, _, err) = try flowbench(["--emit-graph", "50", directory.path])
        #expect(code == 0, "\(err)")
        let flow = try String(contentsOf: directory.appendingPathComponent("random_50.flow"), encoding: .utf8)
        #expect(flow == RandomPermissionGraph(states: 50).flowText)
        let asl = try Data(contentsOf: directory.appendingPathComponent("random_50.asl.json"))
        #expect((try JSONSerialization.jsonObject(with: asl) as? [String: Any])?["StartAt"] as? String == "s0")
        let (lintCode, out, _) = try flowbench(["--profile", "lint-graph", "--states", "50"])
        #expect(lintCode == 0 && out.hasSuffix(" findings\n") && out != "0 findings\n")
    }

    @Test func profileRunsOneWorkload() throws {
        let (code, out, _) = try flowbench(["--profile", "load", "--flows", "3"])
        #expect(code == 0)
        #expect(out == "0 diagnostics\n")
    }
}
