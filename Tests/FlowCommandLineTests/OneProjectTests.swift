import FlowArguments
import FlowBuildTool
import FlowLint
import FlowProject
import Foundation
import Testing

@testable import FlowCommandLine

/// Issue 31: the tools find a project's flows one way (`ProjectFiles.collect` and `ExcludeRule`),
/// parse their options with one parser, and flowlint's formats come from one list.
@Suite struct OneProjectTests {
    /// A flow whose only finding is a checker error on line 5 (an unknown state).
    static let broken = """
        flow pick {
          outcomes picked
          start -> s
          state s {
            alert { title "Pick one"  button "Pick" -> pik }
          }
        }

        """

    @Test func flowlintAndFlowgenFindTheSameFilesWithTheSameExcludes() throws {
        let box = try LintSandbox([
            ".flowlint": "exclude = Flows/drafts/\n",
            "Flows/pick.flow": Self.broken,
            "Flows/drafts/draft.flow": Self.broken,
        ])
        // The draft is excluded; pick.flow, named twice, is checked once by both tools.
        let lint = box.run(["--format", "gcc", "-q", "Flows", "Flows/pick.flow"])
        #expect(lint.code == 1)
        #expect(lint.out == "Flows/pick.flow:5:48: error: unknown state 'pik' [FL0102]\n")
        var err = ""
        let code = FlowgenCommand.run(
            arguments: ["Flows", "Flows/pick.flow"], currentDirectory: box.directory, out: { _ in },
            err: { err += $0 })
        #expect(code == 1)
        #expect(err == "\(box.directory)/Flows/pick.flow:5:48: error: unknown state 'pik' [FL0102]\n")
    }

    @Test func theExcludeRuleIsRelativeToTheConfigurationFile() throws {
        let root = ProjectRoot.discover(inputs: [], currentDirectory: "/p/app", override: "/p")
        var configuration = LintConfiguration()
        configuration.excluded = ["drafts/"]
        let rule = ExcludeRule(root: root, configuration: configuration, configurationPath: "/p/app/.flowlint")
        #expect(rule.base == "/p/app")
        #expect(rule.excludes("drafts/a.flow"))  // typed from /p/app
        #expect(rule.excludes("/p/app/drafts/b.flow"))
        #expect(!rule.excludes("../drafted/c.flow"))
        #expect(!rule.excludes("flows/a.flow"))
    }

    @Test func standardInputIsExcludedAndDeduplicatedLikeAFileWhenNamed() throws {
        let box = try LintSandbox(["Flows/pick.flow": Self.broken])
        let root = ProjectRoot.discover(inputs: ["Flows"], currentDirectory: box.directory)
        var configuration = LintConfiguration()
        configuration.excluded = ["Flows/stdin.flow"]
        let rule = ExcludeRule(root: root, configuration: configuration, configurationPath: nil)
        #expect(try ProjectFiles.collect(["-", "Flows"], excluding: rule) == ["-", "Flows/pick.flow"])
        #expect(
            try ProjectFiles.collect(["-", "Flows"], excluding: rule, standardInputName: "Flows/pick.flow")
                == ["Flows/pick.flow"])
        #expect(
            try ProjectFiles.collect(["-", "Flows"], excluding: rule, standardInputName: "Flows/stdin.flow")
                == ["Flows/pick.flow"])
    }

    @Test func flowgenParsesWithTheSharedParser() throws {
        let box = try LintSandbox(["Flows/pick.flow": Self.broken])
        func run(_ arguments: [String]) -> (Int32, String, String) {
            var out = ""
            var err = ""
            let code = FlowgenCommand.run(
                arguments: arguments, currentDirectory: box.directory, out: { out += $0 }, err: { err += $0 })
            return (code, out, err)
        }
        let typo = run(["--outptu", "x.swift", "Flows"])
        #expect(typo.0 == 2)
        #expect(
            typo.2.hasPrefix("flowgen: error: unknown option '--outptu'; did you mean '--output'?\nusage: flowgen "))
        let missing = run(["--output"])
        #expect(missing.0 == 2)
        #expect(missing.2.hasPrefix("flowgen: error: missing value for '--output"))
        let help = run(["--help"])
        #expect(help.0 == 0)
        for option in ["--output", "--root", "--config", "--xcode-target", "--access-level", "--module", "--version"] {
            #expect(help.1.contains(option), "flowgen --help lists \(option)")
        }
        let inline = run(["--access-level=public", "Flows"])
        #expect(inline.0 == 1)  // the broken flow, not a usage error: '--name=value' is understood
    }

    @Test func everyFormatIsInTheHelpTheHintAndTheRenderer() throws {
        let box = try LintSandbox(["Flows/pick.flow": Self.broken])
        let help = box.run(["--help"]).out
        let unknown = box.run(["--format", "xml", "Flows"])
        #expect(unknown.code == 2)
        for format in LintOutputFormat.allCases {
            #expect(help.contains(format.rawValue), "--help names \(format.rawValue)")
            #expect(unknown.err.contains(format.rawValue), "the unknown-format message names \(format.rawValue)")
            let run = box.run(["--format", format.rawValue, "-q", "Flows"])
            #expect(run.code == 1, "--format \(format.rawValue) reports the error")
            #expect(run.out.contains("pik"), "--format \(format.rawValue) prints the finding")
        }
        #expect(
            unknown.err.hasPrefix(
                "flowlint: error: unknown format 'xml' (expected text, gcc, json, sarif, github or junit)\n"))
    }
}
