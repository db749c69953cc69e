import FlowModel
import FlowRuntime
import FlowSyntax
import Foundation
import Testing

@testable import FlowAnalytics

/// The funnel over events written by scripted runs of a flow: many users, a mix of answers, two
/// variants; the counts and rates must be those the test works out from the runs themselves.
@Suite struct FunnelTests {
    static let source = """
        flow camera {
          uses camera
          start -> check
          state check { status camera { notDetermined -> prime  denied -> off  else -> done granted } }
          state prime {
            track "prime_shown"
            track "camera_screen"
            alert {
              title "Camera"
              button "Continue" -> ask  track "prime_tapped" { choice: "continue" }
              cancel "Not Now" -> done cancelled  track "prime_tapped" { choice: "later" }
            }
          }
          state ask { request camera { authorized -> done granted  else -> done denied } }
          state off {
            track "off_shown"
            track "camera_screen"
            alert { title "Camera is off" button "OK" -> done denied  track "off_closed" }
          }
        }
        """

    static func program() throws -> Program {
        let loaded = Loader(reader: MemoryReader(["f.flow": source])).load("f.flow")
        return try #require(loaded.program, "\(loaded.diagnostics.map(\.message))")
    }

    /// User `i`'s device and answers: a mix of initial statuses, taps, answers and users who leave.
    static func script(_ i: Int) -> (SimulatedDevice.Configuration, Script) {
        var configuration = SimulatedDevice.Configuration()
        if i % 5 == 0 { configuration.statuses[.camera] = .denied }
        if i % 7 == 0 { configuration.statuses[.camera] = .authorized }
        var script = Script()
        if i % 11 != 0 {
            script.taps = [Scripted(i % 5 == 0 ? "OK" : (i % 3 == 0 ? "Not Now" : "Continue"))]
        }
        script.answers = [.camera: [Scripted(i % 2 == 0 ? PromptChoice.label("Allow") : .status(.denied))]]
        return (configuration, script)
    }

    /// The variant a user is in, as the experiment would send it on `flow_start`.
    static func variant(_ i: Int) -> String { i % 4 < 2 ? "a" : "b" }

    static func runs(_ users: Int) async throws -> [RunResult] {
        let interpreter = Interpreter(program: try program(), backend: try SimulatedDevice(.init(), script: Script()))
        var results: [RunResult] = []
        for i in 0..<users {
            let (configuration, script) = Self.script(i)
            let device = try SimulatedDevice(configuration, script: script)
            results.append(try await interpreter.with(backend: device).run(flow: "camera"))
        }
        return results
    }

    static func eventFile(_ results: [RunResult], extra: String = "") throws -> String {
        var text = ""
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        for (i, result) in results.enumerated() {
            var events = result.sentEvents
            events[0].properties.append(.init(key: "variant_copy", value: .text(variant(i))))
            text += EventLogWriter.lines(events, user: "u\(i)", start: start.addingTimeInterval(Double(i)))
        }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("funnel-\(UUID().uuidString).jsonl").path
        try (text + extra).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func countsAndRatesAreThoseOfTheRuns() async throws {
        let users = 400
        let results = try await Self.runs(users)
        let path = try Self.eventFile(results)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var counter = FunnelCounter(map: FunnelMap(program: try Self.program(), entry: FlowID(0)))
        let read = try EventStream.read(path: path) { counter.add($0) }
        counter.finish()
        #expect(read.problemCount == 0)
        #expect(counter.openRuns == 0)
        #expect(counter.variants == ["copy=a", "copy=b"])
        let map = counter.map
        #expect(
            map.sites.map(\.name) == [
                "prime", "prime -> ask \"Continue\"", "prime -> done cancelled \"Not Now\"", "off",
                "off -> done denied \"OK\"",
            ])

        for (v, label) in ["a", "b"].enumerated() {  // variant v is "copy=<label>"
            let mine = results.indices.filter { Self.variant($0) == label }.map { results[$0] }
            let counts = counter.counts[v]
            #expect(counts.runs == mine.count)
            let expectedReached = [
                mine.filter { $0.path.contains("prime") }.count,
                mine.filter { $0.path.contains("ask") }.count,
                mine.filter { $0.path.contains("prime") && $0.outcome == "cancelled" }.count,
                mine.filter { $0.path.contains("off") }.count,
                mine.filter { $0.path.contains("off") && $0.outcome != nil }.count,
            ]
            #expect(counts.reached == expectedReached, "variant \(label)")
            #expect(counts.outcomes == map.outcomes.map { o in mine.filter { $0.outcome == o }.count })
            // A run that stopped stopped at an alert, after its state's events.
            let stoppedAt = { (state: String) in mine.filter { $0.outcome == nil && $0.path.last == state }.count }
            #expect(stoppedAt("prime") > 0 && stoppedAt("off") > 0)
            #expect(counts.left == [stoppedAt("prime"), 0, 0, stoppedAt("off"), 0, 0])
        }

        let report = FunnelReport(counter: counter, optIn: FunnelReport.defaultOptIn(outcomes: map.outcomes))
        #expect(report.optIn == ["granted"])
        for (v, label) in ["a", "b"].enumerated() {  // variant v is "copy=<label>"
            let mine = results.indices.filter { Self.variant($0) == label }.map { results[$0] }
            let granted = mine.filter { $0.outcome == "granted" }.count
            #expect(report.optInRates[v].successes == granted)
            #expect(report.optInRates[v].trials == mine.count)
        }
        // "camera_screen" is sent by two states and nothing tells them apart.
        #expect(counter.misfits.ambiguous == ["camera_screen": results.filter { !$0.events.isEmpty }.count])
        #expect(counter.misfits.unknownEvents.isEmpty)
    }

