import FlowModel
import FlowRuntime

/// `flowrun --explore FILE`: every path of a flow, grouped by outcome, with coverage.
struct FlowrunExplore: Sendable {
    var reader: any SourceReader
    var load: FlowrunCommand.Load
    var io: IO

    func run(path: String, options: RunOptions) async -> Int32 {
        io.error("exploration is not available yet: the explorer has not landed")
        return ExitCode.usageError
    }
}
