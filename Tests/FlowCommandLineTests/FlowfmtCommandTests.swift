import FlowTestSupport
import Foundation
import Testing

@testable import FlowCommandLine

/// `flowfmt` in-process on files in a temporary directory (LintSandbox: removed after the test).
@Suite struct FlowfmtCommandTests {
    static let messy = "flow f {\n    start->a\n  state a { -> done granted }\n}\n"
    static let tidy = "flow f {\n  start -> a\n  state a { -> done granted }\n}\n"

    func run(_ box: LintSandbox, _ arguments: [String], stdin: String = "") -> (code: Int32, out: String, err: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let input = Array(stdin.utf8)
        let code = FlowfmtCommand(environment: [:], currentDirectory: box.directory, readStandardInput: { input })
            .run(arguments: arguments, stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    func read(_ box: LintSandbox, _ name: String) throws -> String {
        try String(contentsOfFile: box.directory + "/" + name, encoding: .utf8)
    }

    @Test func checkListsTheFilesThatWouldChangeAndFailsOnlyThen() throws {
        let box = try LintSandbox(["flows/a.flow": Self.messy, "flows/lib/b.flow": Self.tidy, "flows/notes.txt": "x"])
        let r = run(box, ["--check", "flows"])
        #expect(r.code == 1)
        #expect(r.out == "flows/a.flow\n")
        // A pre-commit hook shows this; it says what to run.
        #expect(r.err == "flowfmt: 1 file is not in the canonical layout; run: flowfmt -i flows/a.flow\n")
        #expect(try read(box, "flows/a.flow") == Self.messy)
        let clean = run(box, ["--check", "flows/lib"])
        #expect(clean.code == 0 && clean.out == "" && clean.err == "")
    }

    @Test func theHintQuotesPathsAShellWouldSplit() throws {
        let box = try LintSandbox(["my flows/a.flow": Self.messy, "b's.flow": Self.messy])
        let r = run(box, ["--check", "my flows/a.flow", "b's.flow"])
        #expect(r.code == 1)
        #expect(
            r.err
                == "flowfmt: 2 files are not in the canonical layout; run: flowfmt -i 'my flows/a.flow' 'b'\\''s.flow'\n"
        )
    }

    @Test func diffIsAUnifiedDiff() throws {
        let box = try LintSandbox(["a.flow": Self.messy])
        let r = run(box, ["--diff", "a.flow"])
        #expect(r.code == 0)
        #expect(
            r.out == """
                --- a/a.flow
                +++ b/a.flow
                @@ -1,4 +1,4 @@
                 flow f {
                -    start->a
                +  start -> a
                   state a { -> done granted }
                 }

                """)
        #expect(run(box, ["--check", "--diff", "a.flow"]).code == 1)
    }

    @Test func inPlaceRewritesWhatChangesAndListsIt() throws {
        let box = try LintSandbox(["a.flow": Self.messy, "b.flow": Self.tidy])
        let r = run(box, ["-i", "."])
        #expect(r.code == 0)
        #expect(r.out == "a.flow\n")
        #expect(try read(box, "a.flow") == Self.tidy)
        #expect(run(box, ["--check", "."]).code == 0)
    }

    @Test func standardInputGoesToStandardOutput() throws {
        let box = try LintSandbox([:])
        let r = run(box, ["-"], stdin: Self.messy)
        #expect(r.code == 0)
        #expect(r.out == Self.tidy)
        let checked = run(box, ["--check", "--stdin-path", "flows/x.flow", "-"], stdin: Self.messy)
        #expect(checked.code == 1 && checked.out == "flows/x.flow\n")
    }

    @Test func aFileWithSyntaxErrorsIsRefusedWithItsDiagnosticsAndLeftAlone() throws {
        let broken = "flow f {\n  start -> \n  state a { -> done granted }\n}\n"
        let box = try LintSandbox(["bad.flow": broken, "good.flow": Self.messy])
        let r = run(box, ["-i", "bad.flow", "good.flow"])
        #expect(r.code == 1)
        #expect(r.err.hasPrefix("bad.flow:2:11: error: expected the first state after '->' [FL0021]\n"))
        #expect(r.err.contains("flowfmt: bad.flow has syntax errors; it was not formatted\n"))
        #expect(try read(box, "bad.flow") == broken)
        // The other file is still formatted.
        #expect(try read(box, "good.flow") == Self.tidy)
        #expect(r.out == "good.flow\n")
    }

    @Test func excludesOfTheConfigurationApply() throws {
        let box = try LintSandbox([
            ".flowlint": "exclude = drafts/\n", "flows/a.flow": Self.tidy, "drafts/b.flow": Self.messy,
        ])
        #expect(run(box, ["--check", "."]).code == 0)
        try box.write("none.flowlint", "")
        #expect(run(box, ["--check", "--config", "none.flowlint", "."]).code == 1)
    }

    @Test func limitsAndUsageErrors() throws {
        let box = try LintSandbox(["a.flow": Self.messy])
        let big = run(box, ["--max-file-size", "10", "-i", "a.flow"])
        #expect(big.code == 1)
        #expect(
            big.err.contains("a.flow:1:1: error: file is \(Self.messy.utf8.count) bytes, more than the limit of 10"))
        #expect(big.err.contains("[FL0010]"))
        #expect(try read(box, "a.flow") == Self.messy)
        #expect(run(box, ["-i", "--check", "a.flow"]).code == 2)
        #expect(run(box, []).code == 2)
        #expect(run(box, ["-i", "-"]).code == 2)
        let missing = run(box, ["nope.flow"])
        #expect(missing.code == 2 && missing.err.contains("no such file or directory 'nope.flow'"))
    }
}

/// The built `flowfmt` executable: its exit codes and streams as a shell or CI step sees them.
@Suite struct FlowfmtBinaryTests {
    static let binary = SpawnedBinary.url(of: "flowfmt")

    @Test(.enabled(if: binary != nil)) func exitCodesAsDocumented() throws {
        let box = try LintSandbox(["a.flow": FlowfmtCommandTests.messy, "b.flow": "flow {\n"])
        let dir = URL(fileURLWithPath: box.directory)
        let check = try SpawnedBinary.run(Self.binary!, ["--check", "a.flow"], in: dir)
        #expect(check.code == 1 && check.out == "a.flow\n")
        let broken = try SpawnedBinary.run(Self.binary!, ["b.flow"], in: dir)
        #expect(broken.code == 1 && broken.out == "")
        #expect(broken.err.hasPrefix("b.flow:1:5: error: expected a flow name after 'flow' [FL0021]"))
        let usage = try SpawnedBinary.run(Self.binary!, ["--bogus"], in: dir)
        #expect(usage.code == 2)
        let help = try SpawnedBinary.run(Self.binary!, ["--help"], in: dir)
        #expect(help.code == 0 && help.out.contains("--check") && help.out.contains("--in-place"))
        let fixed = try SpawnedBinary.run(Self.binary!, ["-i", "a.flow"], in: dir)
        #expect(fixed.code == 0 && fixed.out == "a.flow\n")
        #expect(try String(contentsOfFile: box.directory + "/a.flow", encoding: .utf8) == FlowfmtCommandTests.tidy)
    }
}
