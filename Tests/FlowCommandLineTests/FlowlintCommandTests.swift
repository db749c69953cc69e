import FlowLint
import Foundation
import Testing

@testable import FlowCommandLine

/// `flowlint` run in-process against files in a fresh temporary directory, removed again when
/// the sandbox goes away (a test run makes a few hundred of them).
final class LintSandbox {
    let directory: String

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    init(_ files: [String: String]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-\(UUID().uuidString)").path
        // A `.git` marks the project root so configuration discovery stops here.
        try FileManager.default.createDirectory(atPath: directory + "/.git", withIntermediateDirectories: true)
        for (name, text) in files { try write(name, text) }
    }

    func write(_ name: String, _ text: String) throws {
        let path = directory + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = FlowlintCommand(environment: ["NO_COLOR": "1"], currentDirectory: directory)
            .run(arguments: arguments, stdout: out, stderr: err)
        return (code, out.text, err.text)
    }
}

enum LintFlows {
    static let clean = """
        flow camera {
          uses camera
          start -> check
          state check { status camera { authorized -> done granted  notDetermined -> ask  else -> explain } }
          state ask { request camera { authorized -> done granted  else -> done denied } }
          state explain {
            alert { title "Camera is off" message "You can turn it on in Settings"
                    button "Open Settings" -> settings  cancel "Not Now" -> done denied }
          }
          state settings { open settings on return -> check }
        }
        """
    /// FL1203 (error): `limited` is not handled.
    static let error = """
        flow photos {
          uses photos
          start -> check
          state check { status photos { authorized -> done granted  notDetermined -> ask  denied, restricted -> done denied } }
          state ask { request photos { authorized -> done granted  limited -> done limited  else -> done denied } }
        }
        """
    /// FL1202 (warning) only.
    static let warning = """
        flow camera {
          uses camera
          start -> check
          state check { status camera { authorized -> done granted  notDetermined -> ask  else -> ask_again } }
          state ask { request camera { authorized -> done granted  else -> done denied } }
          state ask_again { request camera { authorized -> done granted  else -> done denied } }
        }
        """
    /// FL1101 (warning) on an unreachable state.
    static let unreachable = """
        flow camera {
          uses camera
          start -> ask
          state ask { request camera { authorized -> done granted  else -> done denied } }
          state old { -> ask }
        }
        """
}

@Suite struct FlowlintCommandTests {
    @Test func helpAndVersion() throws {
        let box = try LintSandbox([:])
        let help = box.run(["--help"])
        #expect(help.code == 0)
        #expect(help.out.hasPrefix("usage: flowlint [options] [PATH...]") || help.out.hasPrefix("usage: flowlint"))
        #expect(help.out.contains("--max-warnings"))
        let version = box.run(["--version"])
        #expect(version.code == 0 && version.out == "flowlint \(FlowlintCommand.version)\n")
    }

