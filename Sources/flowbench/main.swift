import FlowBenchSupport

let code = await BenchCommand().run(Array(CommandLine.arguments.dropFirst()),
                                    output: { print($0) }, errors: writeToStandardError)
exitProcess(code)
