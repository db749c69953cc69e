import FlowLint
import FlowModel
import FlowRuntime
import FlowSyntax
import FlowTestSupport
import Foundation

/// Single workloads for a profiler: no warm-up, no repetitions, one generated file of `flows` flows.
enum Profile {
    /// The workloads `--profile` runs.
    static let workloads = [
        "lex", "load", "lint", "hold", "lint-graph", "interpret", "interpret-notrace", "handwritten",
    ]

    /// Runs a workload on the calling thread (the async `interpret` through a blocked wait, so no
    /// dispatch main queue is involved); nil for an unknown name.
    static func runSynchronously(_ workload: String, flows: Int, states: Int = 12, flowPath: String) -> String? {
        if ["interpret", "interpret-notrace", "handwritten"].contains(workload) {
            let box = ResultBox()
            let done = DispatchSemaphore(value: 0)
            Task.detached {
                box.set((try? await run(workload, flows: flows, states: states, flowPath: flowPath)) ?? "failed")
                done.signal()
            }
            done.wait()
            return box.get()
        }
        if workload == "lint-graph" {
            let graph = RandomPermissionGraph(states: states)
            let load = Loader(reader: MemoryReader([:]), limits: graph.limits).load(
                text: graph.flowText, path: "random.flow")
            return "\(Linter().lint(load).findings.count) findings"
        }
        let shape = CorpusParameters(
            files: 1, flowsPerFile: flows, statesPerFlow: states, permissionsPerFlow: 2,
            branching: 3, locales: 3, subflows: true)
        let corpus = Corpus(shape)
        let path = corpus.files[0].path
        let loader = Loader(reader: corpus.reader)
        switch workload {
        case "lex": return "\(Lexer.tokenize(corpus.files[0]).tokens.count) tokens"
        case "load": return "\(loader.load(path).diagnostics.count) diagnostics"
        case "lint": return "\(Linter().lint(loader.load(path)).findings.count) findings"
        case "hold":
            // What a held load result weighs: after the load, a 16 MiB scratch block makes the heap
            // peak, so massif's peak snapshot shows the result alive and nothing of the parse.
            let result = loader.load(path)
            let scratch = [UInt8](repeating: 1, count: 16 << 20)
            return withExtendedLifetime(result) {
                "\(result.diagnostics.count + Int(scratch[scratch.count / 2])) diagnostics"
            }
        default: return nil
        }
    }

    static func run(_ workload: String, flows: Int, states: Int = 12, flowPath: String) async throws -> String {
        switch workload {
        case "lex", "load", "lint", "hold", "lint-graph":
            return runSynchronously(workload, flows: flows, states: states, flowPath: flowPath) ?? ""
        case "interpret", "interpret-notrace":
            // As the benchmark runs it: one interpreter, a fresh device per run.
            let load = Loader(reader: FileSystemReader()).load(flowPath)
            guard let program = load.program else { throw BenchFailure("cannot load \(flowPath)") }
            let options = Interpreter.Options(recordsTrace: workload == "interpret")
            let interpreter = Interpreter(
                program: program, backend: try SimulatedDevice(user: AgreeableUser()), options: options)
            var outcomes = 0
            for _ in 0..<flows {
                let device = try SimulatedDevice(user: AgreeableUser())
                if try await interpreter.with(backend: device).run(flow: "camera_selected").outcome != nil {
                    outcomes += 1
                }
            }
            return "\(outcomes) runs"
        case "handwritten":
            var outcomes = 0
            for _ in 0..<flows {
                let device = try SimulatedDevice(user: AgreeableUser())
                if try await HandWrittenCameraPriming(device: device).run() == "granted" { outcomes += 1 }
            }
            return "\(outcomes) runs"
        default:
            throw BenchFailure("unknown workload '\(workload)'; use \(workloads.joined(separator: ", "))")
        }
    }
}

/// Hands a result from a task to the thread waiting for it.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: String?
    func set(_ text: String) { lock.withLock { value = text } }
    func get() -> String? { lock.withLock { value } }
}
