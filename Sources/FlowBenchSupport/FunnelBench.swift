import FlowAnalytics
import FlowModel
import FlowSyntax
import Foundation

/// `flowbench --only funnel`: `flowrun funnel`'s streaming read (JSON Lines parsed, placed,
/// counted) against a plain line count of the same file, timed interleaved so the ratio holds
/// on a busy machine, with the process's peak RSS to show memory stays bounded.
enum FunnelBench {
    static let source = """
        flow camera {
          uses camera
          start -> check
          state check { status camera { notDetermined -> prime  denied -> off  else -> done granted } }
          state prime {
            track "prime_shown" { step: 1 }
            alert {
              title "Camera"
              button "Continue" -> ask  track "prime_tapped" { choice: "continue" }
              cancel "Not Now" -> done cancelled  track "prime_tapped" { choice: "later" }
            }
          }
          state ask { request camera { authorized -> done granted  else -> done denied } }
          state off { track "off_shown" alert { title "Camera is off" button "OK" -> done denied  track "off_closed" } }
        }
        """

    /// The runs' events, in the form `flowrun --events` writes: users in turn, each run one of
    /// five paths (some never ending), until `events` lines; written a buffer at a time.
    static func generate(events: Int, to path: String) throws -> Int {
        let paths: [[(String, String)]] = [
            [("prime_shown", "{\"step\": 1}"), ("prime_tapped", "{\"choice\": \"continue\"}")],
            [("prime_shown", "{\"step\": 1}"), ("prime_tapped", "{\"choice\": \"later\"}")],
            [("off_shown", "{}"), ("off_closed", "{}")],
            [("prime_shown", "{\"step\": 1}")],
            [],
        ]
        let outcomes = ["granted", "cancelled", "denied", nil, "granted"]
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw CocoaError(.fileWriteUnknown) }
        defer { try? handle.close() }
        var buffer = ""
        var written = 0
        var bytes = 0
        var run = 0
        func line(_ user: Int, _ event: String, _ properties: String) {
            buffer +=
                "{\"user\": \"user\(user)\", \"event\": \"\(event)\", \"properties\": \(properties), \"time\": \"2026-01-05T09:30:00.000Z\"}\n"
            written += 1
        }
        while written < events {
            let shape = run % paths.count
            let user = run % 100_000
            let variant = run % 2 == 0 ? "a" : "b"
            line(user, "flow_start", "{\"flow\": \"camera\", \"variant_copy\": \"\(variant)\"}")
            for (event, properties) in paths[shape] { line(user, event, properties) }
            if let outcome = outcomes[shape] {
                line(user, "flow_end", "{\"flow\": \"camera\", \"outcome\": \"\(outcome)\"}")
            }
            run += 1
            if buffer.utf8.count > 1 << 20 {
                bytes += buffer.utf8.count
                try handle.write(contentsOf: Data(buffer.utf8))
                buffer = ""
            }
        }
        bytes += buffer.utf8.count
        try handle.write(contentsOf: Data(buffer.utf8))
        return bytes
    }

    /// Newlines in the file, read as the funnel reads it (64 KiB at a time).
    static func lineCount(_ path: String) throws -> Int {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadNoSuchFile) }
        defer { try? handle.close() }
        var lines = 0
        while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
            chunk.withUnsafeBytes { raw in for b in raw where b == 0x0A { lines += 1 } }
        }
        return lines
    }
}

extension Benchmarks {
    /// The funnel row: events per second against a line count of the same file, and peak RSS.
    func funnel() throws -> [BenchRow] {
        let events = options.quick ? 20_000 : 10_000_000
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flowbench-funnel-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("events.jsonl").path
        log("generating \(events) funnel events...")
        let bytes = try FunnelBench.generate(events: events, to: path)
        let loaded = Loader(reader: MemoryReader(["f.flow": FunnelBench.source])).load("f.flow")
        guard let program = loaded.program else { throw CocoaError(.fileReadCorruptFile) }
        let map = FunnelMap(program: program, entry: FlowID(0))
        let before = peakResidentBytes()
        var lines = 0
        var runs = 0
        log("funnel over \(fixed(Double(bytes) / 1e6, 0)) MB of events, beside a line count...")
        // One round by default: a round reads the file three times; ten million events take a while.
        let timing = Timing(warmup: 0, repetitions: options.quick ? 1 : max(1, options.timing.repetitions / 2))
        func funnel(_ parse: ([UInt8]) throws(EventRecord.Malformed) -> EventRecord) throws {
            var counter = FunnelCounter(map: map)
            _ = try EventStream.read(path: path, parse: parse) { counter.add($0) }
            counter.finish()
            runs = counter.counts.reduce(0) { $0 + $1.runs }
        }
        // The baseline in the same run: the full JSON reader every line went through before
        // the scanner (`EventRecord.parseInFull`).
        let times = try timing.interleaved([
            { lines = try FunnelBench.lineCount(path) },
            { try funnel { (line) throws(EventRecord.Malformed) in try EventRecord.parse(jsonLine: line) } },
            { try funnel { (line) throws(EventRecord.Malformed) in try EventRecord.parseInFull(jsonLine: line) } },
        ])
        let peak = peakResidentBytes()
        let countRate = Double(lines) / max(times[0].median, 1e-9)
        let funnelRate = Double(events) / max(times[1].median, 1e-9)
        let fullRate = Double(events) / max(times[2].median, 1e-9)
        return [
            BenchRow(
                "funnel: events per second",
                "\(fixed(funnelRate / 1e6, 2)) M events/s over \(events) events (\(fixed(Double(bytes) / 1e6, 0)) MB, \(runs) runs)"
                    + " = \(fixed(times[1].ratio, 1))x the time of a line count (\(fixed(countRate / 1e6, 1)) M lines/s);"
                    + " the full JSON reader: \(fixed(fullRate / 1e6, 2)) M events/s = \(fixed(times[2].ratio, 1))x;"
                    + " peak RSS \(fixed(Double(peak) / 1e6)) MB (\(fixed(Double(before) / 1e6)) MB before)")
        ]
    }
}
