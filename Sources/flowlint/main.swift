import FlowCommandLine

Terminal.exit(
    FlowlintCommand.run(
        arguments: Array(CommandLine.arguments.dropFirst()),
        stdout: StandardOutput.output, stderr: StandardOutput.error))
