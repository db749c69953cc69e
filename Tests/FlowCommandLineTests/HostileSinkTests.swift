import FlowBuildTool
import FlowCommandLine
import Foundation
import Testing

/// Issue 33, item 4: every sink escapes what came from input. A baseline file, a flow's copy or
/// a configuration is written by whoever opens the pull request, and the tools' output lands in
/// a CI log, where a line starting `::error` is an annotation and an escape sequence drives the
/// terminal; XML reports must be well-formed XML 1.0.
@Suite struct HostileSinkTests {
    static let clean = """
        flow camera {
          uses camera
          start -> ask
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }

        """

    /// A stale baseline entry whose path forges an annotation and whose rule ID sets the
    /// terminal's title.
    static let baseline = #"""
        {"version": 1, "findings": [{"path": "x.flow\n::error file=evil.flow,line=1::INJECTED", "line": 1,
          "ruleId": "FL1301\u001b]0;pwned\u0007", "message": "m\r::warning::again", "lineText": ""}]}
        """#

    @Test(arguments: ["text", "github"])
    func staleBaselineEntriesAreShownEscaped(_ format: String) throws {
        let box = try LintSandbox(["a.flow": Self.clean, "b.json": Self.baseline])
        let run = box.run(["--baseline", "b.json", "--format", format, "a.flow"])
        #expect(run.code == 0)
        let lines = run.err.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.contains(
                #"  x.flow\u{A}::error file=evil.flow,line=1::INJECTED:1: FL1301\u{1B}]0;pwned\u{7} m\u{D}::warning::again"#
            ),
            "\(run.err)")
        #expect(!(run.out + run.err).contains("\u{1B}") && !(run.out + run.err).contains("\r"))
        #expect(
            !(run.out + run.err).split(separator: "\n").contains {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix("::")
            })
    }

    static let steering = """
        flow camera {
          uses camera
          start -> prime
          state prime { alert { title "Camera"  button "Allow\\n::error::INJECTED\\u{FFFE}" -> ask  cancel "Continue later" -> ask } }
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }

        """

    @Test func junitTextHasNoLineACILogReadsAsACommandAndOnlyXMLCharacters() throws {
        let box = try LintSandbox(["::error::x.flow": Self.steering])
        let run = box.run(["--format", "junit", "::error::x.flow"])
        #expect(run.code == 1)
        #expect(
            run.out.contains(
                #"""
                      <failure message="1 error, 0 warnings">\u{3A}:error::x.flow:4:41: error: priming button 'Allow\u{A}::error::INJECTED\u{FFFE}' steers the permission decision in every locale [FL1301]
                </failure>
                """#), "\(run.out)")
        #expect(run.out.contains(#"<testcase classname="flowlint" name="::error::x.flow" file="::error::x.flow">"#))
        #expect(!run.out.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("::") })
        #expect(!run.out.unicodeScalars.contains { $0.value == 0xFFFE })
    }

    @Test func anXLIFFExportOfCopyXMLCannotHoldIsRefusedWhereTheCopyIs() throws {
        let flow = """
            app "Clips"
            flow camera {
              uses camera
              start -> prime
              state prime { alert { title @prime.title  button "Continue" -> ask } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            strings en { prime.title = "Film with {app}" }
            strings pl { prime.title = "\\u{1B}[2J\\u{0}Nagrywaj\\u{C} z {app}" }

            """
        let box = try LintSandbox(["camera.flow": flow])
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = FlowstringsCommand(environment: ["NO_COLOR": "1"], currentDirectory: box.directory)
            .run(
                arguments: ["export", "--format", "xliff", "--locale", "pl", "--catalog", "pl.xliff", "camera.flow"],
                stdout: out, stderr: err)
        #expect(code == 1)
        #expect(
            err.text == #"""
                camera.flow:9:28: error: 'pl' text of 'prime.title' holds U+001B, which XML 1.0 cannot hold; remove it, or export a String Catalog [FL4008]
                    9 | strings pl { prime.title = "\u{1B}[2J\u{0}Nagrywaj\u{C} z {app}" }
                      |                            ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
                flowstrings: 1 text XLIFF cannot hold; nothing was written

                """#)
        #expect(!FileManager.default.fileExists(atPath: box.directory + "/pl.xliff"))
    }

    /// The build plugin passes paths of the package's files, which a pull request names.
    @Test func flowgenShowsPathsEscaped() throws {
        let box = try LintSandbox(["a.flow": Self.clean])
        var err = ""
        let code = FlowgenCommand.run(
            arguments: ["--config", "x\u{1B}]0;pwned\u{7}\n::error::x.flowlint", "a.flow"],
            currentDirectory: box.directory,
            out: { _ in }, err: { err += $0 })
        #expect(code == 2)
        #expect(
            err
                == #"flowgen: error: cannot read configuration 'x\u{1B}]0;pwned\u{7}\u{A}::error::x.flowlint': no such file"#
                + "\n")
    }
}