    @Test func listRulesAndExplain() throws {
        let box = try LintSandbox([:])
        let list = box.run(["--list-rules"])
        #expect(list.code == 0)
        #expect(list.out.split(separator: "\n").count == RuleRegistry.rules.count)
        for rule in RuleRegistry.rules { #expect(list.out.contains(rule.id.rawValue)) }
        let explain = box.run(["--explain", "FL1301"])
        #expect(explain.code == 0 && explain.out.contains("App Review") && explain.out.contains("Does not trigger:"))
        let byName = box.run(["--explain", "trap"])
        #expect(byName.code == 0 && byName.out.hasPrefix("FL1102 trap"))
        let unknown = box.run(["--explain", "FL1310"])
        #expect(unknown.code == 2)
        #expect(unknown.err.hasPrefix("flowlint: error: unknown diagnostic ID or rule 'FL1310'; did you mean 'FL1"))
    }

    @Test func usageAndIOErrorsExitTwoWithAHint() throws {
        let box = try LintSandbox(["a.flow": LintFlows.clean])
        for arguments in [
            ["missing.flow"], [], ["--format", "jsn", "a.flow"], ["--bogus", "a.flow"],
            ["--max-warnings", "x", "a.flow"],
            ["--info-plist", "nope.plist", "a.flow"], ["--graph", "svg", "a.flow"],
        ] {
            let r = box.run(arguments)
            #expect(r.code == 2, "\(arguments)")
            let lines = r.err.split(separator: "\n")
            #expect(lines.first?.hasPrefix("flowlint: error: ") == true, "\(arguments)")
            #expect(lines.contains { $0.hasPrefix("usage: flowlint") }, "\(arguments)")
            #expect(r.out.isEmpty)
        }
        #expect(box.run(["--format", "jsn", "a.flow"]).err.contains("did you mean 'json'?"))
        #expect(box.run(["missing.flow"]).err.contains("no such file or directory 'missing.flow'"))
    }

    @Test func exitCodesFollowSeverityStrictAndMaxWarnings() throws {
        let box = try LintSandbox([
            "clean.flow": LintFlows.clean, "error.flow": LintFlows.error, "warning.flow": LintFlows.warning,
        ])
        let clean = box.run(["clean.flow"])
        #expect(clean.code == 0 && clean.out.isEmpty && clean.err == "1 file, 0 errors, 0 warnings\n")
        #expect(box.run(["error.flow"]).code == 1)
        #expect(box.run(["warning.flow"]).code == 0)
        #expect(box.run(["--strict", "warning.flow"]).code == 1)
        #expect(box.run(["--strict", "clean.flow"]).code == 0)
        let over = box.run(["--max-warnings", "0", "warning.flow"])
        #expect(over.code == 1 && over.err.contains("more than --max-warnings 0"))
        #expect(box.run(["--max-warnings", "1", "warning.flow"]).code == 0)
    }

    @Test func textOutputRendersSnippetAndWitnessSteps() throws {
        let box = try LintSandbox(["error.flow": LintFlows.error])
        let r = box.run(["error.flow"])
        #expect(r.out.hasPrefix("error.flow:4:17: error: status check on photos does not handle limited [FL1203]\n"))
        #expect(r.out.contains("    4 |   state check { status photos"))
        #expect(
            r.out.contains(
                "  witness:\n    1. flow 'photos' starts at 'check' (error.flow:4:9)\n    2. reaches 'check' (error.flow:4:9)\n"
            ))
        #expect(r.err == "1 file, 1 error, 0 warnings\n")
    }

    /// A 62-step witness: text shows steps 1-25 and 38-62 around "… 12 steps …"; JSON and SARIF
    /// keep the same 50 and say what they left out, all 62 with --full-witnesses; SARIF holds
    /// each step once in the run and references it by index.
    @Test func longWitnessesAreAbridgedUnlessAskedForInFull() throws {
        var text = "flow photos {\n  uses photos\n  start -> s0\n"
        for i in 0..<60 { text += "  state s\(i) { -> \(i + 1 < 60 ? "s\(i + 1)" : "check") }\n" }
        text +=
            "  state check { status photos { authorized -> done granted  notDetermined, denied, restricted -> done denied } }\n}\n"
        let box = try LintSandbox(["long.flow": text])
        let out = box.run(["long.flow"]).out
        #expect(
            out.contains(
                "    25. in 's23': goes on → s24 (long.flow:27:15)\n    … 12 steps …\n    38. in 's36': goes on → s37 (long.flow:40:15)\n"
            ))
        #expect(out.contains("    62. reaches 'check' (long.flow:64:9)\n"))
        #expect(!out.contains("37. in"))

