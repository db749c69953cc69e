import FlowBuildTool
import Foundation

let code = FlowgenCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    out: { FileHandle.standardOutput.write(Data($0.utf8)) },
    err: { FileHandle.standardError.write(Data($0.utf8)) })
exit(code)
