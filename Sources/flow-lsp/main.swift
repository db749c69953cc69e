import FlowLanguageServer
import Foundation

// flow-lsp: the .flow language server on stdin and stdout (LSP 3.17). Editors start it; see
// README "Editors".
exit(await LanguageServerMain.run(arguments: CommandLine.arguments))
