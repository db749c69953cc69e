import FlowCommandLine

let code = await FlowrunCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()), stdin: StandardInput(),
    stdout: StandardOutput.output, stderr: StandardOutput.error)
Terminal.exit(code)
