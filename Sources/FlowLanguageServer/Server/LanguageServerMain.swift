import FlowProject

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the `flow-lsp` executable runs: the server over stdin and stdout until `exit` or the
/// end of input. Logs go to stderr (stdout carries only protocol messages).
public enum LanguageServerMain {
    public static func run(arguments: [String]) async -> Int32 {
        let options = arguments.dropFirst()
        if options.contains("--version") {
            print("flow-lsp \(ToolVersion.current)")
            return 0
        }
        if options.contains("--help") || options.contains("-h") {
            print(
                """
                usage: flow-lsp [--stdio]

                The .flow language server (LSP 3.17, JSON-RPC over stdin and stdout). An editor starts it;
                it does not take files on the command line.
                """)
            return 0
        }
        if let unknown = options.first(where: { $0 != "--stdio" }) {
            writeAll(2, Array("flow-lsp: error: unknown option '\(unknown)' (try --help)\n".utf8))
            return 2
        }
        let server = LanguageServer(output: { bytes in writeAll(1, bytes) })
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }  // end of input: the client went away without `exit`
            if await !server.receive(Array(buffer[0..<n])) { break }
        }
        return await server.exitCode ?? 1
    }

    /// Writes every byte (retrying short writes), so a framed message is never cut.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            done += n
        }
    }
}
