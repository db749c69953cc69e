/// Reads the common shape of a `flowrun --events` line without building a JSON tree: the four
/// keys `user`, `event`, `properties` and `time` once each, plain strings (no escapes), integers
/// of at most 15 digits, `true`, `false`, and a flat `properties` object.
///
/// Anything else (an escape, a fraction or an exponent, a nested value, a `null` property, a
/// duplicate or unknown key, a byte-order mark, a malformed line) makes it answer `nil`, and the
/// full reader (`LocatedJSON`) reads the line instead: it gives the same event, or the error
/// with its column. So the scanner only decides how fast a line is read, never what it means;
/// `EventScannerTests` hold the two readers to the same answers.
///
/// Why it exists: the full reader allocates a value per member and a buffer per string, which
/// made the funnel about forty times slower than a line count of the same file (BENCHMARKS.md,
/// "funnel").
struct EventScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The event on `line`, or nil when the line is not in the common shape.
    static func scan(_ line: [UInt8]) -> EventRecord? {
        line.withUnsafeBufferPointer { buffer in
            var scanner = EventScanner(buffer)
            return scanner.record()
        }
    }

    private enum Key: UInt8 {
        case user = 1
        case event = 2
        case properties = 4
        case time = 8
    }

    private mutating func record() -> EventRecord? {
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return nil }
        var user: String?
        var event: String?
        var properties: [String: String] = [:]
        var seen: UInt8 = 0
        repeat {
            skipSpace()
            guard let key = keyName(), seen & key.rawValue == 0 else { return nil }
            seen |= key.rawValue
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            switch key {
            case .user:
                guard let text = string() ?? integer() else { return nil }
                user = text
            case .event:
                guard let text = string() else { return nil }
                event = text
            case .properties:
                guard let members = flatObject() else { return nil }
                properties = members
            case .time:
                guard scalar() != nil else { return nil }
            }
            skipSpace()
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")) else { return nil }
        skipSpace()
        guard i == bytes.count, let user, let event else { return nil }
        return EventRecord(user: user, event: event, properties: properties)
    }

    /// One of the four keys, written without escapes.
    private mutating func keyName() -> Key? {
        guard let range = plainString() else { return nil }
        switch range.count {
        case 4 where matches(range, "user"): return .user
        case 4 where matches(range, "time"): return .time
        case 5 where matches(range, "event"): return .event
        case 10 where matches(range, "properties"): return .properties
        default: return nil
        }
    }

    private func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
        word.withUTF8Buffer { w in
            w.count == range.count && zip(w, bytes[range]).allSatisfy { $0 == $1 }
        }
    }

    /// `{ "key": scalar, ... }` or `null` (no properties), as the funnel's text values; nil
    /// for a nested value, a `null` member or a duplicate key.
    private mutating func flatObject() -> [String: String]? {
        if take(word: "null") { return [:] }
        guard take(UInt8(ascii: "{")) else { return nil }
        var members: [String: String] = [:]
        skipSpace()
        if take(UInt8(ascii: "}")) { return members }
        repeat {
            skipSpace()
            guard let key = string() else { return nil }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            guard let value = scalar(), members.updateValue(value, forKey: key) == nil else { return nil }
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? members : nil
    }

    /// A string, an integer, `true` or `false` as the funnel's text for it.
    private mutating func scalar() -> String? {
        if let text = string() ?? integer() { return text }
        if take(word: "true") { return "true" }
        if take(word: "false") { return "false" }
        return nil
    }

    private mutating func string() -> String? {
        plainString().map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// The bytes between a pair of double quotes, when there is no escape or control character.
    private mutating func plainString() -> Range<Int>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = i
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                return start..<i - 1
            case UInt8(ascii: "\\"), 0x00..<0x20:
                return nil
            default:
                i += 1
            }
        }
        return nil
    }

    /// `0` or `-?[1-9][0-9]{0,14}`, not followed by a fraction, an exponent or a sign: the text
    /// the full reader's number normalization gives for it is the digits as written.
    private mutating func integer() -> String? {
        let start = i
        let negative = take(UInt8(ascii: "-"))
        let first = i
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
        let digits = i - first
        let leadingZero = digits > 1 && bytes[first] == UInt8(ascii: "0")
        let negativeZero = negative && digits == 1 && bytes[first] == UInt8(ascii: "0")
        guard digits >= 1, digits <= 15, !leadingZero, !negativeZero, !atNumberContinuation() else {
            i = start
            return nil
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// Whether the next byte would make the full reader read a longer number (`.`, `e`, a sign).
    private func atNumberContinuation() -> Bool {
        guard i < bytes.count else { return false }
        switch bytes[i] {
        case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"): return true
        default: return false
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == byte else { return false }
        i += 1
        return true
    }

    private mutating func take(word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - i >= count, matches(i..<i + count, word) else { return false }
        i += count
        return true
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D, 0x0A: i += 1
            default: return
            }
        }
    }
}
