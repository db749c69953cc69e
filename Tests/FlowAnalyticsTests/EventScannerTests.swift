import FlowRuntime
import Foundation
import Testing

@testable import FlowAnalytics

/// The scanner decides only how fast a line is read: for every line, `parse(jsonLine:)` (scanner
/// first) and `parseInFull` (the full JSON reader) give the same event or the same error.
@Suite struct EventScannerTests {
    /// Lines in the common shape: the scanner reads them itself.
    static let common: [(line: String, expected: EventRecord)] = [
        (
            #"{"user": "u7", "event": "prime_tapped", "properties": {"choice": "continue", "step": 1}, "time": "2026-01-05T09:30:00.000Z"}"#,
            EventRecord(user: "u7", event: "prime_tapped", properties: ["choice": "continue", "step": "1"])
        ),
        (
            #"{"event":"x","user":42,"properties":{}}"#,
            EventRecord(user: "42", event: "x", properties: [:])
        ),
        (
            "\t{ \"user\" : \"é ü 漢\" , \"event\" : \"flow_end\" , \"properties\" : null }\r\n",
            EventRecord(user: "é ü 漢", event: "flow_end", properties: [:])
        ),
        (
            #"{"user": "u", "event": "e", "properties": {"a": true, "b": false, "c": -12, "d": 0, "e": 999999999999999}}"#,
            EventRecord(
                user: "u", event: "e",
                properties: ["a": "true", "b": "false", "c": "-12", "d": "0", "e": "999999999999999"])
        ),
    ]

    @Test func theScannerReadsTheCommonShapeItself() throws {
        for (line, expected) in Self.common {
            #expect(EventScanner.scan(Array(line.utf8)) == expected, "\(line)")
            #expect(try EventRecord.parseInFull(jsonLine: Array(line.utf8)) == expected, "\(line)")
        }
    }

    /// Lines the scanner leaves to the full reader, valid and not: each gives the full reader's
    /// answer through `parse(jsonLine:)`.
    static let left: [String] = [
        #"{"user": "a\"b", "event": "e"}"#,  // an escape
        #"{"user": "u", "event": "e\u00e9"}"#,
        #"{"user": "u", "event": "e", "properties": {"p": 0.5}}"#,  // a fraction
        #"{"user": "u", "event": "e", "properties": {"p": 1e3}}"#,  // an exponent
        #"{"user": "u", "event": "e", "properties": {"p": 1.0}}"#,
        #"{"user": -0, "event": "e"}"#,
        #"{"user": 1234567890123456, "event": "e"}"#,  // 16 digits
        #"{"user": 12345678901234567890, "event": "e"}"#,
        #"{"user": 007, "event": "e"}"#,  // leading zeros: not JSON, read leniently
        #"{"user": 12-3, "event": "e"}"#,
        #"{"user": "u", "event": "e", "properties": {"p": null}}"#,
        #"{"user": "u", "event": "e", "properties": {"p": [1, 2], "q": {"r": 1}}}"#,
        #"{"user": "u", "event": "e", "properties": {"p": 1, "p": 2}}"#,  // a duplicate property
        #"{"user": "u", "event": "e", "user": "v"}"#,  // a duplicate key
        #"{"user": "u", "event": "e", "extra": 1}"#,  // an unknown key
        #"{"user": "u", "event": "e", "time": 1733222400.5}"#,
        "\u{FEFF}{\"user\": \"u\", \"event\": \"e\"}",  // a byte-order mark
        #"{"user": "u"}"#,
        #"{"event": "e"}"#,
        #"{"user": true, "event": "e"}"#,
        #"{"user": "u", "event": 3}"#,
        #"{"user": "u", "event": "e", "properties": "x"}"#,
        #"{"user": "u", "event": "e",}"#,
        #"{"user": "u", "event": "e"} x"#,
        #"{"user": "u", "event": "e""#,
        #"{"user": "u", "event": "e", "properties": {"a": truex}}"#,
        "{\"user\": \"u\u{1}\", \"event\": \"e\"}",  // a control character
        #"[1, 2]"#,
        #"{}"#,
        "",
    ]

    @Test func everyOtherLineGetsTheFullReadersAnswer() {
        for line in Self.left {
            let bytes = Array(line.utf8)
            #expect(EventScanner.scan(bytes) == nil, "the scanner took \(line)")
            let scanned = Self.answer { () throws(EventRecord.Malformed) in try EventRecord.parse(jsonLine: bytes) }
            let full = Self.answer { () throws(EventRecord.Malformed) in try EventRecord.parseInFull(jsonLine: bytes) }
            #expect(scanned == full, "\(line)")
        }
    }

    /// Both readers over what `flowrun --events` writes for awkward values: the same events.
    @Test func writtenEventsReadTheSameBothWays() throws {
        let values: [AnalyticsEvent.Value] = [
            .text("plain"), .text("quote \" and \\ backslash"), .text("tab\tnewline\n"), .text("emoji 📷"),
            .number("3"), .number("0.50"), .number("-7"), .number("1e3"), .bool(true), .bool(false),
        ]
        let events = values.enumerated().map { i, value in
            AnalyticsEvent(
                name: "event_\(i)",
                properties: [.init(key: "v", value: value), .init(key: "n", value: .number("\(i)"))])
        }
        let written = EventLogWriter.lines(events, user: "user \"1\"", start: Date(timeIntervalSince1970: 0))
        let lines = written.split(separator: "\n")
        #expect(lines.count == values.count)
        for line in lines {
            let bytes = Array(line.utf8)
            let full = try EventRecord.parseInFull(jsonLine: bytes)
            #expect(try EventRecord.parse(jsonLine: bytes) == full)
        }
        // The plain ones are the scanner's own.
        #expect(EventScanner.scan(Array(lines[0].utf8)) == nil, "the user name has an escape")
        let plain = EventLogWriter.lines(Array(events.prefix(1)), user: "u1", start: Date(timeIntervalSince1970: 0))
        #expect(
            EventScanner.scan(Array(plain.dropLast().utf8))
                == EventRecord(user: "u1", event: "event_0", properties: ["v": "plain", "n": "0"]))
    }

    static func answer(_ read: () throws(EventRecord.Malformed) -> EventRecord) -> String {
        do {
            return "event \(try read())"
        } catch {
            return "error \(error.column): \(error.message)"
        }
    }
}
