import FlowEncoding

/// A JSON value (RFC 8259) for the protocol: what `init(parsing:)` reads from a client's message
/// and what the server writes. Objects keep their members in a dictionary and are written with
/// sorted keys, so the same value always gives the same bytes (tests compare them).
public indirect enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public subscript(index: Int) -> JSON? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The value as an integer when it is a number without a fractional part.
    public var int: Int? {
        if case .number(let d) = self, d.rounded() == d, abs(d) < 9.0e15 { return Int(d) }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var array: [JSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var isNull: Bool { self == .null }

    public static func int(_ value: Int) -> JSON { .number(Double(value)) }

    /// Compact UTF-8 bytes, object keys sorted.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let d):
            if d.rounded() == d, abs(d) < 9.0e15 {
                out += Array(String(Int(d)).utf8)
            } else if d.isFinite {
                out += Array("\(d)".utf8)
            } else {
                out += Array("null".utf8)
            }
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                members[key]!.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writeString(_ s: String, to out: inout [UInt8]) { JSONString.write(s, to: &out) }
}

/// Builds an object from literal members: `["line": .int(3), "character": .int(4)]`.
extension JSON: ExpressibleByDictionaryLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral
{
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSON {
    /// Parses one JSON document from UTF-8 bytes with the tools' one reader (`LocatedJSON`:
    /// nesting capped, duplicate keys refused, errors with a line and column).
    public init(parsing bytes: [UInt8]) throws(LocatedJSON.Failure) {
        self.init(try LocatedJSON.parse(bytes))
    }

    init(_ value: LocatedJSON.Value) {
        switch value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n): self = .number(n)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(JSON.init))
        case .object(let members):
            var object: [String: JSON] = [:]
            object.reserveCapacity(members.count)
            for member in members { object[member.key] = JSON(member.value) }
            self = .object(object)
        }
    }
}
