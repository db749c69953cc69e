import FlowCommandLine
import FlowModel
import FlowTestSupport
import Foundation
import Testing

@testable import FlowLanguageServer
@testable import FlowProject

/// The built `flow-lsp` over real pipes: framed messages on stdin, framed answers on stdout.
@Suite struct BinaryTests {
    /// Runs flow-lsp with `input` written to its stdin (then closed); its stdout messages and exit code.
    func run(_ input: [UInt8], arguments: [String] = []) throws -> (
        code: Int32, messages: [JSON], out: String, err: String
    ) {
        let binary = try #require(SpawnedBinary.url(of: "flow-lsp"))
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: Data(input))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readAllRetryingInterrupts()
        let err = stderr.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        var framer = MessageFramer()
        framer.append(Array(out))
        var messages: [JSON] = []
        while let body = try framer.next() { messages.append(try JSON(parsing: body)) }
        return (
            process.terminationStatus, messages, String(decoding: out, as: UTF8.self),
            String(decoding: err, as: UTF8.self)
        )
    }

    func frames(_ messages: [JSON]) -> [UInt8] { messages.flatMap { MessageFramer.frame($0.bytes) } }

    @Test func initializeShutdownExitIsStatusZero() throws {
        let r = try run(
            frames([
                ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]],
                ["jsonrpc": "2.0", "method": "initialized", "params": [:]],
                ["jsonrpc": "2.0", "id": 2, "method": "shutdown"],
                ["jsonrpc": "2.0", "method": "exit"],
            ]))
        #expect(r.code == 0)
        #expect(r.messages.count == 2)
        #expect(r.messages[0]["result"]?["capabilities"]?["positionEncoding"] == "utf-16")
        #expect(r.messages[1] == ["jsonrpc": "2.0", "id": 2, "result": .null])
    }

    @Test func endOfInputWithoutExitIsStatusOne() throws {
        let r = try run(frames([["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]]]))
        #expect(r.code == 1)
        #expect(r.messages.count == 1)
    }

    @Test func aBrokenHeaderStopsTheServer() throws {
        let r = try run(Array("Content-Type: x\r\n\r\n{}".utf8))
        #expect(r.code == 1)
        #expect(r.messages.first?["params"]?["message"] == "flow-lsp: message header without Content-Length; stopping")
    }

    @Test func versionAndUsage() throws {
        #expect(try run([], arguments: ["--version"]).out == "flow-lsp \(ToolVersion.current)\n")
        let bad = try run([], arguments: ["--tcp"])
        #expect(bad.code == 2)
        #expect(bad.err == "flow-lsp: error: unknown option '--tcp' (try --help)\n")
    }
}
