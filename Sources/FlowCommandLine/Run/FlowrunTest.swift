import FlowModel
import FlowRuntime

/// `flowrun test PATH...`: runs scenario files with the runtime's scenario runner.
struct FlowrunTest: Sendable {
    var reader: any SourceReader
    var load: FlowrunCommand.Load
    var io: IO

    static let parser = ArgumentParser(
        commandName: "flowrun test",
        summary: "Runs scenario files (directories recursively) and reports each as passed or failed.",
        options: [.flag("help", short: "h", help: "show this help")],
        positionals: [PositionalSpec("PATH", .oneOrMore, help: "scenario files or directories")],
        discussion: """
            The last line is exactly `N passed, M failed`.

            Exit codes:
              0  every scenario passed
              1  a scenario failed (including a malformed scenario or a flow that does not load)
              2  usage or I/O error: bad arguments, a missing path
            """
    )

    func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try Self.parser.parse(arguments)
        } catch {
            if arguments.contains("--help") || arguments.contains("-h") {
                io.stdout.write(Self.parser.help)
                return ExitCode.finished
            }
            return io.usageError(error.message, parser: Self.parser)
        }
        if parsed.flag("help") {
            io.stdout.write(Self.parser.help)
            return ExitCode.finished
        }
        io.error("scenario tests are not available yet: the scenario runner has not landed")
        return ExitCode.usageError
    }
}
