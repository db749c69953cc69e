import FlowModel
import Foundation
import Testing

@testable import FlowCommandLine

/// `flowrun test` and `flowrun --scenario` on real files (loader, checker and scenario parser).
@Suite struct ScenarioCommandTests {
    let directory: String

    init() throws {
        directory =
            FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-scenarios-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/nested", withIntermediateDirectories: true)
        try FlowrunBinaryTests.cameraFlow.write(toFile: directory + "/camera.flow", atomically: true, encoding: .utf8)
    }

    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
    }

    func flowrun(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = await FlowrunCommand(reader: FileSystemReader(), environment: [:])
            .run(arguments: arguments, stdin: ScriptedInput([], isTerminal: false), stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    @Test func allPassing() async throws {
        try write(
            "granted.scenario",
            "flow camera.flow\ntap \"Continue\"\nanswer camera \"Allow\"\nexpect outcome granted\nexpect path check prime ask\n"
        )
        try write("nested/denied.scenario", "flow ../camera.flow\nstatus camera = denied\nexpect outcome denied\n")
        let r = await flowrun(["test", directory])
        #expect(r.code == 0)
        #expect(
            r.out == """
                PASS \(directory)/granted.scenario
                PASS \(directory)/nested/denied.scenario
                2 passed, 0 failed

                """)
    }

    @Test func runLimitsComeFromTheCommandLineUnlessTheScenarioSaysOtherwise() async throws {
        try write(
            "spin.flow",
            "app \"A\"\nflow spin {\n  uses camera\n  start -> a\n  state a { -> b }\n  state b { -> a }\n}\n")
        try write("spin.scenario", "flow spin.flow\nexpect outcome granted\n")
        try write("nested/limited.scenario", "flow ../spin.flow\nlimit 5\nexpect outcome granted\n")
        let r = await flowrun([
            "test", "--max-steps", "3", directory + "/spin.scenario", directory + "/nested/limited.scenario",
        ])
        #expect(r.code == 1)
        #expect(r.out.contains("through 'b', 'a': 3 steps in a row"), "\(r.out)")
        #expect(r.out.contains("through 'b', 'a': 5 steps in a row"), "the scenario's limit line wins: \(r.out)")

        try write(
            "nested/granted.scenario", "flow ../camera.flow\nstatus camera = authorized\nexpect outcome granted\n")
        let total = await flowrun(["test", "--max-total-steps", "1", directory + "/nested/granted.scenario"])
        #expect(total.code == 0, "one state is within one step: \(total.out)")
        try write(
            "nested/primed.scenario",
            "flow ../camera.flow\ntap \"Continue\"\nanswer camera \"Allow\"\nexpect outcome granted\n")
        let cut = await flowrun(["test", "--max-total-steps", "2", directory + "/nested/primed.scenario"])
        #expect(cut.code == 1)
        #expect(cut.out.contains("FL2106") && cut.out.contains("limit of 2 steps in all"), "\(cut.out)")

        let small = await flowrun(["test", "--max-file-size", "10", directory + "/nested/granted.scenario"])
        #expect(small.code == 1)
        #expect(small.out.contains("more than the limit of 10") && small.out.contains("[FL0010]"), "\(small.out)")

        let bad = await flowrun(["test", "--max-steps", "0", directory])
        #expect(bad.code == 2)
        #expect(bad.err.contains("'--max-steps 0' needs a whole number greater than 0"))
    }

    @Test func failureShowsExpectedAndActual() async throws {
        try write(
            "wrong.scenario", "flow camera.flow\ntap \"Not Now\"\nexpect outcome granted\nexpect path check prime ask\n"
        )
        try write("ok.scenario", "flow camera.flow\nstatus camera = authorized\nexpect outcome granted\n")
        let r = await flowrun(["test", directory + "/wrong.scenario", directory + "/ok.scenario"])
        #expect(r.code == 1)
        #expect(r.out.hasPrefix("FAIL \(directory)/wrong.scenario\n    \(directory)/wrong.scenario:3: "))
        #expect(r.out.contains("cancelled"))
        #expect(r.out.contains("PASS \(directory)/ok.scenario\n"))
        #expect(r.out.hasSuffix("\n1 passed, 1 failed\n"))
    }

    @Test func malformedScenarioFailsWithADiagnostic() async throws {
        try write("bad.scenario", "flow camera.flow\nstatus camra = denied\n")
        let r = await flowrun(["test", directory + "/bad.scenario"])
        #expect(r.code == 1)
        #expect(r.out.contains("bad.scenario:2:8: error: "))
        #expect(r.out.contains("[FL2002]"))
        #expect(r.out.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func missingPathIsAUsageError() async {
        let r = await flowrun(["test", directory + "/none"])
        #expect(r.code == 2)
        #expect(r.err == "flowrun: error: cannot read '\(directory)/none': no such file or directory\n")
        let none = await flowrun(["test"])
        #expect(none.code == 2)
        #expect(
            none.err.hasPrefix("flowrun test: error: missing argument PATH\nusage: flowrun test [options] PATH...\n"))
    }

    @Test func scenarioDrivesASingleRun() async throws {
        try write("inputs.scenario", "flow camera.flow\ntap \"Continue\"\n")
        let r = await flowrun([
            directory + "/camera.flow", "--scenario", directory + "/inputs.scenario", "--answer", "camera=denied",
        ])
        #expect(r.code == 0)
        #expect(r.out.hasSuffix("outcome: denied\n"))
    }

    @Test func malformedScenarioForASingleRunIsAUsageError() async throws {
        try write("broken.scenario", "flow camera.flow\ntap\n")
        let r = await flowrun([directory + "/camera.flow", "--scenario", directory + "/broken.scenario"])
        #expect(r.code == 2)
        #expect(r.err.hasPrefix("\(directory)/broken.scenario:2:1: error: "))
    }
}
