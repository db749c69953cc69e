import FlowLanguageServer
import Foundation

// flow-lsp: the .flow language server on stdin and stdout (LSP 3.17). Editors start it; see
// the "Editors" article (Sources/PermissionFlow/PermissionFlow.docc/Editors.md).
exit(await LanguageServerMain.run(arguments: CommandLine.arguments))