        func witness(_ arguments: [String]) throws -> (steps: [[String: Any]], finding: [String: Any]) {
            let root = try #require(
                try JSONSerialization.jsonObject(with: Data(box.run(arguments).out.utf8)) as? [String: Any])
            let finding = try #require(
                (root["findings"] as? [[String: Any]])?.first { $0["ruleId"] as? String == "FL1203" })
            return (try #require(finding["witness"] as? [[String: Any]]), finding)
        }
        let abridged = try witness(["--format", "json", "long.flow"])
        #expect(abridged.steps.count == 50)
        #expect(abridged.finding["witnessSteps"] as? Int == 62 && abridged.finding["witnessOmitted"] as? Int == 12)
        #expect(abridged.steps[25]["message"] as? String == "in 's36': goes on → s37")
        let full = try witness(["--format", "json", "--full-witnesses", "long.flow"])
        #expect(full.steps.count == 62 && full.finding["witnessOmitted"] == nil)

        func threadFlow(_ arguments: [String]) throws -> (flow: [String: Any], shared: [[String: Any]]) {
            let root = try #require(
                try JSONSerialization.jsonObject(with: Data(box.run(arguments).out.utf8)) as? [String: Any])
            let run = try #require((root["runs"] as? [[String: Any]])?.first)
            let result = try #require(
                (run["results"] as? [[String: Any]])?.first { $0["ruleId"] as? String == "FL1203" })
            let codeFlow = try #require((result["codeFlows"] as? [[String: Any]])?.first)
            return (
                try #require((codeFlow["threadFlows"] as? [[String: Any]])?.first),
                try #require(run["threadFlowLocations"] as? [[String: Any]])
            )
        }
        let sarif = try threadFlow(["--format", "sarif", "long.flow"])
        let locations = try #require(sarif.flow["locations"] as? [[String: Any]])
        #expect(locations.count == 50)
        #expect((sarif.flow["properties"] as? [String: Any])?["omittedLocations"] as? Int == 12)
        let indices = locations.compactMap { $0["index"] as? Int }
        #expect(indices.count == 50 && indices.allSatisfy { sarif.shared.indices.contains($0) })
        let fullSarif = try threadFlow(["--format", "sarif", "--full-witnesses", "long.flow"])
        #expect((fullSarif.flow["locations"] as? [[String: Any]])?.count == 62 && fullSarif.flow["properties"] == nil)
    }

    @Test func gccAndGithubFormats() throws {
        let box = try LintSandbox(["error.flow": LintFlows.error])
        #expect(
            box.run(["--format", "gcc", "error.flow"]).out
                == "error.flow:4:17: error: status check on photos does not handle limited [FL1203]\n")
        let github = box.run(["--format", "github", "error.flow"]).out
        #expect(github.hasPrefix("::error file=error.flow,line=4,col=17,endLine=4,endColumn="))
        #expect(
            github.contains(
                ",title=FL1203::status check on photos does not handle limited%0A1. flow 'photos' starts at 'check'"))
        #expect(github.split(separator: "\n").count == 1)
    }

    @Test func jsonIsVersionedAndStructured() throws {
        let box = try LintSandbox(["error.flow": LintFlows.error, "warning.flow": LintFlows.warning])
        let r = box.run(["--format", "json", "error.flow", "warning.flow"])
        #expect(r.code == 1)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(root["version"] as? Int == 1)
        #expect((root["tool"] as? [String: Any])?["name"] as? String == "flowlint")
        #expect(root["files"] as? [String] == ["error.flow", "warning.flow"])
        let summary = try #require(root["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 1 && summary["warnings"] as? Int == 1)
        let findings = try #require(root["findings"] as? [[String: Any]])
        #expect(findings.map { $0["ruleId"] as? String } == ["FL1203", "FL1202"])
        let first = findings[0]
        #expect(first["severity"] as? String == "error")
        #expect(first["path"] as? String == "error.flow")
        #expect(first["line"] as? Int == 4 && first["column"] as? Int == 17)
        #expect(first["rule"] as? String == "unhandled-status")
        let witness = try #require(first["witness"] as? [[String: Any]])
        #expect(witness.count == 2 && witness[0]["line"] as? Int == 4)
        #expect((first["notes"] as? [[String: Any]])?.isEmpty == false)
    }

    @Test func sarifHasRulesLocationsCodeFlowsAndFingerprints() throws {
        let box = try LintSandbox(["flows/warning.flow": LintFlows.warning])
        let r = box.run(["--format", "sarif", "flows"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        #expect((root["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let runs = try #require(root["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "flowlint")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == RuleRegistry.rules.count)
        #expect(
            rules.allSatisfy {
                ($0["shortDescription"] as? [String: Any])?["text"] is String && $0["defaultConfiguration"] != nil
            })
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 1)
        let result = results[0]
        #expect(result["ruleId"] as? String == "FL1202")
        let index = try #require(result["ruleIndex"] as? Int)
        #expect(rules[index]["id"] as? String == "FL1202")
        #expect(result["level"] as? String == "warning")
        let location = try #require(
            ((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "flows/warning.flow")
        #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 6)
        let flows = try #require(result["codeFlows"] as? [[String: Any]])
        let steps = try #require(
            ((flows.first?["threadFlows"] as? [[String: Any]])?.first)?["locations"] as? [[String: Any]])
        #expect(steps.count == 3)
        // Steps reference the run's threadFlowLocations by index.
        let shared = try #require(runs[0]["threadFlowLocations"] as? [[String: Any]])
        let second = try #require(steps[1]["index"] as? Int)
        #expect(
            ((shared[second]["location"] as? [String: Any])?["message"] as? [String: Any])?["text"] as? String
                == "in 'check': status camera = restricted or denied (else) → ask_again")
        let fingerprint = try #require((result["partialFingerprints"] as? [String: Any])?.values.first as? String)
        #expect(fingerprint.count == 16)
        // Stable across runs.
        #expect(box.run(["--format", "sarif", "flows"]).out == r.out)
    }

    @Test func directoriesAreSearchedRecursivelyInStableOrder() throws {
        let box = try LintSandbox([
            "d/b.flow": LintFlows.warning, "d/a/c.flow": LintFlows.error, "d/a/notes.txt": "x",
            "d/z.flow": LintFlows.clean,
        ])
        let r = box.run(["--format", "gcc", "d"])
        let paths = r.out.split(separator: "\n").map { $0.split(separator: ":")[0] }
        #expect(paths == ["d/a/c.flow", "d/b.flow"])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(box.run(["--format", "json", "d/"]).out.utf8)) as? [String: Any]
        )
        #expect(json["files"] as? [String] == ["d/a/c.flow", "d/b.flow", "d/z.flow"])
    }

    @Test func configurationSetsSeveritiesAndSkipsPaths() throws {
        let box = try LintSandbox(["w.flow": LintFlows.warning, "drafts/e.flow": LintFlows.error])
        #expect(box.run(["."]).code == 1)
        try box.write(".flowlint", "# team settings\nFL1202 = error\nexclude = drafts/\n")
        let r = box.run(["--format", "gcc", "."])
        #expect(r.code == 1)
        #expect(
            r.out
                == "w.flow:6:21: error: request camera never shows the system prompt here: the status is already restricted or denied, so iOS returns it at once [FL1202]\n"
        )
        try box.write("team.json", #"{ "rules": { "prompt-never-shown": "off" }, "exclude": ["drafts/"] }"#)
        let off = box.run(["--config", "team.json", "."])
        #expect(off.code == 0 && off.out.isEmpty)
        try box.write("bad.json", #"{ "rules": { "FL1220": "off" } }"#)
        let bad = box.run(["--config", "bad.json", "."])
        #expect(bad.code == 2 && bad.err.contains("unknown rule 'FL1220'"))
    }

    @Test func inlineSuppressionNeedsAReasonAndAKnownRule() throws {
        let suppressed = LintFlows.unreachable.replacingOccurrences(
            of: "  state old", with: "  // flowlint:disable FL1101 -- kept for the experiment\n  state old")
        let noReason = LintFlows.unreachable.replacingOccurrences(
            of: "  state old", with: "  state old { -> ask } // flowlint:disable FL1101\n  state older")
        let unknown = LintFlows.unreachable.replacingOccurrences(
            of: "  state old", with: "  // flowlint:disable FL1110 -- typo\n  state old")
        let box = try LintSandbox([
            "plain.flow": LintFlows.unreachable, "s.flow": suppressed, "n.flow": noReason, "u.flow": unknown,
        ])
        #expect(box.run(["--format", "gcc", "plain.flow"]).out.contains("[FL1101]"))
        let s = box.run(["--strict", "s.flow"])
        #expect(s.code == 0 && s.out.isEmpty)
        let n = box.run(["--format", "gcc", "n.flow"]).out
        #expect(n.contains("flowlint:disable needs a reason after '--' [FL1001]"))
        #expect(!n.contains("state 'old' is never reached"))
        let u = box.run(["--format", "gcc", "u.flow"]).out
        #expect(u.contains("unknown rule 'FL1110' in flowlint:disable [FL1002]") && u.contains("[FL1101]"))
    }

    @Test func infoPlistInXMLAndBinary() throws {
        let flow = """
            flow camera {
              uses camera
              start -> ask
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """
        let box = try LintSandbox(["c.flow": flow])
        let missing: [String: Any] = ["CFBundleName": "Receipts", "NSPhotoLibraryUsageDescription": "Attach receipts."]
        let present: [String: Any] = ["NSCameraUsageDescription": "Scan receipts with the camera."]
        for (name, format) in [("xml", PropertyListSerialization.PropertyListFormat.xml), ("bin", .binary)] {
            let a = try PropertyListSerialization.data(fromPropertyList: missing, format: format, options: 0)
            let b = try PropertyListSerialization.data(fromPropertyList: present, format: format, options: 0)
            try a.write(to: URL(fileURLWithPath: box.directory + "/missing-\(name).plist"))
            try b.write(to: URL(fileURLWithPath: box.directory + "/present-\(name).plist"))
            let r = box.run(["--format", "gcc", "--info-plist", "missing-\(name).plist", "c.flow"])
            #expect(r.code == 1, "\(name)")
            #expect(
                r.out.contains("request camera needs 'NSCameraUsageDescription' in missing-\(name).plist"), "\(name)")
            let ok = box.run(["--info-plist", "present-\(name).plist", "c.flow"])
            #expect(ok.code == 0 && ok.out.isEmpty, "\(name)")
        }
        try box.write("broken.plist", "not a plist")
        #expect(box.run(["--info-plist", "broken.plist", "c.flow"]).code == 2)
    }

    @Test func graphsAreDeterministicAndHighlightFindings() throws {
        let box = try LintSandbox(["u.flow": LintFlows.unreachable])
        let mermaid = box.run(["--graph", "mermaid", "u.flow"])
        #expect(mermaid.out.hasPrefix("flowchart TD\n"))
        #expect(mermaid.out.contains("  class f0_s1 unreachable\n"))
        #expect(mermaid.out.contains("  class f0_s1 warning\n"))
        #expect(mermaid.out.contains("f0_s0 -->|\"authorized\"| f0_o0"))
        #expect(box.run(["--graph", "mermaid", "u.flow"]).out == mermaid.out)
        let dot = box.run(["--graph", "dot", "u.flow"])
        #expect(dot.out.hasPrefix("digraph flowlint {"))
        #expect(dot.out.contains("f0_s1 [label=\"old\", style=\"rounded,dashed\""))
        #expect(dot.out.contains("f0_s0 -> f0_o1 [label=\"else\"];"))
        #expect(dot.err.contains("[FL1101]"))
    }

    @Test func syntaxAndCheckErrorsAreFindingsToo() throws {
        let box = try LintSandbox(["broken.flow": "flow camera {\n  uses camera\n  start -> nowhere\n}\n"])
        let r = box.run(["--format", "gcc", "broken.flow"])
        #expect(r.code == 1)
        #expect(r.out.hasPrefix("broken.flow:3:"))
        #expect(r.out.contains("[FL0"))
    }

    @Test func manyFilesInParallelGiveTheSameOutputEveryTime() throws {
        var files: [String: String] = [:]
        for i in 0..<40 { files["many/f\(i).flow"] = i % 2 == 0 ? LintFlows.warning : LintFlows.error }
        let box = try LintSandbox(files)
        let first = box.run(["--format", "gcc", "many"])
        #expect(first.out.split(separator: "\n").count == 40)
        for _ in 0..<3 { #expect(box.run(["--format", "gcc", "many"]).out == first.out) }
        // Sorted by path as a string: f0, f1, f10, f11, ...
        let paths = first.out.split(separator: "\n").map { String($0.split(separator: ":")[0]) }
        #expect(paths == paths.sorted())
    }
}
