import Foundation
import Testing

@testable import FlowLanguageServer

/// Drives a `LanguageServer` in-process as a client would: framed bytes in, framed messages out,
/// parsed back into JSON. Requests get increasing IDs; `request` returns the response to its ID.
final class TestClient: @unchecked Sendable {
    let server: LanguageServer
    private let lock = NSLock()
    private var raw: [UInt8] = []
    private var nextID = 1

    init() {
        let box = OutputBox()
        server = LanguageServer(output: { box.append($0) })
        self.box = box
    }

    private let box: OutputBox

    final class OutputBox: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [UInt8] = []
        func append(_ b: [UInt8]) {
            lock.lock()
            bytes += b
            lock.unlock()
        }
        func take() -> [UInt8] {
            lock.lock()
            defer { lock.unlock() }
            let b = bytes
            bytes = []
            return b
        }
    }

    /// Every message the server wrote so far, in order (kept across calls).
    private(set) var messages: [JSON] = []

    private func collect() throws {
        var framer = MessageFramer()
        framer.append(box.take())
        while let body = try framer.next() { messages.append(try JSON(parsing: body)) }
    }

    @discardableResult
    func send(_ message: JSON) async throws -> Bool {
        let ok = await server.receive(MessageFramer.frame(message.bytes))
        try collect()
        return ok
    }

    /// Sends a request and returns its whole response (`result` or `error`).
    func response(_ method: String, _ params: JSON = .null) async throws -> JSON {
        let id = nextID
        nextID += 1
        try await send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
        return try #require(messages.last { $0["id"]?.int == id })
    }

    func request(_ method: String, _ params: JSON = .null) async throws -> JSON {
        let r = try await response(method, params)
        #expect(r["error"] == nil, "\(method) failed: \(r["error"]?.text ?? "")")
        return r["result"] ?? .null
    }

    func notify(_ method: String, _ params: JSON) async throws {
        try await send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// The params of every notification `method` since the last call of `drain`.
    func notifications(_ method: String) -> [JSON] {
        messages.filter { $0["method"]?.string == method }.compactMap { $0["params"] }
    }

    func drain() { messages.removeAll() }

    /// The latest published diagnostics for `uri`.
    func diagnostics(_ uri: String) -> [JSON]? {
        notifications("textDocument/publishDiagnostics").last { $0["uri"]?.string == uri }?["diagnostics"]?.array
    }

    func initialize(encodings: [String] = ["utf-16"], root: String? = nil, markdown: Bool = true) async throws -> JSON {
        var params: [String: JSON] = [
            "capabilities": [
                "general": ["positionEncodings": .array(encodings.map { .string($0) })],
                "textDocument": ["hover": ["contentFormat": markdown ? ["markdown", "plaintext"] : ["plaintext"]]],
            ]
        ]
        if let root { params["rootUri"] = .string(FileURI.uri(root)) }
        let result = try await request("initialize", .object(params))
        try await notify("initialized", [:])
        return result
    }

    func open(_ uri: String, _ text: String, version: Int = 1) async throws {
        try await notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": "flow", "version": .int(version), "text": .string(text),
                ]
            ])
    }

    func change(_ uri: String, version: Int, _ changes: [JSON]) async throws {
        try await notify(
            "textDocument/didChange",
            ["textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": .array(changes)])
    }

    static func at(_ uri: String, _ line: Int, _ character: Int) -> JSON {
        ["textDocument": ["uri": .string(uri)], "position": ["line": .int(line), "character": .int(character)]]
    }
}

/// A range as `line:char-line:char`, so a wrong position reads as a diff.
func span(_ range: JSON?) -> String {
    guard let r = range, let s = Position(r["start"]), let e = Position(r["end"]) else { return "none" }
    return "\(s.line):\(s.character)-\(e.line):\(e.character)"
}

/// A directory of files for one test, removed by `remove()` (tests call it in `defer`).
struct Project {
    let root: String

    init(_ files: [String: String]) throws {
        let base = FileManager.default.temporaryDirectory.path + "/flow-lsp-\(UUID().uuidString)"
        // The real path, so the server's paths (resolved) and the test's agree.
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        root = URL(fileURLWithPath: base).resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    func write(_ path: String, _ text: String) throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }

    func uri(_ path: String) -> String { FileURI.uri(root + "/" + path) }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}
