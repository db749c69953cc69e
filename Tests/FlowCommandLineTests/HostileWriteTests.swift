import FlowCommandLine
import Foundation
import Testing

/// Issue 33, item 1 (the write half): the files `flowfmt -i`, `flowlint --fix` and `flowstrings
/// import` rewrite keep their mode, a file nobody may write is refused, and an import over
/// several files checks them all before it writes the first.
@Suite struct HostileWriteTests {
    static let unformatted =
        "flow camera {\nuses camera\n  start -> ask\n  state ask { request camera { authorized -> done granted  else -> done denied } }\n}\n"

    func mode(_ box: LintSandbox, _ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: box.directory + "/" + path)[.posixPermissions] as? Int) ?? -1
    }

    func setMode(_ box: LintSandbox, _ path: String, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: box.directory + "/" + path)
    }

    func read(_ box: LintSandbox, _ path: String) throws -> String {
        try String(contentsOfFile: box.directory + "/" + path, encoding: .utf8)
    }

    func fmt(_ box: LintSandbox, _ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = FlowfmtCommand(environment: [:], currentDirectory: box.directory, readStandardInput: { [] })
            .run(arguments: arguments, stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    @Test(arguments: [0o600, 0o640, 0o750])
    func flowfmtInPlaceKeepsTheMode(_ original: Int) throws {
        let box = try LintSandbox(["a.flow": Self.unformatted])
        try setMode(box, "a.flow", original)
        let run = fmt(box, ["-i", "a.flow"])
        #expect(run.code == 0, "\(run.err)")
        #expect(try read(box, "a.flow").contains("\n  uses camera\n"))
        #expect(try mode(box, "a.flow") == original)
    }

    @Test func flowfmtInPlaceRefusesAReadOnlyFile() throws {
        let box = try LintSandbox(["a.flow": Self.unformatted])
        try setMode(box, "a.flow", 0o444)
        let run = fmt(box, ["-i", "a.flow"])
        #expect(run.code == 2)
        #expect(
            run.err == "flowfmt: error: cannot write 'a.flow': it is read-only (mode 0444); make it writable first\n")
        #expect(try read(box, "a.flow") == Self.unformatted)
        #expect(try mode(box, "a.flow") == 0o444)
    }

    @Test func flowlintFixKeepsTheModeAndRefusesAReadOnlyFile() throws {
        let broken =
            "flow camera {\n  start -> ask\n  state ask { request camera { authorized -> done granted  else -> done denied } }\n}\n"
        let box = try LintSandbox(["a.flow": broken, "b.flow": broken])
        try setMode(box, "a.flow", 0o600)
        try setMode(box, "b.flow", 0o444)
        let run = box.run(["--fix", "a.flow", "b.flow"])
        #expect(run.code == 2)
        #expect(
            run.err.contains(
                "flowlint: error: cannot write 'b.flow': it is read-only (mode 0444); make it writable first\n"),
            "\(run.err)")
        #expect(try read(box, "a.flow").contains("uses camera"))
        #expect(try mode(box, "a.flow") == 0o600)
        #expect(try read(box, "b.flow") == broken)
    }

    @Test func anImportOverSeveralFilesWritesNoneWhenOneIsReadOnly() throws {
        let flow = { (name: String) in
            "app \"Clips\"\nflow \(name) {\n  uses camera\n  start -> p\n  state p { alert { title @t  button \"Continue\" -> ask } }\n  state ask { request camera { authorized -> done granted  else -> done denied } }\n}\nstrings en { t = \"Film with {app}\" }\nstrings pl { t = \"Nagrywaj z {app}\" }\n"
        }
        let box = try LintSandbox(["a.flow": flow("a"), "b.flow": flow("b")])
        let export = CapturedOutput()
        let err = CapturedOutput()
        let command = FlowstringsCommand(environment: ["NO_COLOR": "1"], currentDirectory: box.directory)
        #expect(
            command.run(arguments: ["export", "a.flow", "b.flow"], stdout: export, stderr: err) == 0, "\(err.text)")
        try box.write("c.xcstrings", export.text.replacingOccurrences(of: "Nagrywaj z {app}", with: "Kręć z {app}"))
        try setMode(box, "b.flow", 0o444)
        let out = CapturedOutput()
        let importErr = CapturedOutput()
        let code = command.run(
            arguments: ["import", "--catalog", "c.xcstrings", "a.flow", "b.flow"], stdout: out, stderr: importErr)
        #expect(code == 2)
        #expect(
            importErr.text.hasSuffix(
                "flowstrings: error: cannot write 'b.flow': it is read-only (mode 0444); make it writable first; nothing was written\n"
            ), "\(importErr.text)")
        #expect(try read(box, "a.flow") == flow("a"))
        #expect(try read(box, "b.flow") == flow("b"))
    }
}
