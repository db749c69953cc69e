import FlowCommandLine

Terminal.exit(
    FlowstringsCommand.run(
        arguments: Array(CommandLine.arguments.dropFirst()),
        stdout: StandardOutput.output, stderr: StandardOutput.error))
