import FlowBenchSupport

// Not `await` at top level: an async main runs on dispatch's main queue, and callgrind cannot
// run dispatch's signal thread, so synchronous profiling workloads must bypass it.
BenchCommand.main(Array(CommandLine.arguments.dropFirst()))
