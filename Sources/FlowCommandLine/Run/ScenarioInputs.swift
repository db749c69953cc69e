import FlowModel
import FlowRuntime

/// `--scenario FILE` for a single run: the scenario's inputs, with flags given on the command
/// line taking precedence. Waits for the runtime's scenario format.
enum ScenarioInputs {
    static func merge(_ path: String, into script: RunScript, reader: any SourceReader) throws(ArgumentError) -> RunScript {
        throw ArgumentError("'--scenario' is not available yet: the scenario format has not landed")
    }
}
