import Testing

@testable import FlowBenchSupport

@Suite struct BenchCommandTests {
    @Test func parsesOptions() throws {
        let options = try BenchCommand.parse([
            "--corpus-mb", "2.5", "--repetitions", "3", "--warmup", "2",
            "--only", "growth,memory", "--flow", "x.flow",
        ]).get()
        #expect(options.corpusMegabytes == 2.5)
        #expect(options.timing == Timing(warmup: 2, repetitions: 3))
        #expect(options.only == ["growth", "memory"])
        #expect(options.primingFlowPath == "x.flow")
    }

    @Test(arguments: [["--corpus-mb"], ["--corpus-mb", "-1"], ["--corpus-mb", "lots"], ["--bogus"]])
    func rejectsBadArguments(arguments: [String]) {
        guard case .failure(let error) = BenchCommand.parse(arguments) else {
            Issue.record("accepted \(arguments)")
            return
        }
        #expect(!error.message.isEmpty)
    }

    /// flowbench parses through the tools' one parser: did-you-mean, `--name=value`, and its
    /// own checks with the exact messages.
    @Test(arguments: [
        (["--repetiton", "3"], "unknown option '--repetiton'; did you mean '--repetitions'?"),
        (
            ["--only", "growth,funel"],
            "unknown section 'funel' in --only (sections: \(BenchCommand.sections.joined(separator: ",")))"
        ),
        (["somewhere"], "DIR is for --emit-graph N DIR"),
        (["--warmup=0"], "--warmup needs a positive number, not '0'"),
        (["--quick", "--quick=yes"], "flag '--quick' takes no value"),
    ])
    func usageErrorsSayWhatIsWrong(arguments: [String], message: String) {
        guard case .failure(let error) = BenchCommand.parse(arguments) else {
            Issue.record("accepted \(arguments)")
            return
        }
        #expect(error.message == message)
    }

    @Test func emitGraphTakesItsDirectoryAsTheArgumentAfter() throws {
        let options = try BenchCommand.parse(["--emit-graph", "50", "out", "--repetitions=2"]).get()
        #expect(options.emitGraphStates == 50)
        #expect(options.emitGraphDirectory == "out")
        #expect(options.timing.repetitions == 2)
        guard case .failure(let help) = BenchCommand.parse(["-h"]) else {
            Issue.record("-h parsed as a run")
            return
        }
        #expect(help.message.isEmpty)
        #expect(BenchCommand.usage.contains("--emit-graph <N>"))
    }

    @Test func quickShrinksTheRun() throws {
        let options = try BenchCommand.parse(["--quick"]).get()
        #expect(options.corpusMegabytes <= 0.2)
        #expect(options.timing == Timing(warmup: 0, repetitions: 1))
    }

    @Test func medianIgnoresTheOutlier() {
        #expect(Timing.median(of: [3, 1, 100]) == 3)
        #expect(Timing.median(of: [4, 1, 2, 100]) == 3)
        #expect(Timing.median(of: []) == 0)
    }

    @Test func rowsJudgeTheirGoal() {
        #expect(BenchRow.goal("x", "", value: 120, atLeast: true, 80, goalText: "").verdict == .met)
        #expect(BenchRow.goal("x", "", value: 20, atLeast: true, 80, goalText: "").verdict == .missed)
        #expect(BenchRow.goal("x", "", value: 1.3, atLeast: false, 1.2, goalText: "").verdict == .missed)
        #expect(BenchRow.goal("x", "", value: 0.9, atLeast: false, 1.2, goalText: "").verdict == .met)
    }

    @Test func tableIsAlignedMarkdown() {
        let table = BenchTable.render([BenchRow("lexing", "98.6 MB/s", goal: ">= 300 MB/s", verdict: .missed)])
        #expect(
            table == """
                | measure | result    | goal        | status |
                |---------|-----------|-------------|--------|
                | lexing  | 98.6 MB/s | >= 300 MB/s | missed |
                """)
    }

    @Test func fixedRounds() {
        #expect(fixed(98.64) == "98.6")
        #expect(fixed(0.05, 2) == "0.05")
        #expect(fixed(2.999, 2) == "3.00")
        #expect(fixed(-1.25, 1) == "-1.3")
        #expect(fixed(7.6, 0) == "8")
    }
}
