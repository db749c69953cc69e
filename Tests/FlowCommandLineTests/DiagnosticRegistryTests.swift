import FlowBuildTool
import FlowCodegen
import FlowLint
import FlowModel
import FlowRuntime
import FlowStrings
import FlowSyntax
import Foundation
import Testing

@testable import FlowCommandLine
@testable import FlowProject

/// One documented ID's example, run as its command in a fresh directory.
struct ExampleRun {
    var code: Int32
    var output: String

    /// Runs `example.command` (`flowlint ...`, `flowrun ...`, `flowgen ...` or `flowstrings ...`) in-process against its files.
    static func run(_ example: DiagnosticExample) async throws -> ExampleRun {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("example-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: directory + "/.git", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for file in example.files {
            let path = directory + "/" + file.path
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
        }
        let words = example.command.split(separator: " ").map(String.init)
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code: Int32
        switch words.first {
        case "flowlint":
            code = FlowlintCommand(environment: ["NO_COLOR": "1"], currentDirectory: directory)
                .run(arguments: Array(words.dropFirst()), stdout: out, stderr: err)
        case "flowrun":
            // flowrun reads relative to the process's directory: name the example's files absolutely.
            let arguments = words.dropFirst().map { w in
                example.files.contains { $0.path == w } ? directory + "/" + w : w
            }
            code = await FlowrunCommand(reader: FileSystemReader(), environment: ["NO_COLOR": "1"])
                .run(arguments: Array(arguments), stdin: ScriptedInput([], isTerminal: false), stdout: out, stderr: err)
        case "flowgen":
            code = FlowgenCommand.run(
                arguments: Array(words.dropFirst()), currentDirectory: directory,
                out: { out.write($0) }, err: { err.write($0) })
        case "flowstrings":
            code = FlowstringsCommand(environment: ["NO_COLOR": "1"], currentDirectory: directory)
                .run(arguments: Array(words.dropFirst()), stdout: out, stderr: err)
        default:
            throw ExampleError(command: example.command)
        }
        return ExampleRun(code: code, output: out.text + err.text)
    }

    struct ExampleError: Error { var command: String }

    /// Output lines that report `id` (`path:line:col: severity: message [ID]`, possibly indented).
    func lines(reporting id: DiagnosticID) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.hasSuffix("[\(id)]") }
    }
}

@Suite struct DiagnosticRegistryTests {
    /// IDs whose examples are Swift code in an app (no command shows them); each is tested
    /// against the interpreter by the test named here.
    static let appOnly: [DiagnosticID: String] = [
        .deviceError: "InterpreterTests.unknownButtonLabelEndsWithADeviceErrorNamingStateAndButtons",
        .badCheckpoint: "InterpreterTests.checkpointThatDoesNotFitIsReported",
        .kindNotLinked: "LinkedModulesTests.useOfAnUnlinkedKindIsAnErrorAtItsName",
    ]

    /// Every entry whose examples run as commands (lint rules: DocExampleTests, FlowLintTests).
    static let runnable = DiagnosticRegistry.all.entries.filter { $0.id.phase != .lint && appOnly[$0.id] == nil }.map(
        \.id)

    @Test(arguments: runnable)
    func triggeringExampleReportsTheIDAtItsMarker(id: DiagnosticID) async throws {
        let entry = try #require(DiagnosticRegistry.all[id])
        let run = try await ExampleRun.run(entry.triggering)
        let reported = run.lines(reporting: id)
        let marked = entry.triggering.files.compactMap { f -> String? in
            let text = MarkedText(f.text)
            return text.location(of: "1️⃣").map { "\(f.path):\($0.line):\($0.column): \(entry.defaultSeverity): " }
        }
        if let place = marked.first {
            #expect(reported.contains { $0.contains(place) }, "\(id): expected at \(place); output:\n\(run.output)")
        } else {
            #expect(reported.contains { $0.contains(": \(entry.defaultSeverity): ") }, "\(id): output:\n\(run.output)")
        }
        #expect(marked.count <= 1, "\(id): one marker per example")
    }

