import FlowArguments
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

    static let parser = ArgumentParser(
        commandName: "flowbench",
        summary: """
            Generates corpora, measures every goal and prints one table (BENCHMARKS.md explains each row);
            or runs one workload once for a profiler (--profile), or writes a random permission graph
            (--emit-graph).
            """,
        options: [
            .flag("help", short: "h", help: "print this help"),
            .value("corpus-mb", "MB", help: "size of the generated lint corpus (default 20)"),
            .value("warmup", "N", help: "untimed rounds before each measurement (default 1)"),
            .value("repetitions", "N", help: "timed rounds; the median is reported (default 5)"),
            .value(
                "flow", "PATH", help: "the priming flow the interpreter rows run (default \(Options().primingFlowPath))"
            ),
            .flag("quick", help: "shrink every input so the run takes seconds; its numbers mean nothing"),
            .value("only", "SECTIONS", help: "comma-separated: \(sections.joined(separator: ","))"),
            .value("profile", "WORKLOAD", help: "run one workload once: \(Profile.workloads.joined(separator: "|"))"),
            .value("flows", "N", help: "flows in the --profile file (default 200)"),
            .value(
                "states", "N", help: "states per flow in the --profile file, or of --profile lint-graph (default 12)"),
            .value("emit-graph", "N", help: "write the random graph of N states into DIR as .flow and .asl.json"),
            .value("memory-child", "MODE", help: "internal: measure peak memory in this fresh process"),
        ],
        positionals: [
            PositionalSpec("DIR", .optional, help: "where --emit-graph writes (default: the working directory)")
        ])

    /// The sections `--only` accepts.
    public static let sections = [
        "memory", "funnel", "throughput", "growth", "onegraph", "interpreter", "exploration", "format", "lsp",
    ]

    /// Parses `arguments` (without the program name); a usage error carries its message (empty for `--help`).
    public static func parse(_ arguments: [String]) -> Result<Options, BenchUsageError> {
        do throws(BenchUsageError) {
            let parsed: ParsedArguments
            do {
                parsed = try parser.parse(arguments)
            } catch {
                throw BenchUsageError(error.message)
            }
            if parsed.flag("help") { throw BenchUsageError("") }
            return .success(try options(parsed))
        } catch {
            return .failure(error)
        }
    }

    private static func options(_ parsed: ParsedArguments) throws(BenchUsageError) -> Options {
        func number(_ name: String) throws(BenchUsageError) -> Double? {
            guard let text = parsed.value(name) else { return nil }
            guard let n = Double(text), n > 0 else {
                throw BenchUsageError("--\(name) needs a positive number, not '\(text)'")
            }
            return n
        }
        var options = Options()
        if let n = try number("corpus-mb") { options.corpusMegabytes = n }
        if let n = try number("warmup") { options.timing.warmup = Int(n) }
        if let n = try number("repetitions") { options.timing.repetitions = max(Int(n), 1) }
        if let path = parsed.value("flow") { options.primingFlowPath = path }
        options.quick = parsed.flag("quick")
        options.memoryChild = parsed.value("memory-child")
        options.profile = parsed.value("profile")
        if let n = try number("flows") { options.profileFlows = Int(n) }
        if let n = try number("states") { options.profileStates = Int(n) }
        if let only = parsed.value("only") {
            options.only = Set(only.split(separator: ",").map(String.init))
            if let unknown = options.only.subtracting(sections).sorted().first {
                throw BenchUsageError(
                    "unknown section '\(unknown)' in --only (sections: \(sections.joined(separator: ",")))")
            }
        }
        if let n = try number("emit-graph") { options.emitGraphStates = Int(n) }
        if let directory = parsed.positional("DIR") {
            guard options.emitGraphStates != nil else { throw BenchUsageError("DIR is for --emit-graph N DIR") }
            options.emitGraphDirectory = directory
        }
        if options.quick {
            options.corpusMegabytes = min(options.corpusMegabytes, 0.2)
            options.timing = Timing(warmup: 0, repetitions: 1)
        }
        return options
    }

    public static var usage: String { parser.help }

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
