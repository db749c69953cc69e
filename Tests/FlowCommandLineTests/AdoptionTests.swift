import FlowEncoding
import FlowModel
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

@testable import FlowCommandLine
@testable import FlowProject

/// Issue 16: what adopting the tools on a real repository needs (flows under `ios/flows/`, CI steps
/// with a working directory): project-relative paths, baselines, stdin, reports, one version.
@Suite struct AdoptionTests {
    /// `flowlint` in-process with its working directory at `subdirectory` of the sandbox.
    func lint(_ box: LintSandbox, _ arguments: [String], in subdirectory: String = "") -> (
        code: Int32, out: String, err: String
    ) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let cwd = subdirectory.isEmpty ? box.directory : box.directory + "/" + subdirectory
        let code = FlowlintCommand(environment: ["NO_COLOR": "1"], currentDirectory: cwd)
            .run(arguments: arguments, stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The artifact location of the first SARIF result, and the run's `%SRCROOT%`.
    func sarifLocation(_ text: String) throws -> (artifact: [String: String], base: String?) {
        let runs = try #require(try json(text)["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        let locations = try #require(results.first?["locations"] as? [[String: Any]])
        let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
        let artifact = try #require(physical["artifactLocation"] as? [String: String])
        let bases = runs.first?["originalUriBaseIds"] as? [String: [String: Any]]
        return (artifact, bases?["%SRCROOT%"]?["uri"] as? String)
    }

    // MARK: 1. Project-relative everything

    @Test func excludesAreRelativeToTheConfigurationFileNotTheWorkingDirectory() throws {
        let box = try LintSandbox([
            "ios/flows/ok.flow": LintFlows.clean, "ios/flows/drafts/wip.flow": LintFlows.error,
            ".flowlint": "exclude = ios/flows/drafts/\n",
        ])
        let fromIOS = lint(box, ["flows"], in: "ios")
        #expect(fromIOS.code == 0, "the drafts were linted: \(fromIOS.out)")
        #expect(fromIOS.out.isEmpty && fromIOS.err == "1 file, 0 errors, 0 warnings\n")
        let fromTop = lint(box, ["ios/flows"])
        #expect(fromTop.code == 0 && fromTop.err == "1 file, 0 errors, 0 warnings\n")
    }

    @Test func sarifAndGithubPathsDoNotDependOnTheWorkingDirectory() throws {
        let box = try LintSandbox(["ios/flows/e.flow": LintFlows.error])
        for (cwd, path) in [("ios", "flows/e.flow"), ("", "ios/flows/e.flow"), ("ios/flows", "e.flow")] {
            let sarif = try sarifLocation(lint(box, ["--format", "sarif", path], in: cwd).out)
            // No configuration: the root is the git top level.
            #expect(sarif.artifact == ["uri": "ios/flows/e.flow", "uriBaseId": "%SRCROOT%"], "from '\(cwd)'")
            #expect(sarif.base == "file://\(box.directory)/")
            let github = lint(box, ["--format", "github", path], in: cwd).out
            #expect(github.hasPrefix("::error file=ios/flows/e.flow,line=4,col=17,"), "from '\(cwd)': \(github)")
        }
    }

    @Test func aConfigurationFileMakesItsDirectoryTheRootAndRootOverridesIt() throws {
        let box = try LintSandbox(["ios/flows/e.flow": LintFlows.error, "ios/.flowlint": "# iOS app\n"])
        for (cwd, path) in [("", "ios/flows/e.flow"), ("ios", "flows/e.flow"), ("ios/flows", "e.flow")] {
            let sarif = try sarifLocation(lint(box, ["--format", "sarif", path], in: cwd).out)
            #expect(sarif.artifact == ["uri": "flows/e.flow", "uriBaseId": "%SRCROOT%"], "from '\(cwd)'")
            #expect(sarif.base == "file://\(box.directory)/ios/")
            // GitHub resolves annotation paths against the repository, wherever the root is.
            #expect(lint(box, ["--format", "github", path], in: cwd).out.hasPrefix("::error file=ios/flows/e.flow,"))
        }
        let overridden = try sarifLocation(
            lint(box, ["--format", "sarif", "--root", "ios/flows", "ios/flows/e.flow"]).out)
        #expect(overridden.artifact == ["uri": "e.flow", "uriBaseId": "%SRCROOT%"])
        #expect(overridden.base == "file://\(box.directory)/ios/flows/")
    }

    @Test func aFileOutsideTheRootIsAnAbsoluteURIWithNoBase() throws {
        let box = try LintSandbox(["ios/e.flow": LintFlows.error])
        let other = try LintSandbox(["x.flow": LintFlows.error])
        let sarif = try sarifLocation(
            lint(box, ["--format", "sarif", "--root", "ios", other.directory + "/x.flow"]).out)
        #expect(sarif.artifact == ["uri": "file://\(other.directory)/x.flow"])
    }

    @Test func duplicateAndOverlappingInputsAreLintedOnce() throws {
        let box = try LintSandbox([
            "a.flow": LintFlows.error, "flows/x.flow": LintFlows.error, "flows/lib/y.flow": LintFlows.clean,
        ])
        let twice = lint(box, ["--format", "gcc", "a.flow", "./a.flow", "\(box.directory)/a.flow"])
        #expect(twice.out == "a.flow:4:17: error: status check on photos does not handle limited [FL1203]\n")
        #expect(twice.err == "1 file, 1 error, 0 warnings\n")
        let overlapping = lint(box, ["--format", "json", "flows", "./flows", "flows/lib", "flows/"])
        #expect(try json(overlapping.out)["files"] as? [String] == ["flows/lib/y.flow", "flows/x.flow"])
        #expect(overlapping.err == "2 files, 1 error, 0 warnings\n")
    }

    @Test func projectRootDiscoveryOrder() {
        let existing: Set<String> = ["/repo/.git", "/repo/ios/.flowlint", "/plain/flowlint.json"]
        let exists: (String) -> Bool = { existing.contains($0) }
        let byConfig = ProjectRoot.discover(inputs: ["flows/a.flow"], currentDirectory: "/repo/ios", fileExists: exists)
        #expect(
            byConfig.path == "/repo/ios" && byConfig.source == .configuration
                && byConfig.configuration == "/repo/ios/.flowlint")
        #expect(byConfig.repository == "/repo")
        // A configuration above the repository's top level is not the project's.
        let byGit = ProjectRoot.discover(inputs: ["android/a.flow"], currentDirectory: "/repo", fileExists: exists)
        #expect(byGit.path == "/repo" && byGit.source == .repository && byGit.configuration == nil)
        let byConfigOutsideGit = ProjectRoot.discover(
            inputs: ["sub/a.flow"], currentDirectory: "/plain", fileExists: exists)
        #expect(byConfigOutsideGit.path == "/plain" && byConfigOutsideGit.source == .configuration)
        let byCwd = ProjectRoot.discover(inputs: ["a.flow"], currentDirectory: "/tmp/x/", fileExists: exists)
        #expect(byCwd.path == "/tmp/x" && byCwd.source == .currentDirectory)
        let byOption = ProjectRoot.discover(
            inputs: ["a.flow"], currentDirectory: "/repo/ios", override: "..", fileExists: exists)
        #expect(byOption.path == "/repo" && byOption.source == .option)
        #expect(byConfig.relative("flows/../flows/./a.flow") == "flows/a.flow")
        #expect(byConfig.relative("/elsewhere/a.flow") == "/elsewhere/a.flow")
        #expect(byConfig.repositoryRelative("flows/a.flow") == "ios/flows/a.flow")
    }