    @Test(arguments: runnable)
    func cleanExampleDoesNotReportTheID(id: DiagnosticID) async throws {
        let entry = try #require(DiagnosticRegistry.all[id])
        #expect(
            entry.clean.files.map(\.text) != entry.triggering.files.map(\.text)
                || entry.clean.command != entry.triggering.command,
            "\(id): the fix changed nothing")
        let run = try await ExampleRun.run(entry.clean)
        #expect(run.lines(reporting: id) == [], "\(id): output:\n\(run.output)")
    }

    /// Every `"FLnnnn"` string in the sources (an ID declared or used anywhere) has an entry, so
    /// `--explain` answers for it and SARIF can describe it.
    @Test func everyIDInTheSourcesHasARegistryEntry() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        var found: [DiagnosticID: String] = [:]
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                let bytes = Array(line.utf8)
                var i = 0
                while i + 8 <= bytes.count {
                    if bytes[i] == UInt8(ascii: "\""), bytes[i + 1] == UInt8(ascii: "F"),
                        bytes[i + 2] == UInt8(ascii: "L"),
                        bytes[(i + 3)..<(i + 7)].allSatisfy({ $0 >= 48 && $0 <= 57 }),
                        bytes[i + 7] == UInt8(ascii: "\"")
                    {
                        found[DiagnosticID(rawValue: String(decoding: bytes[(i + 1)..<(i + 7)], as: UTF8.self))] = file
                        i += 8
                    } else {
                        i += 1
                    }
                }
            }
        }
        #expect(found.count >= 120, "the scan found only \(found.count) IDs")
        let missing = found.keys.filter { DiagnosticRegistry.all[$0] == nil }.sorted().map { "\($0) (\(found[$0]!))" }
        #expect(missing == [])
        // And the reverse: no entry documents an ID nothing declares.
        #expect(DiagnosticRegistry.all.entries.map(\.id).filter { found[$0] == nil } == [])
    }

    @Test func entriesAreWellFormed() {
        var names = Set<String>()
        for e in DiagnosticRegistry.all.entries {
            #expect(e.id.phase != nil, "\(e.id)")
            #expect(names.insert(e.name).inserted, "duplicate name \(e.name)")
            #expect(e.name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(e.name)")
            #expect(!e.summary.isEmpty && !e.summary.hasSuffix("."), "\(e.id) summary")
            #expect(e.explanation.count > 30, "\(e.id) explanation")
        }
        #expect(
            DiagnosticRegistry.all.entries.count == DiagnosticRegistry.syntax.entries.count
                + DiagnosticRegistry.check.entries.count
                + RuleRegistry.rules.count + DiagnosticRegistry.runtime.entries.count
                + DiagnosticRegistry.codegen.entries.count
                + DiagnosticRegistry.strings.entries.count)
    }

    @Test(arguments: DiagnosticRegistry.all.entries.map(\.id))
    func explainAnswersForEveryID(id: DiagnosticID) throws {
        let entry = try #require(DiagnosticRegistry.all[id])
        let sandbox = try LintSandbox([:])
        let r = sandbox.run(["--explain", id.rawValue.lowercased()])
        #expect(r.code == 0)
        #expect(r.out.hasPrefix("\(id) \(entry.name) (default: \(entry.defaultSeverity); "))
        #expect(r.out.contains(entry.summary))
        #expect(r.out.contains("Triggers:") && r.out.contains("Does not trigger:"))
        #expect(!r.out.contains("1️⃣"), "markers are not shown")
        #expect(sandbox.run(["--explain", entry.name]).out == r.out)
    }

    @Test func explainRendersTheExampleFilesAndCommand() throws {
        let r = try LintSandbox([:]).run(["--explain", "FL0102"])
        #expect(
            r.out == """
                FL0102 unknown-state (default: error; not configurable)
                a transition to a state the flow does not declare

                `-> name` goes to a state of the same flow; an outcome is written `-> done name`. A misspelt state
                gets a "did you mean" fix-it; a name that is an outcome gets `done name`.

                Triggers:

                    $ flowlint main.flow

                    // main.flow
                    flow f {
                      uses camera
                      start -> s
                      state s { -> prme }
                      state prime { -> done granted }
                    }

                Does not trigger:

                    $ flowlint main.flow

                    // main.flow
                    flow f {
                      uses camera
                      start -> s
                      state s { -> prime }
                      state prime { -> done granted }
                    }

                """)
    }

    @Test func explainOfAnUnknownIDSuggestsAnID() throws {
        let r = try LintSandbox([:]).run(["--explain", "FL0199"])
        #expect(r.code == 2)
        #expect(r.err.hasPrefix("flowlint: error: unknown diagnostic ID or rule 'FL0199'; did you mean 'FL0109'?"))
        let byName = try LintSandbox([:]).run(["--explain", "unknown-stat"])
        #expect(
            byName.err.hasPrefix(
                "flowlint: error: unknown diagnostic ID or rule 'unknown-stat'; did you mean 'unknown-state'?"))
    }

    @Test func listRulesAllGroupsEveryIDByPhase() throws {
        let sandbox = try LintSandbox([:])
        let lint = sandbox.run(["--list-rules"])
        #expect(lint.out.split(separator: "\n").count == RuleRegistry.rules.count)
        #expect(!lint.out.contains("FL0102"))
        let all = sandbox.run(["--list-rules", "--all"])
        #expect(all.code == 0)
        let lines = all.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for e in DiagnosticRegistry.all.entries {
            #expect(
                lines.contains {
                    $0.hasPrefix(
                        "\(e.id)  \(e.defaultSeverity.description.padding(toLength: 7, withPad: " ", startingAt: 0))  \(e.name) "
                    ) && $0.hasSuffix(e.summary)
                },
                "\(e.id)")
        }
        let headers = lines.filter { $0.hasSuffix(":") }
        #expect(
            headers == [
                "syntax (FL00xx):", "names and checking (FL01xx):", "lint rules (FL1xxx):", "scenario files (FL20xx):",
                "running flows (FL21xx):",
                "Swift generation (FL30xx):", "String Catalogs and XLIFF (FL40xx):",
            ])
        // Each ID sits under its phase's header.
        let fl0102 = try #require(lines.firstIndex { $0.hasPrefix("FL0102 ") })
        let fl2101 = try #require(lines.firstIndex { $0.hasPrefix("FL2101 ") })
        #expect(
            lines.firstIndex(of: "names and checking (FL01xx):")! < fl0102
                && fl0102 < lines.firstIndex(of: "lint rules (FL1xxx):")!)
        #expect(lines.firstIndex(of: "running flows (FL21xx):")! < fl2101)
        #expect(sandbox.run(["--all"]).code == 2)
    }

    /// SARIF's `tool.driver.rules` holds every lint rule and every other ID the run reports,
    /// and each result's `ruleIndex` points at its own rule.
    @Test func sarifDescribesEveryReportedID() async throws {
        var files: [String: String] = [:]
        var expected = Set<DiagnosticID>()
        for e in DiagnosticRegistry.flowlint.entries
        where e.id.phase != .lint && e.triggering.command == "flowlint main.flow" {
            guard e.triggering.files.count == 1, !e.triggering.files[0].text.contains("⟨") else { continue }
            files["\(e.id).flow"] = MarkedText(e.triggering.files[0].text).text
            expected.insert(e.id)
        }
        #expect(expected.count > 60)
        let sandbox = try LintSandbox(files)
        let r = sandbox.run(["--format", "sarif", "."])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        let results = try #require(run["results"] as? [[String: Any]])
        var reported = Set<String>()
        for result in results {
            let id = try #require(result["ruleId"] as? String)
            reported.insert(id)
            let index = try #require(result["ruleIndex"] as? Int, "\(id) has no ruleIndex")
            #expect(ruleIDs[index] == id)
        }
        #expect(
            expected.map(\.rawValue).filter { !reported.contains($0) }.sorted() == [], "every example reports its ID")
        #expect(Set(ruleIDs) == Set(RuleRegistry.rules.map(\.id.rawValue)).union(reported))
        #expect(ruleIDs == ruleIDs.sorted())
        let fl0102 = try #require(rules.first { $0["id"] as? String == "FL0102" })
        #expect(fl0102["name"] as? String == "unknown-state")
        #expect(
            (fl0102["shortDescription"] as? [String: Any])?["text"] as? String
                == "a transition to a state the flow does not declare")
        #expect((fl0102["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
    }

    @Test func appOnlyIDsAreDocumentedAsSwift() throws {
        for (id, _) in Self.appOnly {
            let entry = try #require(DiagnosticRegistry.all[id])
            #expect(entry.triggering.command.hasPrefix("swift run"))
            #expect(entry.triggering.files[0].path.hasSuffix(".swift"))
        }
    }

    // MARK: Configuring severities

    /// A flow with one FL0138 (an alert without text) and otherwise clean.
    static let untitledAlert = """
        flow f {
          start -> s
          state s { alert { button "OK" -> done granted } }
        }

        """

    func configured(_ config: String, _ files: [String: String] = ["f.flow": untitledAlert]) throws -> (
        code: Int32, out: String, err: String
    ) {
        let box = try LintSandbox(files.merging([".flowlint": config]) { a, _ in a })
        return box.run(["--format", "gcc", "--quiet", "f.flow"])
    }

    @Test func checkerWarningsTakeAnySeverity() throws {
        // FL1401 (empty copy) says the same for the rules; it is off here to see FL0138 alone.
        #expect(
            try configured("FL1401 = off\n") == (
                0, "f.flow:3:13: warning: alert has neither a title nor a message [FL0138]\n", ""
            ))
        #expect(
            try configured("FL1401 = off\nFL0138 = error\n") == (
                1, "f.flow:3:13: error: alert has neither a title nor a message [FL0138]\n", ""
            ))
        #expect(try configured("FL1401 = off\nalert-without-text = off\n") == (0, "", ""))
    }

    @Test func errorsThatStopTheFlowFromLoadingCannotBeChanged() throws {
        let off = try configured("FL0102 = off\n")
        #expect(off.code == 2)
        #expect(
            off.err.contains(
                "flowlint: error: .flowlint:1: the severity of FL0102 (unknown-state) cannot be changed: the flow does not load with this error, so it can be neither linted nor run\n"
            ))
        let syntax = try configured("# syntax\nexpected-token = warning\n")
        #expect(
            syntax.err.contains(
                "flowlint: error: .flowlint:2: the severity of FL0020 (expected-token) cannot be changed: it is a syntax error: the file does not parse, so it can be neither linted nor run\n"
            ))
        let crash = try configured("FL0137 = note\n")
        #expect(
            crash.err.contains(
                "flowlint: error: .flowlint:1: the severity of FL0137 (multiple-cancel-buttons) cannot be changed: UIAlertController raises an exception for a second cancel action: the app would crash\n"
            ))
        // Restating the default is allowed.
        #expect(try configured("FL0102 = error\n").code == 0)
    }

    @Test func aCrashOnIOSCanBeLoweredButNotTurnedOff() throws {
        let off = try configured("FL1501 = off\n")
        #expect(off.code == 2)
        #expect(
            off.err.contains(
                "flowlint: error: .flowlint:1: FL1501 (missing-usage-description) cannot be turned off: without the key iOS terminates the app at the request (camera, microphone, photos, contacts) or refuses the request without a prompt (location); set it to 'warning' to report it without failing\n"
            ))
        let files = [
            "f.flow":
                "flow f {\n  uses camera\n  start -> s\n  state s { request camera { authorized -> done granted  else -> done denied } }\n}\n",
            "Info.plist":
                #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSPhotoLibraryUsageDescription</key><string>Attach receipts.</string></dict></plist>"#,
            ".flowlint": "missing-usage-description = warning\n",
        ]
        let box = try LintSandbox(files)
        let r = box.run(["--format", "gcc", "--info-plist", "Info.plist", "f.flow"])
        #expect(r.code == 0)
        #expect(
            r.out
                == "f.flow:4:13: warning: request camera needs 'NSCameraUsageDescription' in Info.plist: without it iOS terminates the app at the request [FL1501]\n"
        )
    }

    @Test func flowrunIDsAreNamedAsFlowrunsNotUnknown() throws {
        let box = try LintSandbox([
            "f.flow": Self.untitledAlert, "team.json": #"{ "rules": { "unmatched-status": "off" } }"#,
        ])
        let json = box.run(["--config", "team.json", "f.flow"])
        #expect(json.code == 2)
        #expect(
            json.err.hasPrefix(
                "flowlint: error: team.json:1:34: the severity of FL2101 (unmatched-status) cannot be changed: it is reported by flowrun, not by flowlint, so a flowlint configuration does not apply\n"
            ))
        let typo = try configured("FL0199 = off\n")
        #expect(typo.err.contains("flowlint: error: .flowlint:1: unknown rule 'FL0199'; did you mean 'FL0109'?\n"))
    }
}
