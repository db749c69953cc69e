import Foundation
import FlowModel
import FlowRuntime
import FlowSyntax

/// `flowbench`: generates corpora, measures every goal of issue 5 and prints one table.
///
///     flowbench [--corpus-mb N] [--warmup N] [--repetitions N] [--flow PATH] [--quick]
///
/// `--quick` shrinks every input so the whole run takes seconds (tests, CI smoke runs); its
/// numbers mean nothing. `--memory-child` is internal: the parent re-runs itself with it to
/// measure peak memory in a fresh process.
public struct BenchCommand {
    public struct Options: Hashable, Sendable {
        public var corpusMegabytes = 20.0
        public var timing = Timing(warmup: 1, repetitions: 5)
        public var primingFlowPath = "flows/seed_pl_camera_priming.flow"
        public var quick = false
        public var memoryChild = false
        public init() {}
    }

    public init() {}

    /// Parses `arguments` (without the program name); nil with a message on a usage error.
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
            guard let n = Double(text), n > 0 else { throw BenchUsageError("\(flag) needs a positive number, not '\(text)'") }
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
                case "--memory-child": options.memoryChild = true
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

    public static let usage = "usage: flowbench [--corpus-mb N] [--warmup N] [--repetitions N] [--flow PATH] [--quick]"

    /// Runs the command; returns the exit code (0 every measurement ran, 1 a measurement failed, 2 usage).
    public func run(_ arguments: [String], output: (String) -> Void, errors: @escaping (String) -> Void) async -> Int32 {
        let options: Options
        switch Self.parse(arguments) {
        case .success(let o): options = o
        case .failure(let error):
            if !error.message.isEmpty { errors("flowbench: \(error.message)") }
            errors(Self.usage)
            return error.message.isEmpty ? 0 : 2
        }
        if options.memoryChild {
            let report = MemoryProbe.measure(corpusMegabytes: options.corpusMegabytes)
            output("\(report.peakBytes) \(report.baselineBytes) \(report.inputBytes)")
            return 0
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

/// Ends the process with `code`.
public func exitProcess(_ code: Int32) -> Never { exit(code) }
