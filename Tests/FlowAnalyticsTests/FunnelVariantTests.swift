import FlowModel
import FlowRuntime
import FlowSyntax
import Foundation
import Testing

@testable import FlowAnalytics

/// One event sent from a state under each arm of an experiment (`camera_prime_shown` from the
/// alert and from the sheet of `flows/camera_priming_converts.flow`) is told apart by the
/// `variant_<experiment>` property every event of a run carries: the funnel places it at the
/// state its run's variant reaches.
@Suite struct FunnelVariantTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func program() throws -> Program {
        let loaded = Loader(reader: FileSystemReader()).load(repository + "/flows/camera_priming_converts.flow")
        return try #require(loaded.program, "\(loaded.diagnostics.map(\.message))")
    }

    static func variant(_ i: Int) -> String { i % 3 == 0 ? "benefits" : "plain" }

    /// User `i`: a mix of initial statuses, users who leave at the priming, and answers.
    static func runs(_ users: Int) async throws -> [RunResult] {
        let program = try program()
        var results: [RunResult] = []
        for i in 0..<users {
            var options = Interpreter.Options()
            options.variants = ["prime_copy": variant(i)]
            var configuration = SimulatedDevice.Configuration()
            if i % 5 == 0 { configuration.statuses[.camera] = .denied }
            if i % 7 == 0 { configuration.statuses[.camera] = .authorized }
            var script = Script()
            script.taps = i % 4 == 1 ? [] : [Scripted(i % 5 == 0 ? "Not Now" : "Continue")]
            script.answers = [.camera: [Scripted(i % 2 == 0 ? PromptChoice.label("Allow") : .status(.denied))]]
            let device = try SimulatedDevice(configuration, script: script)
            let interpreter = Interpreter(program: program, backend: device, options: options)
            results.append(try await interpreter.run(flow: "scan_receipts_onboarding"))
        }
        return results
    }

    static func eventFile(_ results: [RunResult], extra: String = "") throws -> String {
        var text = ""
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        for (i, result) in results.enumerated() {
            text += EventLogWriter.lines(result.sentEvents, user: "u\(i)", start: start.addingTimeInterval(Double(i)))
        }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("funnel-variant-\(UUID().uuidString).jsonl").path
        try (text + extra).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func count(_ path: String, program: Program) throws -> FunnelCounter {
        var counter = FunnelCounter(
            map: FunnelMap(program: program, entry: try #require(program.flow(named: "scan_receipts_onboarding"))))
        _ = try EventStream.read(path: path) { counter.add($0) }
        counter.finish()
        return counter
    }

    @Test func theVariantTellsTheTwoPrimingsApart() async throws {
        let results = try await Self.runs(240)
        let path = try Self.eventFile(results)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let counter = try Self.count(path, program: try Self.program())
        #expect(counter.map.sites.map(\.name) == ["prime_plain", "prime_benefits", "ask"])
        #expect(counter.variants == ["prime_copy=benefits", "prime_copy=plain"])
        for (v, label) in ["benefits", "plain"].enumerated() {
            let mine = results.indices.filter { Self.variant($0) == label }.map { results[$0] }
            let counts = counter.counts[v]
            #expect(counts.runs == mine.count)
            let expected = ["prime_plain", "prime_benefits", "ask"].map { s in mine.filter { $0.path.contains(s) }.count
            }
            #expect(counts.reached == expected, "variant \(label)")
            #expect(expected[label == "plain" ? 0 : 1] > 20 && expected[label == "plain" ? 1 : 0] == 0)
            #expect(counts.outcomes == counter.map.outcomes.map { o in mine.filter { $0.outcome == o }.count })
        }
        #expect(counter.misfits.ambiguous.isEmpty)
        #expect(counter.misfits.noSuchBranch.isEmpty)
        #expect(counter.misfits.unknownEvents.isEmpty)
    }

    static let split = """
        flow f {
          uses camera
          experiment look { a: 50, b: 50 }
          start -> pick
          state pick { variant look { a -> one  b -> two } }
          state one { track "shown"  alert { title "A" button "OK" -> done granted } }
          state two { track "shown"  track "sheet_only"  alert { title "B" button "OK" -> done granted } }
        }
        """

    /// An event whose variant reaches no state that sends it is reported, as an event the flow does
    /// not send; without the variant property, two sites still fit and it is ambiguous.
    @Test func anEventNoSiteOfItsVariantSendsIsUnknown() throws {
        let loaded = Loader(reader: MemoryReader(["f.flow": Self.split])).load("f.flow")
        let program = try #require(loaded.program, "\(loaded.diagnostics.map(\.message))")
        let map = FunnelMap(program: program, entry: FlowID(0))
        #expect(map.place(name: "shown", properties: ["variant_look": "a"]) == .site(0))
        #expect(map.place(name: "shown", properties: ["variant_look": "b"]) == .site(1))
        #expect(map.place(name: "sheet_only", properties: ["variant_look": "b"]) == .site(1))
        #expect(map.place(name: "sheet_only", properties: ["variant_look": "a"]) == .unknown)
        #expect(map.place(name: "shown", properties: [:]) == .ambiguous)
        #expect(map.place(name: "sheet_only", properties: [:]) == .site(1))

        let lines = """
            {"user": "u1", "event": "flow_start", "properties": {"flow": "f", "variant_look": "a"}}
            {"user": "u1", "event": "shown", "properties": {"variant_look": "a"}}
            {"user": "u1", "event": "sheet_only", "properties": {"variant_look": "a"}}
            {"user": "u1", "event": "flow_end", "properties": {"flow": "f", "outcome": "granted", "variant_look": "a"}}

            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("split-\(UUID().uuidString).jsonl")
            .path
        try lines.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var counter = FunnelCounter(map: map)
        _ = try EventStream.read(path: path) { counter.add($0) }
        counter.finish()
        #expect(counter.misfits.unknownEvents == ["sheet_only": 1])
        #expect(counter.counts[0].reached == [1, 0])
    }

    @Test(
        .enabled(if: DuckDB.python != nil, "DuckDB is missing: pip install duckdb, or set FLOW_DUCKDB_PYTHON"),
        arguments: FunnelSQL.Dialect.allCases)
    func theQueryGivesTheStreamingRows(dialect: FunnelSQL.Dialect) async throws {
        let python = try #require(DuckDB.python)
        let results = try await Self.runs(90)
        // An event sent under the other variant's state only, and one without its variant.
        let extra = """
            {"user": "x1", "event": "flow_start", "properties": {"flow": "scan_receipts_onboarding", "variant_prime_copy": "plain"}, "time": "2026-06-01T00:00:00.000Z"}
            {"user": "x1", "event": "camera_prime_shown", "properties": {}, "time": "2026-06-01T00:00:00.001Z"}
            {"user": "x1", "event": "camera_prime_shown", "properties": {"variant_prime_copy": "benefits"}, "time": "2026-06-01T00:00:00.002Z"}

            """
        let path = try Self.eventFile(results, extra: extra)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let counter = try Self.count(path, program: try Self.program())
        let report = FunnelReport(counter: counter, optIn: ["granted"])
        let query = FunnelSQL(map: counter.map, dialect: dialect, experiments: ["prime_copy"]).query
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("duck-\(UUID().uuidString).py")
        try DuckDB.script.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let r = try DuckDB.run(python, [script.path, dialect.rawValue, path], input: query)
        #expect(r.code == 0, "\(r.err)\n\(query)")
        let sqlRows = r.out.split(separator: "\n").map(String.init)
        let streamRows = report.rows.map { "\($0.variant)\t\($0.measure)\t\($0.item)\t\($0.runs)" }
        #expect(sqlRows == streamRows, "\(query)")
        #expect(streamRows.contains { $0.hasPrefix("prime_copy=plain\treached\tprime_plain\t") })
        #expect(streamRows.contains { $0.hasPrefix("prime_copy=benefits\treached\tprime_benefits\t") })
    }
}
