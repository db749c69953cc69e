import FlowLanguageServer
import FlowSyntax
import FlowTestSupport
import Foundation

extension Benchmarks {
    /// Issue 14: one keystroke (a `didChange` of one character, incremental sync) on an open
    /// 5,000-line file until its diagnostics are published: the server checks and lints the
    /// whole file on each change. The file is a generated corpus file written to a scratch
    /// project (removed afterwards); the keystrokes type and delete one character inside a
    /// string, so every one is a full check and lint of a file that loads (the generated corpus
    /// has lint warnings, which are published each time).
    func languageServer() async throws -> [BenchRow] {
        log("language server: a keystroke on a 5,000-line file...")
        let (text, shape) = Self.corpusFile(lines: 5_000)
        let lines = text.utf8.count(where: { $0 == 0x0A })
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowbench-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent(".git"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.resolvingSymlinksInPath().path + "/corpus.flow"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let uri = FileURI.uri(path)

        let published = PublishCounter()
        let server = LanguageServer(output: { published.record($0) })
        func send(_ message: JSON) async { _ = await server.receive(MessageFramer.frame(message.bytes)) }
        await send([
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": ["rootUri": .string(FileURI.uri(directory.path)), "capabilities": [:]],
        ])
        await send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        await send([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": [
                "textDocument": ["uri": .string(uri), "languageId": "flow", "version": 1, "text": .string(text)]
            ],
        ])
        let atOpen = published.counts()
        guard let opened = atOpen.diagnostics.first, atOpen.errors == [0] else {
            throw BenchFailure("the generated file should open without errors; published \(atOpen.errors) errors")
        }

        // Inside the first title string of the strings table: `(en)"` becomes `(enx)"` and back.
        let file = SourceFile(id: FileID(0), path: path, text: text)
        guard let marker = text.range(of: " (en)\"") else {
            throw BenchFailure("no title string in the generated file")
        }
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: marker.lowerBound) + 4
        let at = PositionConverter(.utf16).position(of: offset, in: file)
        let after = Position(line: at.line, character: at.character + 1)
        let keystrokes = options.quick ? 10 : 40
        var samples: [Double] = []
        var cpu: [Double] = []
        for i in 0..<(keystrokes + 2) {
            let change: JSON =
                i % 2 == 0
                ? ["range": ["start": at.json, "end": at.json], "text": "x"]
                : ["range": ["start": at.json, "end": after.json], "text": ""]
            let message: JSON = [
                "jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": ["textDocument": ["uri": .string(uri), "version": .int(i + 2)], "contentChanges": [change]],
            ]
            let framed = MessageFramer.frame(message.bytes)
            let start = ContinuousClock.now
            let startCPU = Self.processCPUSeconds()
            _ = await server.receive(framed)
            if i >= 2 {  // two warm-up keystrokes
                samples.append(Timing.seconds(ContinuousClock.now - start))
                cpu.append(Self.processCPUSeconds() - startCPU)
            }
        }
        let typed = published.counts()
        guard typed.diagnostics.count == keystrokes + 2, typed.diagnostics.allSatisfy({ $0 == opened }),
            typed.errors.allSatisfy({ $0 == 0 })
        else {
            throw BenchFailure(
                "each keystroke should publish the \(opened) diagnostics once; published \(typed.diagnostics)")
        }
        let median = Timing.median(of: samples) * 1000
        let worst = (samples.max() ?? 0) * 1000
        let cpuMedian = Timing.median(of: cpu) * 1000
        return [
            .goal(
                "keystroke to diagnostics (flow-lsp, \(lines) lines)",
                "\(fixed(median, 1)) ms median, \(fixed(worst, 1)) ms max over \(keystrokes) keystrokes; CPU \(fixed(cpuMedian, 1)) ms median (\(fixed(Double(text.utf8.count) / 1000, 0)) KB, \(shape.flowsPerFile) flows, \(opened) diagnostics each)",
                value: median, atLeast: false, 50, goalText: "< 50 ms")
        ]
    }
}

extension Benchmarks {
    /// A generated corpus file of one shape with at least `lines` lines, and its shape.
    static func corpusFile(lines: Int) -> (text: String, shape: CorpusParameters) {
        var shape = throughputShape
        shape.flowsPerFile = 1
        var text = CorpusGenerator.file(index: 0, parameters: shape).text
        while text.utf8.count(where: { $0 == 0x0A }) < lines {
            shape.flowsPerFile += 5
            text = CorpusGenerator.file(index: 0, parameters: shape).text
        }
        return (text, shape)
    }

    /// CPU time of the whole process (every thread), so a keystroke's cost can be read on a
    /// loaded machine, where wall time includes waiting for a core.
    static func processCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

/// Keeps what the server writes and counts the diagnostics of each `publishDiagnostics` when
/// asked, after the timing: parsing the JSON is the editor's work, in another process.
private final class PublishCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var framer = MessageFramer()

    func record(_ framed: [UInt8]) {
        lock.lock()
        framer.append(framed)
        lock.unlock()
    }

    /// The diagnostics and the errors among them of every publication so far.
    func counts() -> (diagnostics: [Int], errors: [Int]) {
        lock.lock()
        defer { lock.unlock() }
        var diagnostics: [Int] = []
        var errors: [Int] = []
        while let body = try? framer.next() {
            guard let message = try? JSON(parsing: body),
                message["method"]?.string == "textDocument/publishDiagnostics"
            else { continue }
            let list = message["params"]?["diagnostics"]?.array ?? []
            diagnostics.append(list.count)
            errors.append(list.filter { $0["severity"]?.int == 1 }.count)
        }
        return (diagnostics, errors)
    }
}
