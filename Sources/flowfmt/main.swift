import FlowCommandLine

Terminal.exit(
    FlowfmtCommand.run(
        arguments: Array(CommandLine.arguments.dropFirst()),
        stdout: StandardOutput.output, stderr: StandardOutput.error))