    @Test func eventsTheFlowCannotHaveSentAreReportedNotDropped() throws {
        let lines = """
            {"user": "u1", "event": "flow_start", "properties": {"flow": "camera"}}
            {"user": "u1", "event": "prime_shown"}
            {"user": "u1", "event": "prime_tapped", "properties": {"choice": "maybe"}}
            {"user": "u1", "event": "prime_shwn"}
            {"user": "u1", "event": "flow_end", "properties": {"flow": "camera", "outcome": "dismissed"}}
            {"user": "u2", "event": "prime_shown"}
            {"user": "u3", "event": "flow_start", "properties": {"flow": "other"}}
            {"user": "u3", "event": "other_shown"}
            {"user": 4, "event": }

            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("misfits-\(UUID().uuidString).jsonl")
            .path
        try lines.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var counter = FunnelCounter(map: FunnelMap(program: try Self.program(), entry: FlowID(0)))
        let read = try EventStream.read(path: path) { counter.add($0) }
        counter.finish()
        #expect(
            read.problems == [
                EventStream.Problem(
                    line: 9, column: 22,
                    message: "expected a value (an object, array, string, number, true, false or null)")
            ])
        #expect(counter.misfits.noSuchBranch == ["prime_tapped": 1])
        #expect(counter.misfits.unknownEvents == ["prime_shwn": 1])
        #expect(counter.misfits.unknownOutcomes == ["dismissed": 1])
        #expect(counter.misfits.outsideRuns == 1)
        #expect(counter.otherFlowEvents == 2)
        #expect(counter.counts[0].runs == 1)
        #expect(counter.counts[0].reached[0] == 1)
        let text = FunnelReport(counter: counter, optIn: ["granted"]).text(file: "e.jsonl")
        #expect(text.contains("events the flow does not send (during its runs):\n  \"prime_shwn\" 1\n"))
        #expect(
            text.contains(
                "events of the flow with properties no track of it has (a branch that does not exist):\n  \"prime_tapped\" 1\n"
            ))
        #expect(text.contains("flow_end with an outcome the flow does not have:\n  \"dismissed\" 1\n"))
    }

    @Test func openRunsAreBoundedAndTheLimitIsReported() throws {
        var counter = FunnelCounter(map: FunnelMap(program: try Self.program(), entry: FlowID(0)), maxOpenRuns: 2)
        for user in ["a", "b", "c"] {
            counter.add(EventRecord(user: user, event: "flow_start", properties: ["flow": "camera"]))
        }
        #expect(counter.openRuns == 2)
        #expect(counter.runsOverLimit == 1)
        counter.add(EventRecord(user: "a", event: "flow_end", properties: ["flow": "camera", "outcome": "granted"]))
        #expect(counter.openRuns == 1)
        counter.finish()
        #expect(counter.counts[0].runs == 2)
        #expect(counter.counts[0].outcomes[counter.map.outcomes.firstIndex(of: "granted")!] == 1)
    }

    @Test func newNamesAndVariantsCannotGrowMemoryWithoutBound() throws {
        var counter = FunnelCounter(map: FunnelMap(program: try Self.program(), entry: FlowID(0)))
        for i in 0..<150 {
            counter.add(
                EventRecord(user: "u\(i)", event: "flow_start", properties: ["flow": "camera", "variant_x": "v\(i)"]))
        }
        for i in 0..<2000 { counter.add(EventRecord(user: "u0", event: "noise_\(i)", properties: [:])) }
        counter.finish()
        #expect(counter.variants.count == FunnelCounter.maxVariants)
        #expect(counter.variants.last == "(other variants)")
        #expect(counter.counts.last?.runs == 51)
        #expect(counter.misfits.unknownEvents.count == FunnelCounter.maxNames)
        #expect(counter.misfits.unknownEvents["(other names)"] == 1001)
    }

    @Test func anOverlongLineIsReportedWithItsPosition() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID().uuidString).jsonl")
            .path
        let long = "{\"user\": \"u\", \"event\": \"" + String(repeating: "x", count: 200) + "\"}"
        try ("{\"user\": \"u\", \"event\": \"e\"}\n" + long + "\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var names: [String] = []
        let read = try EventStream.read(path: path, maxLineBytes: 100) { names.append($0.event) }
        #expect(names == ["e"])
        #expect(
            read.problems == [
                EventStream.Problem(line: 2, column: 101, message: "line longer than 100 bytes; its event is not read")
            ])
    }
}

/// The statistics against values worked out by hand.
@Suite struct FunnelStatisticsTests {
    @Test func wilsonInterval() throws {
        // 0 of 10: the upper bound is z²/(n + z²) = 3.8415 / 13.8415.
        let none = try #require(FunnelStatistics.wilson(successes: 0, trials: 10))
        #expect(none.low == 0)
        #expect(abs(none.high - 0.27753) < 0.00001)
        let half = try #require(FunnelStatistics.wilson(successes: 50, trials: 100))
        #expect(abs(half.low - 0.40383) < 0.00001)
        #expect(abs(half.high - 0.59617) < 0.00001)
        #expect(FunnelStatistics.wilson(successes: 0, trials: 0) == nil)
    }

    @Test func twoProportionZTest() throws {
        // 45/100 vs 60/100: pooled 0.525, se = sqrt(0.525 · 0.475 · 0.02) = 0.070622.
        let test = try #require(FunnelStatistics.twoProportionZ((45, 100), (60, 100)))
        #expect(abs(test.z - -2.12398) < 0.0001)
        #expect(abs(test.p - 0.03367) < 0.0001)
        #expect(FunnelStatistics.twoProportionZ((0, 10), (0, 20)) == nil)
    }
}
