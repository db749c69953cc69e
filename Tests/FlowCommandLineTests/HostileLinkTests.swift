import Foundation
import Testing

@testable import FlowCommandLine

/// Issue 33, item 1: no tool reads or writes outside the project root through a symbolic link,
/// a linked directory included (the root check on the path's text let `flows/linkdir/x.flow`
/// reach a directory elsewhere).
@Suite struct HostileLinkTests {
    static let fixable =
        "flow f {\n  uses camera\n  start -> a\n  state a { status microphone { else -> done granted } }\n}\n"
    static let secret = "flow secret {\n  start -> done granted\n}\n# SECRET CONTENT\n"

    /// A sandbox with `outside/` beside it, linked from inside as `flows/linkdir` and `flows/link.flow`.
    func sandbox() throws -> (box: LintSandbox, outside: String) {
        let box = try LintSandbox(["flows/ok.flow": "flow ok {\n  start -> s\n  state s { -> done granted }\n}\n"])
        let outside = box.directory + "-outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Self.fixable.write(toFile: outside + "/x.flow", atomically: true, encoding: .utf8)
        try Self.secret.write(toFile: outside + "/secret.flow", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: box.directory + "/flows/linkdir", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(
            atPath: box.directory + "/flows/link.flow", withDestinationPath: outside + "/secret.flow")
        return (box, outside)
    }

    func flowfmt(_ box: LintSandbox, _ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = FlowfmtCommand(environment: [:], currentDirectory: box.directory, readStandardInput: { [] })
            .run(arguments: arguments, stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    @Test func flowlintFixDoesNotRewriteAFileThroughALinkedDirectory() throws {
        let (box, outside) = try sandbox()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let r = box.run(["--fix", "--format", "gcc", "flows/linkdir/x.flow"])
        #expect(r.code == 1)
        let real = URL(fileURLWithPath: outside).resolvingSymlinksInPath().path
        #expect(
            r.out.contains(
                "flows/linkdir/x.flow:1:1: error: cannot read 'flows/linkdir/x.flow': 'flows/linkdir' resolves to '\(real)', which is outside the project root '\(box.directory)' [FL0100]"
            ), "\(r.out)\(r.err)")
        #expect(try String(contentsOfFile: outside + "/x.flow", encoding: .utf8) == Self.fixable)
    }

    @Test(arguments: [
        ["--check", "flows"], ["flows/link.flow"], ["--diff", "flows/link.flow"], ["-i", "flows/linkdir/x.flow"],
    ])
    func flowfmtNeitherPrintsNorRewritesAFileOutsideTheRoot(arguments: [String]) throws {
        let (box, outside) = try sandbox()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let r = flowfmt(box, arguments)
        #expect(r.code == 2)
        #expect(!r.out.contains("SECRET") && !r.err.contains("SECRET"))
        #expect(r.err.contains("which is outside the project root"), "\(r.err)")
        #expect(try String(contentsOfFile: outside + "/x.flow", encoding: .utf8) == Self.fixable)
    }

    @Test func aConfigurationLinkedFromOutsideIsNotRead() throws {
        let (box, outside) = try sandbox()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try "SECRET-RULE = off\n".write(toFile: outside + "/evil.flowlint", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: box.directory + "/.flowlint", withDestinationPath: outside + "/evil.flowlint")
        let r = box.run(["flows/ok.flow"])
        #expect(r.code == 2)
        #expect(r.err.hasPrefix("flowlint: error: the configuration '"), "\(r.err)")
        #expect(r.err.contains("which is outside the project root"))
        #expect(!r.err.contains("SECRET"))
    }

    func flowstrings(_ box: LintSandbox, _ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = FlowstringsCommand(environment: ["NO_COLOR": "1"], currentDirectory: box.directory)
            .run(arguments: arguments, stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    /// flowstrings found its files its own way: it read through the link (reported at
    /// `<unknown>:1:1`) and ignored the configuration's excludes.
    @Test func flowstringsRefusesALinkWithItsPathAndHonoursExcludes() throws {
        let (box, outside) = try sandbox()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let linked = flowstrings(box, ["export", "--catalog", "out.xcstrings", "flows"])
        #expect(linked.code == 2)
        let real = URL(fileURLWithPath: outside + "/secret.flow").resolvingSymlinksInPath().path
        #expect(
            linked.err.hasPrefix(
                "flowstrings: error: 'flows/link.flow' resolves to '\(real)', which is outside the project root"),
            "\(linked.err)")
        #expect(!linked.err.contains("<unknown>"))
        try FileManager.default.removeItem(atPath: box.directory + "/flows/link.flow")
        try FileManager.default.removeItem(atPath: box.directory + "/flows/linkdir")
        try box.write("flows/drafts/wip.flow", "flow {")
        try box.write(".flowlint", "exclude = flows/drafts/\n")
        let excluded = flowstrings(box, ["export", "--catalog", "out.xcstrings", "flows"])
        #expect(excluded.code == 0, "\(excluded.err)")
    }
}