    // MARK: 2. Baselines

    @Test func aBaselineHidesKnownFindingsThroughLineShiftsAndListsStaleEntries() throws {
        let box = try LintSandbox(["flows/a.flow": LintFlows.error, "flows/b.flow": LintFlows.warning])
        let written = lint(box, ["--write-baseline", "flowlint-baseline.json", "flows"])
        #expect(written.code == 1, "writing a baseline still reports: \(written.err)")
        let baseline = try json(String(contentsOfFile: box.directory + "/flowlint-baseline.json", encoding: .utf8))
        let entries = try #require(baseline["findings"] as? [[String: Any]])
        #expect(entries.map { $0["path"] as? String } == ["flows/a.flow", "flows/b.flow"])
        #expect(entries.map { $0["ruleId"] as? String } == ["FL1203", "FL1202"])
        #expect((entries[0]["lineText"] as? String)?.hasPrefix("state check { status photos {") == true)

        // Lines inserted above the findings; run from another directory: nothing new.
        try box.write("flows/a.flow", "// scanning\n// of receipts\n" + LintFlows.error)
        let shifted = lint(box, ["--baseline", "../flowlint-baseline.json", "."], in: "flows")
        #expect(shifted.code == 0, "\(shifted.out)")
        #expect(shifted.out.isEmpty)
        #expect(shifted.err == "2 files, 0 errors, 0 warnings (2 more in the baseline)\n")

        // A new finding is reported; the fixed one is listed as stale so the baseline shrinks.
        try box.write("flows/c.flow", LintFlows.error)
        try box.write("flows/b.flow", LintFlows.clean)
        let later = lint(box, ["--format", "gcc", "--baseline", "flowlint-baseline.json", "flows"])
        #expect(later.code == 1)
        #expect(later.out == "flows/c.flow:4:17: error: status check on photos does not handle limited [FL1203]\n")
        #expect(
            later.err.hasPrefix(
                "flowlint: 1 baseline entry no longer matches (fixed or changed); shrink the baseline with --write-baseline flowlint-baseline.json:\n  flows/b.flow:6: FL1202 request camera never shows the system prompt here"
            ))
        #expect(later.err.hasSuffix("3 files, 1 error, 0 warnings (1 more in the baseline)\n"))
    }

    @Test func aBaselineCountsIdenticalFindings() throws {
        func flow(_ states: Int) -> String {
            var text = "flow camera {\n  uses camera\n  start -> s0\n"
            for i in 0..<states {
                let next = i + 1 < states ? "s\(i + 1)" : "done granted"
                text += "  state s\(i) {\n    alert { title \"TODO\"\n            button \"OK\" -> \(next) }\n  }\n"
            }
            return text + "}\n"
        }
        let box = try LintSandbox(["t.flow": flow(2)])
        #expect(
            lint(box, ["--format", "gcc", "--write-baseline", "b.json", "t.flow"]).out.split(separator: "\n").count == 2
        )
        #expect(lint(box, ["--baseline", "b.json", "t.flow"]).out.isEmpty)
        // Two entries cover two identical findings, not three.
        try box.write("t.flow", flow(3))
        let after = lint(box, ["--format", "gcc", "--baseline", "b.json", "t.flow"])
        #expect(after.out == "t.flow:13:19: warning: copy 'TODO' still holds the placeholder 'TODO' [FL1402]\n")
        #expect(after.err == "1 file, 0 errors, 1 warning (2 more in the baseline)\n")
    }

    @Test func anUnusableBaselineIsAUsageError() throws {
        let box = try LintSandbox([
            "a.flow": LintFlows.clean, "bad.json": "[1, 2]", "old.json": #"{"version": 99, "findings": []}"#,
            "merged.json": "{\n  \"version\": 1,\n<<<<<<< HEAD\n  \"findings\": []\n}\n",
        ])
        // A baseline broken by a merge is reported where it stops being JSON.
        let merged = lint(box, ["--baseline", "merged.json", "a.flow"])
        #expect(merged.code == 2)
        #expect(merged.err.hasPrefix("flowlint: error: baseline 'merged.json':3:1: "))
        let missing = lint(box, ["--baseline", "none.json", "a.flow"])
        #expect(
            missing.code == 2
                && missing.err.hasPrefix(
                    "flowlint: error: cannot read baseline 'none.json' (write one with --write-baseline none.json)")
        )
        let bad = lint(box, ["--baseline", "bad.json", "a.flow"])
        #expect(bad.code == 2 && bad.err.hasPrefix("flowlint: error: baseline 'bad.json' is not a JSON object"))
        let old = lint(box, ["--baseline", "old.json", "a.flow"])
        #expect(
            old.code == 2
                && old.err.hasPrefix("flowlint: error: baseline 'old.json' has an unsupported version (expected 1)"))
    }

    // MARK: 4. Stdin

    /// The built `flowlint` fed `input` on stdin.
    func spawnFlowlint(_ arguments: [String], input: String, in directory: String) throws -> (
        code: Int32, out: String, err: String
    ) {
        let binary = try #require(SpawnedBinary.url(of: "flowlint"))
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readAllRetryingInterrupts()
        let err = stderr.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test func dashReadsAFlowFromStdinNamedByStdinPath() throws {
        let box = try LintSandbox(["flows/lib/photos.flow": LintFlows.error])
        let r = try spawnFlowlint(
            ["--format", "gcc", "--stdin-path", "flows/camera.flow", "-"], input: LintFlows.error, in: box.directory)
        #expect(r.code == 1)
        #expect(r.out == "flows/camera.flow:4:17: error: status check on photos does not handle limited [FL1203]\n")
        #expect(r.err == "1 file, 1 error, 0 warnings\n")
        // Imports resolve from the --stdin-path, so an editor's unsaved buffer lints in place.
        let importing = "import \"lib/photos.flow\"\n" + LintFlows.clean
        let i = try spawnFlowlint(
            ["--format", "gcc", "--stdin-path", "flows/camera.flow", "-"], input: importing, in: box.directory)
        #expect(
            i.out.contains(
                "flows/lib/photos.flow:4:17: error: status check on photos does not handle limited [FL1203]\n"),
            "\(i.out)")
        let unnamed = try spawnFlowlint(["--format", "gcc", "-"], input: LintFlows.error, in: box.directory)
        #expect(unnamed.out.hasPrefix("<stdin>:4:17: error:"))
        let noDash = lint(box, ["--stdin-path", "a.flow", "flows"])
        #expect(
            noDash.code == 2
                && noDash.err.hasPrefix(
                    "flowlint: error: --stdin-path names the flow read from stdin; add '-' to the PATHs")
        )
    }

    @Test func stdinIsInProcessToo() throws {
        let box = try LintSandbox([".flowlint": "exclude = drafts/\n"])
        func run(_ arguments: [String]) -> (Int32, String, String) {
            let out = CapturedOutput()
            let err = CapturedOutput()
            let code = FlowlintCommand(
                environment: ["NO_COLOR": "1"], currentDirectory: box.directory,
                readStandardInput: { Array(LintFlows.warning.utf8) }
            )
            .run(arguments: arguments, stdout: out, stderr: err)
            return (code, out.text, err.text)
        }
        let (code, out, _) = run(["--format", "gcc", "--stdin-path", "w.flow", "-"])
        #expect(code == 0 && out.hasPrefix("w.flow:6:21: warning: request camera never shows"))
        // A pre-commit hook passing an excluded file gets the project's excludes.
        // Nothing left to lint is an error unless the caller says it is expected (a hook does).
        let excluded = run(["--format", "gcc", "--stdin-path", "drafts/w.flow", "-"])
        #expect(excluded.0 == 1 && excluded.1.isEmpty && excluded.2.contains("no .flow file to lint in '-'"))
        let allowed = run(["--format", "gcc", "--allow-empty", "--stdin-path", "drafts/w.flow", "-"])
        #expect(allowed.0 == 0 && allowed.1.isEmpty)
        #expect(run(["-", "-"]).0 == 2)
    }

    // MARK: 5. Reports

    @Test func cleanRunPrintsASummaryOnStderrOnlyAndQuietDropsIt() throws {
        let box = try LintSandbox(["a.flow": LintFlows.clean, "b.flow": LintFlows.clean])
        let r = lint(box, ["a.flow", "b.flow"])
        #expect(r.code == 0 && r.out.isEmpty && r.err == "2 files, 0 errors, 0 warnings\n")
        let sarif = lint(box, ["--format", "sarif", "a.flow"])
        #expect(sarif.out.hasPrefix("{") && sarif.err == "1 file, 0 errors, 0 warnings\n")
        #expect(lint(box, ["--quiet", "a.flow"]).err.isEmpty)
    }

    @Test func flowlintJUnitHasOneTestCasePerFile() throws {
        let box = try LintSandbox([
            "flows/a.flow": LintFlows.error, "flows/b.flow": LintFlows.warning, "flows/ok.flow": LintFlows.clean,
        ])
        let r = lint(box, ["--format", "junit", "."], in: "flows")
        #expect(r.code == 1)
        #expect(
            r.out == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="flowlint" tests="3" failures="1" errors="0">
                  <testsuite name="flowlint" tests="3" failures="1" errors="0" skipped="0">
                    <properties><property name="version" value="\(ToolVersion.current)"/></properties>
                    <testcase classname="flowlint" name="flows/a.flow" file="flows/a.flow">
                      <failure message="1 error, 0 warnings">flows/a.flow:4:17: error: status check on photos does not handle limited [FL1203]
                </failure>
                    </testcase>
                    <testcase classname="flowlint" name="flows/b.flow" file="flows/b.flow">
                      <system-out>flows/b.flow:6:21: warning: request camera never shows the system prompt here: the status is already restricted or denied, so iOS returns it at once [FL1202]
                </system-out>
                    </testcase>
                    <testcase classname="flowlint" name="flows/ok.flow" file="flows/ok.flow"/>
                  </testsuite>
                </testsuites>

                """)
        let strict = lint(box, ["--format", "junit", "--strict", "flows/b.flow"])
        #expect(strict.out.contains("<failure message=\"0 errors, 1 warning\">flows/b.flow:6:21: warning:"))
        // A character XML 1.0 cannot hold is written as its visible escape, so the report says what was there.
        #expect(Markup.attribute("a<b & \"c\"\u{1}") == #"a&lt;b &amp; &quot;c&quot;\u{1}"#)
        // An attribute keeps its line breaks and tabs as references; element text keeps them as they are.
        #expect(Markup.attribute("a\nb\tc'") == "a&#10;b&#9;c&#39;")
        #expect(Markup.text("a\nb\r'\"") == "a\nb&#13;'\"")
    }

    @Test func flowrunTestWritesJUnit() async throws {
        let box = try LintSandbox([
            "camera.flow": FlowrunBinaryTests.cameraFlow,
            "s/granted.scenario":
                "flow ../camera.flow\ntap \"Continue\"\nanswer camera \"Allow\"\nexpect outcome granted\n",
            "s/wrong.scenario": "flow ../camera.flow\nstatus camera = denied\nexpect outcome granted\n",
        ])
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = await FlowrunCommand(reader: FileSystemReader(), environment: [:])
            .run(
                arguments: ["test", "--format", "junit", box.directory + "/s"],
                stdin: ScriptedInput([], isTerminal: false),
                stdout: out, stderr: err)
        #expect(code == 1)
        #expect(
            out.text.hasPrefix(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="flowrun test" tests="2" failures="1" errors="0">
                """))
        #expect(
            out.text.contains(
                "<testcase classname=\"\(box.directory)/s\" name=\"granted\" file=\"\(box.directory)/s/granted.scenario\"/>"
            ))
        #expect(
            out.text.contains(
                "<testcase classname=\"\(box.directory)/s\" name=\"wrong\" file=\"\(box.directory)/s/wrong.scenario\">\n      <failure message=\"expected outcome &#39;granted&#39;"
            ), "\(out.text)")
        #expect(!out.text.contains("PASS") && err.text == "1 passed, 1 failed\n")
    }

    @Test func everyToolPrintsTheSameVersion() async throws {
        let box = try LintSandbox([:])
        let lintVersion = lint(box, ["--version"]).out
        let out = CapturedOutput()
        let err = CapturedOutput()
        _ = await FlowrunCommand(reader: FileSystemReader(), environment: [:])
            .run(arguments: ["--version"], stdin: ScriptedInput([], isTerminal: false), stdout: out, stderr: err)
        #expect(lintVersion == "flowlint \(ToolVersion.current)\n")
        #expect(out.text == "flowrun \(ToolVersion.current)\n")
    }

    // MARK: 6. Order and suggestions

    @Test func aSyntaxErrorComesBeforeTheErrorsItCauses() throws {
        let source = "flow x {\n  uses camera\n  start -> a\n  stat a { -> done granted }\n}\n"
        let box = try LintSandbox(["stat.flow": source])
        let r = lint(box, ["--format", "gcc", "stat.flow"])
        #expect(
            r.out == """
                stat.flow:4:3: error: expected 'state', 'start', 'uses', 'outcomes', 'title' or 'let' in flow 'x', found 'stat' [FL0025]
                stat.flow:4:3: note: did you mean 'state'? (suggested fix-it: replace 4:3-4:7 with "state") [FL0025]
                stat.flow:3:12: error: unknown state 'a' [FL0102]

                """)
        let loaded = Loader(reader: MemoryReader(["stat.flow": source])).load("stat.flow")
        #expect(
            diagnosticLines(loaded.diagnostics) == [
                "4:3-4:7 FL0025 error: expected 'state', 'start', 'uses', 'outcomes', 'title' or 'let' in flow 'x', found 'stat'",
                "3:12-3:13 FL0102 error: unknown state 'a'",
            ])
    }

    @Test func aTransposedNameGetsADidYouMean() throws {
        let box = try LintSandbox([
            "t.flow": "flow x {\n  uses camera\n  start -> prmie\n  state prime { -> done granted }\n}\n"
        ])
        let r = lint(box, ["t.flow"])
        #expect(
            r.out.contains(
                """
                t.flow:3:12: error: unknown state 'prmie' [FL0102]
                    3 |   start -> prmie
                      |            ^~~~~ did you mean 'prime'?
                """), "\(r.out)")
    }

    // MARK: 7. Graph labels and colours

    @Test func graphsNameParametersAndColourBySeverityWithALegend() throws {
        let generic = """
            flow ask(p: permission) {
              start -> check
              state check { status p { granted -> done granted  notDetermined -> request  else -> done denied } }
              state request { request p { granted -> done granted  else -> done denied } }
            }
            flow camera {
              uses camera
              start -> go
              state go { call ask(p: camera) { granted -> done granted  else -> done denied } }
            }
            """
        let box = try LintSandbox(["g.flow": generic, "e.flow": LintFlows.error, "w.flow": LintFlows.warning])
        let dot = lint(box, ["--graph", "dot", "g.flow"]).out
        #expect(dot.contains("[label=\"check\\nstatus p\""), "\(dot)")
        #expect(dot.contains("[label=\"request\\nrequest p\""))
        #expect(!dot.contains("parameter 1"))
        let both = lint(box, ["--graph", "dot", "e.flow", "w.flow"]).out
        #expect(
            both.contains("f0_s0 [label=\"check\\nstatus photos\", style=\"rounded\", color=\"#d00000\", penwidth=3];"),
            "\(both)")
        #expect(
            both.contains(
                "f1_s2 [label=\"ask_again\\nrequest camera\", style=\"rounded\", color=\"#e08000\", penwidth=2];"))
        #expect(
            both.hasSuffix(
                """
                  subgraph cluster_legend {
                    label="legend";
                    style=dotted;
                    legend_unreachable [label="unreachable", style="rounded,dashed", fontcolor=gray40];
                    legend_trap [label="trap (no outcome)", style="rounded,filled", fillcolor="#ffd6d6"];
                    legend_error [label="error", style="rounded", color="#d00000", penwidth=3];
                    legend_warning [label="warning", style="rounded", color="#e08000", penwidth=2];
                    legend_note [label="note", style="rounded", color="#2060c0", penwidth=2];
                    legend_unreachable -> legend_trap -> legend_error -> legend_warning -> legend_note [style=invis];
                  }
                }

                """))
        let mermaid = lint(box, ["--graph", "mermaid", "e.flow", "w.flow"]).out
        #expect(mermaid.contains("  class f0_s0 error\n") && mermaid.contains("  class f1_s2 warning\n"))
    }

    // MARK: 3. Behaviour diff

    func flowrun(_ arguments: [String], in directory: String) async -> (code: Int32, out: String, err: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = await FlowrunCommand(reader: RootedReader(base: directory), environment: [:])
            .run(arguments: arguments, stdin: ScriptedInput([], isTerminal: false), stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    static let photos = """
        flow import_receipt {
          uses photos
          start -> check
          state check { status photos { authorized -> done granted  notDetermined -> ask  denied, restricted -> done denied } }
          state ask { request photos { authorized -> done granted  limited -> done limited  else -> done denied } }
        }
        """

    @Test func diffReportsChangedAppearedAndDisappearedPaths() async throws {
        let fixed = Self.photos.replacingOccurrences(
            of: "denied, restricted -> done denied", with: "limited -> done limited  denied, restricted -> done denied")
        let primed = Self.photos.replacingOccurrences(of: "notDetermined -> ask", with: "notDetermined -> prime")
            .replacingOccurrences(
                of: "  state ask",
                with: "  state prime { alert { title \"Import receipts\"  button \"Continue\" -> ask } }\n  state ask")
        let box = try LintSandbox(["old.flow": Self.photos, "fixed.flow": fixed, "primed.flow": primed])
        let same = await flowrun(["diff", "old.flow", "old.flow"], in: box.directory)
        #expect(same.code == 0 && same.out == "flow import_receipt: same behaviour in old.flow and old.flow\n")
        let changed = await flowrun(["diff", "old.flow", "fixed.flow"], in: box.directory)
        #expect(changed.code == ExitCode.behaviourChanged && ExitCode.behaviourChanged == 7)
        #expect(
            changed.out == """
                flow import_receipt: 1 path changed (old.flow -> fixed.flow)
                ~ [status photos = limited]
                    was: error FL2101: status photos 'limited' matches no arm in state 'check'; add an arm or 'else' via check
                    now: done limited via check

                """)
        let reshaped = await flowrun(["diff", "old.flow", "primed.flow"], in: box.directory)
        #expect(reshaped.code == 7)
        #expect(
            reshaped.out.hasPrefix(
                "flow import_receipt: 3 paths appeared, 3 paths disappeared (old.flow -> primed.flow)\n"),
            "\(reshaped.out)")
        #expect(
            reshaped.out.contains(
                """
                - [status photos = notDetermined; answer photos "Allow Full Access"]
                    done granted via check > ask
                """))
        #expect(
            reshaped.out.contains(
                """
                + [status photos = notDetermined; tap "Continue"; answer photos "Allow Full Access"]
                    done granted via check > prime > ask
                """))
        let markdown = await flowrun(["diff", "--format", "markdown", "old.flow", "fixed.flow"], in: box.directory)
        #expect(
            markdown.out == """
                **flow `import_receipt`**: 1 path changed (`old.flow` → `fixed.flow`)

                | | decisions | before | after |
                |---|---|---|---|
                | changed | status photos = limited | error FL2101: status photos 'limited' matches no arm in state 'check'; add an arm or 'else' via check | done limited via check |

                """)
        let json = try json(
            await flowrun(["diff", "--format", "json", "old.flow", "fixed.flow"], in: box.directory).out)
        #expect(json["changed"] as? Bool == true)
        let first = try #require((json["changes"] as? [[String: Any]])?.first)
        #expect(first["kind"] as? String == "changed" && first["decisions"] as? String == "status photos = limited")
        #expect((first["new"] as? [String: Any])?["ending"] as? String == "done limited")
        let missing = await flowrun(["diff", "old.flow", "none.flow"], in: box.directory)
        #expect(missing.code == 2 && missing.err.contains("cannot read 'none.flow'"))
        #expect(await flowrun(["diff", "old.flow"], in: box.directory).code == 2)
    }

    @Test func diffReadsGitRevisions() throws {
        let box = try LintSandbox(["flows/photos.flow": Self.photos])
        try FileManager.default.removeItem(atPath: box.directory + "/.git")
        let git = "git -c user.email=t@example.com -c user.name=t"
        #expect(
            try ReadmeExampleTests.shell(
                "git init -q . && \(git) add flows && \(git) commit -q -m one", in: URL(fileURLWithPath: box.directory)
            ).code == 0)
        try box.write(
            "flows/photos.flow",
            Self.photos.replacingOccurrences(of: "denied, restricted -> done denied", with: "else -> done denied"))
        let r = try ReadmeExampleTests.shell(
            "flowrun diff HEAD:flows/photos.flow flows/photos.flow", in: URL(fileURLWithPath: box.directory))
        #expect(r.code == 7, "\(r.err)")
        #expect(
            r.out.hasPrefix(
                "flow import_receipt: 1 path changed (HEAD:flows/photos.flow -> flows/photos.flow)\n~ [status photos = limited]\n"
            ))
        let unknown = try ReadmeExampleTests.shell(
            "flowrun diff NOPE:flows/photos.flow flows/photos.flow", in: URL(fileURLWithPath: box.directory))
        #expect(unknown.code == 2 && unknown.err.contains("not at revision NOPE"), "\(unknown.err)")
    }
}

/// Reads paths relative to `base`, as a command run there would.
struct RootedReader: SourceReader {
    var base: String
    func read(_ path: String) -> Result<[UInt8], SourceReadError> {
        FileSystemReader().read(path.hasPrefix("/") ? path : base + "/" + path)
    }
}
