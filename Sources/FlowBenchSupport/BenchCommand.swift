import FlowModel
import FlowRuntime
import FlowSyntax
import FlowTestSupport
import Foundation

/// `flowbench`: generates corpora, measures every goal of issue 5 and prints one table.
///
///     flowbench [--corpus-mb N] [--warmup N] [--repetitions N] [--flow PATH] [--quick] [--only SECTIONS]
///
/// `--profile lex|load|lint|hold|interpret [--flows N] [--states N]` runs one workload once on one
/// generated file, for `valgrind --tool=callgrind`; `--profile lint-graph --states N` lints one
/// random permission graph of N states. `--emit-graph N DIR` writes that graph as
/// `DIR/random_N.flow` and as Amazon States Language, `DIR/random_N.asl.json`. `--quick` shrinks every input so the whole run
/// takes seconds (tests, CI smoke runs); its numbers mean nothing. `--memory-child MODE` is
/// internal: the parent re-runs itself with it to measure peak memory in a fresh process.
public struct BenchCommand {
    public struct Options: Hashable, Sendable {
        public var corpusMegabytes = 20.0
        public var timing = Timing(warmup: 1, repetitions: 5)
        public var primingFlowPath = "flows/seed_pl_camera_priming.flow"
        public var quick = false
        public var memoryChild: String?
        /// Runs one workload once for a profiler (`lex`, `load`, `lint`, `hold`, `interpret`, ...) instead of the table.
        public var profile: String?
        /// Flows in the single generated file `--profile` works on.
        public var profileFlows = 200
        /// States per flow in the `--profile` file.
        public var profileStates = 12
        /// Sections to run (`memory`, `funnel`, `throughput`, `growth`, `onegraph`, `interpreter`, `exploration`); all when empty.
        public var only: Set<String> = []
        /// `--emit-graph N DIR`: write the random graph of N states into DIR and exit.
        public var emitGraphStates: Int?
        public var emitGraphDirectory = "."
        public init() {}
    }

    public init() {}

    /// Parses `arguments` (without the program name); a usage error carries its message (empty for `--help`).
    public static func parse(_ arguments: [String]) -> Result<Options, BenchUsageError> {
        var options = Options()
        var i = 0
        func value(_ flag: String) throws(BenchUsageError) -> String {
            i += 1
            guard i < arguments.count else { throw BenchUsageError("\(flag) needs a value") }
            return arguments[i]
        }
        func number(_ flag: String) throws(BenchUsageError) -> Double {
            let text = try value(flag)
            guard let n = Double(text), n > 0 else {
                throw BenchUsageError("\(flag) needs a positive number, not '\(text)'")
            }
            return n
        }
        do throws(BenchUsageError) {
            while i < arguments.count {
                switch arguments[i] {
                case "--corpus-mb": options.corpusMegabytes = try number("--corpus-mb")
                case "--warmup": options.timing.warmup = Int(try number("--warmup"))
                case "--repetitions": options.timing.repetitions = max(Int(try number("--repetitions")), 1)
                case "--flow": options.primingFlowPath = try value("--flow")
                case "--quick": options.quick = true
                case "--memory-child": options.memoryChild = try value("--memory-child")
                case "--profile": options.profile = try value("--profile")
                case "--flows": options.profileFlows = Int(try number("--flows"))
                case "--states": options.profileStates = Int(try number("--states"))
                case "--only": options.only = Set(try value("--only").split(separator: ",").map(String.init))
                case "--emit-graph":
                    options.emitGraphStates = Int(try number("--emit-graph"))
                    options.emitGraphDirectory = try value("--emit-graph")
                case "--help", "-h": throw BenchUsageError("")
                case let other: throw BenchUsageError("unknown argument '\(other)'")
                }
                i += 1
            }
        } catch {
            return .failure(error)
        }
        if options.quick {
            options.corpusMegabytes = min(options.corpusMegabytes, 0.2)
            options.timing = Timing(warmup: 0, repetitions: 1)
        }
        return .success(options)
    }

    public static let usage = """
        usage: flowbench [--corpus-mb N] [--warmup N] [--repetitions N] [--flow PATH] [--quick]
                         [--only memory,funnel,throughput,growth,onegraph,interpreter,exploration,format,lsp]
               flowbench --profile lex|load|lint|hold|interpret [--flows N] [--states N]
               flowbench --profile lint-graph --states N
               flowbench --emit-graph N DIR
        """

    /// Runs the command; returns the exit code (0 every measurement ran, 1 a measurement failed, 2 usage).
    public func run(_ arguments: [String], output: (String) -> Void, errors: @escaping (String) -> Void) async -> Int32
    {
        let options: Options
        switch Self.parse(arguments) {
        case .success(let o): options = o
        case .failure(let error):
            if !error.message.isEmpty { errors("flowbench: \(error.message)") }
            errors(Self.usage)
            return error.message.isEmpty ? 0 : 2
        }
        if let name = options.memoryChild {
            guard let mode = MemoryProbe.Mode(rawValue: name) else {
                errors("flowbench: unknown memory mode '\(name)'")
                return 2
            }
            let report = MemoryProbe.measure(corpusMegabytes: options.corpusMegabytes, mode: mode)
            output("\(report.peakBytes) \(report.baselineBytes) \(report.inputBytes)")
            return 0
        }
        if let states = options.emitGraphStates {
            let directory = options.emitGraphDirectory
            let graph = RandomPermissionGraph(states: states)
            do {
                try Data(graph.flowText.utf8).write(to: URL(fileURLWithPath: "\(directory)/random_\(states).flow"))
                try Data(graph.statesLanguageJSON.utf8).write(
                    to: URL(fileURLWithPath: "\(directory)/random_\(states).asl.json"))
                output("\(directory)/random_\(states).flow \(directory)/random_\(states).asl.json")
                return 0
            } catch {
                errors("flowbench: cannot write to \(directory): \(error)")
                return 1
            }
        }
        if let workload = options.profile {
            do {
                output(
                    try await Profile.run(
                        workload, flows: options.profileFlows, states: options.profileStates,
                        flowPath: options.primingFlowPath))
                return 0
            } catch {
                errors("flowbench: \(error)")
                return 1
            }
        }
        do {
            let bench = Benchmarks(options: options, log: errors)
            let rows = try await bench.all()
            output(BenchTable.render(rows))
            return 0
        } catch {
            errors("flowbench: \(error)")
            return 1
        }
    }
}

/// A usage error of `flowbench`, in one phrase.
public struct BenchUsageError: Error, Hashable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// A measurement that could not be taken (a generated corpus the loader rejects, a run that fails).
public struct BenchFailure: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Writes one line to standard error (progress and errors stay out of the table on stdout).
public func writeToStandardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

extension BenchCommand {
    /// The executable's entry point: synchronous profiling workloads run on the main thread,
    /// everything else in a task on dispatch's main queue. Never returns.
    public static func main(_ arguments: [String]) -> Never {
        if case .success(let options) = parse(arguments), let workload = options.profile,
            let text = Profile.runSynchronously(
                workload, flows: options.profileFlows, states: options.profileStates, flowPath: options.primingFlowPath)
        {
            print(text)
            exit(0)
        }
        Task {
            let code = await BenchCommand().run(arguments, output: { print($0) }, errors: writeToStandardError)
            exit(code)
        }
        dispatchMain()
    }
}
