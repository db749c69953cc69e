import FlowEncoding
import FlowLint
import FlowModel
import FlowProject
import FlowSyntax

/// The `.flow` language server (LSP 3.17 over JSON-RPC 2.0): feed it the bytes the client
/// writes (`receive`), and it writes framed responses and notifications through `output`.
///
/// One message at a time, in order: a change is analysed before the next message is read, so
/// every response sees the text of every notification before it (LSP's ordering rule) without
/// locks. Positions cross the protocol boundary once, through `converter`.
public actor LanguageServer {
    /// Receives each framed message the server writes.
    public typealias Output = @Sendable ([UInt8]) -> Void

    enum Lifecycle { case uninitialized, running, shutDown, exited }

    let output: Output
    var framer = MessageFramer()
    var lifecycle = Lifecycle.uninitialized
    var workspace = Workspace()
    var converter = PositionConverter(.utf16)
    /// Whether the client takes markdown in hovers (else plain text).
    var markdown = false
    /// Configuration problems already shown, so each is shown once.
    var shownProblems: Set<String> = []
    /// The explorer's budget for a state hover (steps); `Explorer.Options.budget`.
    public private(set) var explorationBudget = 20_000

    /// Sets the explorer's budget for state hovers (also the `explorationBudget` initialization option).
    public func setExplorationBudget(_ steps: Int) { explorationBudget = max(1, steps) }
    /// Where `codeDescription.href` points, with `{id}` for the rule ID (initialization option
    /// `ruleDocumentationURL`); nil: diagnostics carry no link.
    var ruleDocumentation: String?

    /// The exit code once the client sent `exit`: 0 after `shutdown`, 1 without (LSP).
    public private(set) var exitCode: Int32?

    public init(output: @escaping Output) {
        self.output = output
    }

    /// Handles every complete message in `bytes` (any chunking). Returns false when the server
    /// is done: the client sent `exit`, or the stream is broken (then `exitCode` is 1).
    public func receive(_ bytes: [UInt8]) async -> Bool {
        framer.append(bytes)
        while true {
            let body: [UInt8]?
            do throws(MessageFramer.FramingError) {
                body = try framer.next()
            } catch {
                log("flow-lsp: \(error.message); stopping")
                exitCode = 1
                lifecycle = .exited
                return false
            }
            guard let body else { return true }
            await handle(body)
            if lifecycle == .exited { return false }
        }
    }

    func send(_ message: JSON) {
        output(MessageFramer.frame(message.bytes))
    }

    func notify(_ method: String, _ params: JSON) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    func log(_ message: String, type: Int = 3) {
        notify("window/logMessage", ["type": .int(type), "message": .string(message)])
    }

    /// A JSON-RPC error.
    struct ResponseError: Error {
        var code: Int
        var message: String
        static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: -32602, message: message) }
        static let methodNotFound = -32601
        static let requestFailed = -32803
    }

    func handle(_ body: [UInt8]) async {
        let message: JSON
        do throws(LocatedJSON.Failure) {
            message = try JSON(parsing: body)
        } catch {
            send([
                "jsonrpc": "2.0", "id": .null,
                "error": [
                    "code": -32700,
                    "message": .string("parse error at line \(error.line), column \(error.column): \(error.message)"),
                ],
            ])
            return
        }
        guard let method = message["method"]?.string else {
            // A response to a request of ours (we send none that need an answer) or garbage.
            if message["id"] == nil {
                send([
                    "jsonrpc": "2.0", "id": .null,
                    "error": ["code": -32600, "message": "not a request or notification"],
                ])
            }
            return
        }
        let params = message["params"] ?? .null
        guard let id = message["id"] else {
            await notification(method, params)
            return
        }
        switch id {
        case .string, .number: break
        default:
            send([
                "jsonrpc": "2.0", "id": .null,
                "error": ["code": -32600, "message": "a request id must be a number or a string"],
            ])
            return
        }
        let result: Result<JSON, ResponseError>
        switch lifecycle {
        case .uninitialized where method != "initialize":
            result = .failure(
                ResponseError(code: -32002, message: "the server is not initialized: send 'initialize' first"))
        case .shutDown:
            result = .failure(ResponseError(code: -32600, message: "the server is shut down: only 'exit' is accepted"))
        case .running where method == "initialize":
            result = .failure(ResponseError(code: -32600, message: "the server is already initialized"))
        default:
            result = await request(method, params)
        }
        switch result {
        case .success(let value): send(["jsonrpc": "2.0", "id": id, "result": value])
        case .failure(let error):
            send(["jsonrpc": "2.0", "id": id, "error": ["code": .int(error.code), "message": .string(error.message)]])
        }
    }

    func request(_ method: String, _ params: JSON) async -> Result<JSON, ResponseError> {
        switch method {
        case "initialize": return .success(initialize(params))
        case "shutdown":
            lifecycle = .shutDown
            return .success(.null)
        case "textDocument/hover": return await hover(params)
        case "textDocument/definition": return definition(params)
        case "textDocument/references": return references(params)
        case "textDocument/prepareRename": return prepareRename(params)
        case "textDocument/rename": return rename(params)
        case "textDocument/completion": return completion(params)
        case "textDocument/documentSymbol": return documentSymbols(params)
        case "textDocument/codeAction": return codeActions(params)
        case "textDocument/formatting": return formatting(params)
        default:
            return .failure(
                ResponseError(code: ResponseError.methodNotFound, message: "unsupported method '\(method)'"))
        }
    }

    func notification(_ method: String, _ params: JSON) async {
        switch method {
        case "exit":
            exitCode = lifecycle == .shutDown ? 0 : 1
            lifecycle = .exited
        case _ where lifecycle != .running:
            return  // LSP: notifications before initialize (and after shutdown) are dropped
        case "textDocument/didOpen":
            guard let doc = params["textDocument"], let uri = doc["uri"]?.string, let text = doc["text"]?.string else {
                return
            }
            workspace.documents[uri] = OpenDocument(uri: uri, version: doc["version"]?.int ?? 0, text: Array(text.utf8))
            publish(after: uri)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, var document = workspace.documents[uri],
                let changes = params["contentChanges"]?.array
            else { return }
            for change in changes where !document.apply(change, converter: converter) {
                log("flow-lsp: ignored a malformed change of \(uri)", type: 2)
            }
            document.version = params["textDocument"]?["version"]?.int ?? document.version + 1
            workspace.documents[uri] = document
            publish(after: uri)
        case "textDocument/didSave":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            if let path = FileURI.path(uri), path.hasSuffix("/.flowlint") || path.hasSuffix("/flowlint.json") {
                configurationChanged()
            } else if workspace.documents[uri] != nil {
                publish(after: uri)
            }
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            let path = workspace.documents[uri]?.path
            workspace.documents[uri] = nil
            workspace.analyses[uri] = nil
            notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
            // Importers now read the file from disk.
            if let path { for other in workspace.dependents(of: path, except: uri) { publishOne(other) } }
        case "workspace/didChangeWatchedFiles":
            configurationChanged()
        default:
            return  // `$/cancelRequest`, `initialized`, `$/setTrace`, ...: nothing to do
        }
    }

    func initialize(_ params: JSON) -> JSON {
        lifecycle = .running
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        converter = PositionConverter(offered.contains("utf-8") ? .utf8 : .utf16)
        let formats =
            params["capabilities"]?["textDocument"]?["hover"]?["contentFormat"]?.array?.compactMap(\.string) ?? []
        markdown = formats.contains("markdown")
        if let folder = params["workspaceFolders"]?[0]?["uri"]?.string ?? params["rootUri"]?.string {
            workspace.folder = FileURI.path(folder)
        }
        if let template = params["initializationOptions"]?["ruleDocumentationURL"]?.string {
            ruleDocumentation = template
        }
        if let budget = params["initializationOptions"]?["explorationBudget"]?.int, budget > 0 {
            explorationBudget = budget
        }
        return [
            "capabilities": [
                "positionEncoding": .string(converter.encoding.rawValue),
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "hoverProvider": true,
                "definitionProvider": true,
                "referencesProvider": true,
                "renameProvider": ["prepareProvider": true],
                "completionProvider": ["triggerCharacters": [">", "@", " ", ","], "resolveProvider": false],
                "documentSymbolProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "documentFormattingProvider": .bool(Self.formats),
            ],
            "serverInfo": ["name": "flow-lsp", "version": .string(ToolVersion.current)],
        ]
    }

    /// A configuration file changed: forget parsed configurations and check every open file again.
    func configurationChanged() {
        workspace.configurations = [:]
        for uri in workspace.documents.keys.sorted() { publishOne(uri) }
    }

    /// Analyses `uri` and every open document that imports it, and publishes their diagnostics.
    func publish(after uri: String) {
        guard let path = workspace.documents[uri]?.path else { return }
        publishOne(uri)
        for other in workspace.dependents(of: path, except: uri) { publishOne(other) }
    }

    func publishOne(_ uri: String) {
        guard let document = workspace.documents[uri], let analysis = workspace.analyze(document) else { return }
        if case .failure(let problem) = workspace.project(for: analysis.root),
            shownProblems.insert(analysis.root.path + problem.message).inserted
        {
            notify(
                "window/showMessage",
                ["type": 1, "message": .string("flow-lsp: \(problem.message); using the default rules")])
        }
        notify(
            "textDocument/publishDiagnostics",
            [
                "uri": .string(uri), "version": .int(document.version),
                "diagnostics": .array(diagnostics(of: analysis)),
            ])
    }

    /// The analysis of the open document a request names, with the byte offset of its position.
    func target(_ params: JSON) -> (analysis: Analysis, offset: Int)? {
        guard let uri = params["textDocument"]?["uri"]?.string, let analysis = workspace.analyses[uri],
            let file = analysis.load.files.first
        else { return nil }
        guard let position = Position(params["position"]) else { return (analysis, 0) }
        return (analysis, converter.offset(of: position, in: file))
    }

    /// A location in the protocol: a file's URI and a byte range in it.
    func location(path: String, start: Int, end: Int, file: SourceFile) -> JSON {
        ["uri": .string(uri(for: path)), "range": converter.range(from: start, to: end, in: file)]
    }

    /// The URI the client opened a path under (so edits and locations match its buffers), else
    /// the path's `file://` URI.
    func uri(for path: String) -> String {
        workspace.documents.values.first { $0.path == path }?.uri ?? FileURI.uri(path)
    }
}
