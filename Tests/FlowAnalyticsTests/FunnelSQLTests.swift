import FlowModel
import FlowRuntime
import Foundation
import Testing

@testable import FlowAnalytics

/// A Python with DuckDB (`pip install duckdb`, test-only): `FLOW_DUCKDB_PYTHON`, else `python3`.
enum DuckDB {
    static let python: String? = {
        let candidate = ProcessInfo.processInfo.environment["FLOW_DUCKDB_PYTHON"] ?? "python3"
        let r = try? run(candidate, ["-c", "import duckdb"], input: "")
        return r?.code == 0 ? candidate : nil
    }()

    static func run(_ python: String, _ arguments: [String], input: String) throws -> (
        code: Int32, out: String, err: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let err = Box()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            err.data = stderr.fileHandleForReading.readAllRetryingInterrupts()
            done.signal()
        }
        let out = stdout.fileHandleForReading.readAllRetryingInterrupts()
        done.wait()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err.data, as: UTF8.self)
        )
    }

    final class Box: @unchecked Sendable { var data = Data() }

    /// Loads the JSON Lines file into `events` (plain) or a Firebase-shaped `events` table of
    /// structs (`firebase`), runs the query on stdin, prints each row as tab-separated text.
    static let script = #"""
        import duckdb, json, sys
        dialect, path = sys.argv[1], sys.argv[2]
        con = duckdb.connect()
        rows = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
        if dialect == "plain":
            con.execute("CREATE TABLE events (user_id VARCHAR, event_name VARCHAR, properties JSON, event_time TIMESTAMP)")
            con.executemany("INSERT INTO events VALUES (?, ?, ?, CAST(? AS TIMESTAMP))",
                [[str(r["user"]), r["event"], json.dumps(r.get("properties") or {}), r["time"].replace("Z", "")] for r in rows])
        else:
            con.execute("CREATE TABLE events (user_pseudo_id VARCHAR, event_name VARCHAR, event_timestamp BIGINT, "
                "event_params STRUCT(key VARCHAR, value STRUCT(string_value VARCHAR, int_value BIGINT, double_value DOUBLE))[])")
            def param(k, v):
                if isinstance(v, bool): return {"key": k, "value": {"string_value": "true" if v else "false", "int_value": None, "double_value": None}}
                if isinstance(v, int): return {"key": k, "value": {"string_value": None, "int_value": v, "double_value": None}}
                if isinstance(v, float): return {"key": k, "value": {"string_value": None, "int_value": None, "double_value": v}}
                return {"key": k, "value": {"string_value": v, "int_value": None, "double_value": None}}
            con.executemany("INSERT INTO events VALUES (?, ?, epoch_us(CAST(? AS TIMESTAMP)), ?)",
                [[str(r["user"]), r["event"], r["time"].replace("Z", ""), [param(k, v) for k, v in (r.get("properties") or {}).items()]] for r in rows])
        for row in con.execute(sys.stdin.read()).fetchall():
            print("\t".join(str(c) for c in row))
        """#
}

@Suite struct FunnelSQLTests {
    static func streamed(_ path: String) throws -> FunnelReport {
        var counter = FunnelCounter(map: FunnelMap(program: try FunnelTests.program(), entry: FlowID(0)))
        _ = try EventStream.read(path: path) { counter.add($0) }
        counter.finish()
        return FunnelReport(counter: counter, optIn: ["granted"])
    }

    @Test(
        .enabled(if: DuckDB.python != nil, "DuckDB is missing: pip install duckdb, or set FLOW_DUCKDB_PYTHON"),
        arguments: FunnelSQL.Dialect.allCases)
    func theQueryGivesTheStreamingRows(dialect: FunnelSQL.Dialect) async throws {
        let python = try #require(DuckDB.python)
        let results = try await FunnelTests.runs(120)
        // A user who runs the flow twice, unknown events and a branch the flow does not have.
        let extra = """
            {"user": "u1", "event": "flow_start", "properties": {"flow": "camera", "variant_copy": "a"}, "time": "2026-06-01T00:00:00.000Z"}
            {"user": "u1", "event": "prime_shown", "properties": {}, "time": "2026-06-01T00:00:00.001Z"}
            {"user": "u1", "event": "prime_tapped", "properties": {"choice": "maybe"}, "time": "2026-06-01T00:00:00.002Z"}
            {"user": "u1", "event": "nothing_we_send", "properties": {}, "time": "2026-06-01T00:00:00.003Z"}
            {"user": "u2", "event": "prime_shown", "properties": {}, "time": "2026-06-01T00:00:00.004Z"}

            """
        let path = try FunnelTests.eventFile(results, extra: extra)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let report = try Self.streamed(path)
        let query = FunnelSQL(map: report.counter.map, dialect: dialect, experiments: ["copy"]).query
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("duck-\(UUID().uuidString).py")
        try DuckDB.script.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let r = try DuckDB.run(python, [script.path, dialect.rawValue, path], input: query)
        #expect(r.code == 0, "\(r.err)\n\(query)")
        let sqlRows = r.out.split(separator: "\n").map(String.init)
        let streamRows = report.rows.map { "\($0.variant)\t\($0.measure)\t\($0.item)\t\($0.runs)" }
        #expect(sqlRows == streamRows, "\(query)")
        #expect(sqlRows.count > 10)
    }
}
