import Testing

@testable import FlowAnalytics

/// The same event as each export writes it reads back as the same record.
@Suite struct ExportFormatTests {
    static let expected = EventRecord(
        user: "u7", event: "prime_tapped", properties: ["choice": "continue", "step": "1", "flow": "camera"])

    @Test(arguments: [
        (
            EventFormat.lines,
            #"{"user": "u7", "event": "prime_tapped", "properties": {"choice": "continue", "step": 1, "flow": "camera"}, "time": "2026-01-05T09:30:00.000Z"}"#
        ),
        (
            .amplitude,
            #"{"user_id": "u7", "device_id": "D", "event_type": "prime_tapped", "event_time": "2026-01-05 09:30:00.000000", "event_properties": {"choice": "continue", "step": 1, "flow": "camera"}, "user_properties": {"plan": "pro"}}"#
        ),
        (
            .mixpanel,
            #"{"event": "prime_tapped", "properties": {"time": 1767605400, "distinct_id": "u7", "$insert_id": "x", "mp_processing_time_ms": 1, "choice": "continue", "step": 1, "flow": "camera"}}"#
        ),
        (
            .firebase,
            #"{"event_date": "20260105", "event_timestamp": "1767605400000000", "event_name": "prime_tapped", "user_pseudo_id": "u7", "event_params": [{"key": "choice", "value": {"string_value": "continue"}}, {"key": "step", "value": {"int_value": "1"}}, {"key": "flow", "value": {"string_value": "camera", "int_value": null}}]}"#
        ),
    ])
    func eachExportReadsAsTheSameEvent(format: EventFormat, line: String) throws {
        #expect(try EventRecord.parse(jsonLine: Array(line.utf8), format: format) == Self.expected)
    }

    @Test func anAmplitudeEventWithoutAUserIDIsItsDevice() throws {
        let line =
            #"{"user_id": null, "device_id": "D1", "event_type": "flow_start", "event_properties": {"flow": "camera"}}"#
        #expect(
            try EventRecord.parse(jsonLine: Array(line.utf8), format: .amplitude)
                == EventRecord(user: "D1", event: "flow_start", properties: ["flow": "camera"]))
    }

    @Test func aMissingFieldIsNamedAsTheExportNamesIt() {
        #expect(throws: EventRecord.Malformed(message: "the event has no \"user_pseudo_id\"", column: 1)) {
            try EventRecord.parse(jsonLine: Array(#"{"event_name": "x"}"#.utf8), format: .firebase)
        }
        #expect(throws: EventRecord.Malformed(message: "the event has no \"properties.distinct_id\"", column: 1)) {
            try EventRecord.parse(jsonLine: Array(#"{"event": "x", "properties": {}}"#.utf8), format: .mixpanel)
        }
    }
}
