import FlowArguments
import Testing

@testable import FlowCommandLine

private let parser = ArgumentParser(
    commandName: "tool",
    summary: "Does things.",
    options: [
        .value("format", "format", help: "text or json"),
        .repeatable("tap", "label", help: "a button to tap"),
        .flag("inactive", help: "the app is not active"),
        .flag("help", short: "h", help: "show help"),
    ],
    positionals: [PositionalSpec("FILE", help: "a flow file")]
)

@Suite struct ArgumentParserTests {
    @Test func parsesSeparateAndInlineValues() throws {
        let a = try parser.parse(["--format", "json", "a.flow"])
        #expect(a.value("format") == "json")
        #expect(a.positional("FILE") == "a.flow")
        let b = try parser.parse(["a.flow", "--format=text"])
        #expect(b.value("format") == "text")
        #expect(b.positional("FILE") == "a.flow")
    }

    @Test func inlineValueMayContainEqualsAndBeEmpty() throws {
        let a = try parser.parse(["--tap=a=b", "--tap=", "f"])
        #expect(a.values("tap") == ["a=b", ""])
    }

    @Test func repeatableOptionsKeepOrder() throws {
        let a = try parser.parse(["--tap", "Continue", "f", "--tap", "OK", "--tap=Not Now"])
        #expect(a.values("tap") == ["Continue", "OK", "Not Now"])
        #expect(try parser.parse(["f"]).values("tap") == [])
    }

    @Test func flagsAndShortAliases() throws {
        let a = try parser.parse(["-h", "--inactive", "f"])
        #expect(a.flag("help"))
        #expect(a.flag("inactive"))
        #expect(!(try parser.parse(["f"]).flag("inactive")))
    }

    @Test func terminatorMakesDashedWordsPositional() throws {
        let a = try parser.parse(["--", "--format"])
        #expect(a.positional("FILE") == "--format")
        #expect(a.value("format") == nil)
    }

    @Test func valueMayStartWithDashWhenItIsNotAnOption() throws {
        let a = try parser.parse(["--tap", "-1", "f"])
        #expect(a.values("tap") == ["-1"])
    }

    @Test(arguments: [
        (["--fomat", "json", "f"], "unknown option '--fomat'; did you mean '--format'?"),
        (["--tapp=OK", "f"], "unknown option '--tapp'; did you mean '--tap'?"),
        (["--zzzzzz", "f"], "unknown option '--zzzzzz'"),
        (["-x", "f"], "unknown option '-x'"),
        (["f", "--format"], "missing value for '--format <format>'"),
        (["--format", "--inactive", "f"], "missing value for '--format <format>'"),
        (["--format", "json", "--format", "text", "f"], "option '--format' given more than once"),
        (["--inactive=yes", "f"], "flag '--inactive' takes no value"),
        ([], "missing argument FILE"),
        (["a", "b"], "unexpected argument 'b'"),
    ])
    func reportsMistakes(arguments: [String], message: String) {
        #expect(throws: ArgumentError(message)) { try parser.parse(arguments) }
    }

    @Test func variadicPositionals() throws {
        let p = ArgumentParser(
            commandName: "t", summary: "", options: [],
            positionals: [PositionalSpec("PATH", .oneOrMore, help: "")])
        #expect(try p.parse(["a", "b", "c"]).positionals("PATH") == ["a", "b", "c"])
        #expect(throws: ArgumentError("missing argument PATH")) { try p.parse([]) }
        let q = ArgumentParser(
            commandName: "t", summary: "", options: [],
            positionals: [PositionalSpec("A", help: ""), PositionalSpec("B", .zeroOrMore, help: "")])
        #expect(try q.parse(["a"]).positionals("B") == [])
        #expect(try q.parse(["a", "b"]).positionals("B") == ["b"])
    }

    @Test func helpText() {
        #expect(parser.usage == "usage: tool [options] FILE")
        #expect(
            parser.help == """
                usage: tool [options] FILE

                Does things.

                Arguments:
                  FILE  a flow file

                Options:
                  --format <format>  text or json
                  --tap <label>      a button to tap (repeatable)
                  --inactive         the app is not active
                  -h, --help         show help

                """)
    }
}
