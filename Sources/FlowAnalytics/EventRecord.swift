import FlowEncoding
import FlowRuntime
import FlowSyntax
import Foundation

/// One analytics event as the funnel reads it: who, what, and its properties as text (numbers
/// normalized, so `3`, `3.0` and `3e0` compare equal; booleans `true`/`false`).
public struct EventRecord: Hashable, Sendable {
    public var user: String
    public var event: String
    public var properties: [String: String]

    public init(user: String, event: String, properties: [String: String]) {
        self.user = user
        self.event = event
        self.properties = properties
    }

    /// A line that is not an event: the message and the 1-based column (in Unicode scalars).
    public struct Malformed: Error, Hashable, Sendable {
        public var message: String
        public var column: Int
    }

    /// Reads one JSON Lines object `{"user": ID, "event": NAME, "properties": {...}, "time": ISO-8601}`
    /// (`properties` and `time` optional; `user` a string or a number).
    public static func parse(jsonLine bytes: [UInt8]) throws(Malformed) -> EventRecord {
        if let event = EventScanner.scan(bytes) { return event }
        return try parseInFull(jsonLine: bytes)
    }

    /// `parse(jsonLine:)` through the full JSON reader: every line `EventScanner` leaves, the
    /// reference its answers are tested against, and the benchmark's baseline.
    public static func parseInFull(jsonLine bytes: [UInt8]) throws(Malformed) -> EventRecord {
        let value: LocatedJSON.Value
        do {
            value = try LocatedJSON.parse(bytes)
        } catch {
            throw Malformed(message: error.message, column: error.column)
        }
        guard case .object(let members) = value else {
            throw Malformed(message: "expected a JSON object with \"user\" and \"event\"", column: 1)
        }
        var user: String?
        var event: String?
        var properties: [String: String] = [:]
        for member in members {
            let column = { LocatedJSON.position(of: member.offset, in: bytes).column }
            switch member.key {
            case "user":
                switch member.value {
                case .string(let s): user = s
                case .number(let n): user = normalized(n)
                default: throw Malformed(message: "\"user\" must be a string or a number", column: column())
                }
            case "event":
                guard case .string(let s) = member.value else {
                    throw Malformed(message: "\"event\" must be a string", column: column())
                }
                event = s
            case "properties":
                guard case .object(let props) = member.value else {
                    if case .null = member.value { continue }
                    throw Malformed(message: "\"properties\" must be an object", column: column())
                }
                for p in props {
                    if let text = text(p.value) { properties[p.key] = text }
                }
            default:
                continue
            }
        }
        guard let user else { throw Malformed(message: "the event has no \"user\"", column: 1) }
        guard let event else { throw Malformed(message: "the event has no \"event\" name", column: 1) }
        return EventRecord(user: user, event: event, properties: properties)
    }

    /// A property value as the funnel compares it (nil for `null`, arrays and objects).
    static func text(_ value: LocatedJSON.Value) -> String? {
        switch value {
        case .string(let s): s
        case .number(let n): normalized(n)
        case .bool(let b): b ? "true" : "false"
        case .null, .array, .object: nil
        }
    }

    /// A number as text: integers without a fraction (`3`), others as Swift prints a Double.
    static func normalized(_ n: Double) -> String {
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)
    }

    /// A number as the flow wrote it (`0.50`), normalized the same way.
    static func normalizedNumber(_ written: String) -> String {
        Double(written).map(normalized) ?? written
    }
}

/// Writes a run's analytics as JSON Lines, one event a line, in the form `EventRecord` reads
/// (`flowrun --events FILE --user ID`).
public enum EventLogWriter {
    /// The lines for `events`, sent by `user`: the first at `start`, each next one a millisecond
    /// later, so the times keep the order in which the run sent them.
    public static func lines(_ events: [AnalyticsEvent], user: String, start: Date) -> String {
        var out = ""
        for (i, event) in events.enumerated() {
            let time = start.addingTimeInterval(Double(i) / 1000)
            out += "{\"user\": \(quote(user)), \"event\": \(quote(event.name)), \"properties\": {"
            out += event.properties.map { "\(quote($0.key)): \(json($0.value))" }.joined(separator: ", ")
            out += "}, \"time\": \(quote(iso8601(time)))}\n"
        }
        return out
    }

    /// `2026-12-03T16:00:00.000Z`.
    public static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// Reads `2026-12-03T16:00:00Z`, with or without fractional seconds.
    public static func date(iso8601 text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    static func json(_ value: AnalyticsEvent.Value) -> String {
        switch value {
        case .text(let s): quote(s)
        // Normalized (`0.50` as `0.5`, `007` as `7`): always a valid JSON number, and what the
        // funnel compares a flow's written number with.
        case .number(let n): Double(n).map { $0.isFinite ? EventRecord.normalized($0) : quote(n) } ?? quote(n)
        case .bool(let b): b ? "true" : "false"
        }
    }

    /// A JSON string (RFC 8259), written the one way the tools write one (`JSONString`).
    public static func quote(_ s: String) -> String { JSONString.quote(s) }
}
