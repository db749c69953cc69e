import FlowEncoding
import FlowSyntax

/// Where the user, the event name and the properties are in a line of each export
/// `flowrun funnel --from` reads (README, "Reading the funnel back", has the table).
public enum EventFormat: String, Sendable, CaseIterable {
    /// `{"user", "event", "properties", "time"}`: what `flowrun --events` writes.
    case lines
    /// Amplitude's Export API (gzipped JSON, one event a line, once unzipped):
    /// `user_id` (else `device_id`), `event_type`, `event_properties`, `event_time`.
    /// https://amplitude.com/docs/apis/analytics/export (field names as exported events carry
    /// them; the time format is *unverified* and is not read).
    case amplitude
    /// Mixpanel's Raw Event Export (JSONL): `event`, and `properties` holding `distinct_id`,
    /// `time` (Unix seconds) and the event's own properties; Mixpanel's `$`- and `mp_`-prefixed
    /// ones are left out. https://docs.mixpanel.com/docs/export-methods
    case mixpanel
    /// Firebase's BigQuery export as newline-delimited JSON (`bq extract
    /// --destination_format NEWLINE_DELIMITED_JSON`): `user_pseudo_id`, `event_name`,
    /// `event_timestamp` (microseconds), `event_params` as `[{"key", "value": {"string_value" |
    /// "int_value" | "float_value" | "double_value"}}]`.
    /// https://developers.google.com/analytics/bigquery/event-schema
    case firebase
}

extension EventRecord {
    /// Reads one line of `format`.
    public static func parse(jsonLine bytes: [UInt8], format: EventFormat) throws(Malformed) -> EventRecord {
        if format == .lines { return try parse(jsonLine: bytes) }
        let value: LocatedJSON.Value
        do {
            value = try LocatedJSON.parse(bytes)
        } catch {
            throw Malformed(message: error.message, column: error.column)
        }
        guard case .object(let members) = value else {
            throw Malformed(message: "expected a JSON object (one \(format.rawValue) event)", column: 1)
        }
        func member(_ key: String) -> LocatedJSON.Value? { members.first { $0.key == key }?.value }
        func string(_ value: LocatedJSON.Value?) -> String? {
            switch value {
            case .string(let s)?: s
            case .number(let n)?: normalized(n)
            default: nil
            }
        }
        var properties: [String: String] = [:]
        let user: String?
        let event: String?
        switch format {
        case .lines:
            preconditionFailure("read above")
        case .amplitude:
            user = string(member("user_id")) ?? string(member("device_id"))
            event = string(member("event_type"))
            if case .object(let props)? = member("event_properties") {
                for p in props { if let t = text(p.value) { properties[p.key] = t } }
            }
        case .mixpanel:
            event = string(member("event"))
            var distinct: String?
            if case .object(let props)? = member("properties") {
                for p in props {
                    if p.key == "distinct_id" { distinct = text(p.value) }
                    if p.key == "time" || p.key == "distinct_id" || p.key.hasPrefix("$") || p.key.hasPrefix("mp_") {
                        continue
                    }
                    if let t = text(p.value) { properties[p.key] = t }
                }
            }
            user = distinct
        case .firebase:
            user = string(member("user_pseudo_id")) ?? string(member("user_id"))
            event = string(member("event_name"))
            if case .array(let params)? = member("event_params") {
                for case .object(let param) in params {
                    guard case .string(let key)? = param.first(where: { $0.key == "key" })?.value,
                        case .object(let slots)? = param.first(where: { $0.key == "value" })?.value
                    else { continue }
                    // The one typed slot that is set (int64 values come as strings in JSON).
                    for slot in ["string_value", "int_value", "float_value", "double_value"] {
                        if let v = slots.first(where: { $0.key == slot })?.value, let t = text(v) {
                            properties[key] = slot == "string_value" ? t : Double(t).map(normalized) ?? t
                            break
                        }
                    }
                }
            }
        }
        let names: (user: String, event: String) =
            switch format {
            case .lines: ("user", "event")
            case .amplitude: ("user_id", "event_type")
            case .mixpanel: ("properties.distinct_id", "event")
            case .firebase: ("user_pseudo_id", "event_name")
            }
        guard let user else { throw Malformed(message: "the event has no \"\(names.user)\"", column: 1) }
        guard let event else { throw Malformed(message: "the event has no \"\(names.event)\"", column: 1) }
        return EventRecord(user: user, event: event, properties: properties)
    }
}
