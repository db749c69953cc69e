import Foundation

/// The parts of an app's Info.plist the linter reads: top-level keys with string values and
/// dictionaries of strings (`NSLocationTemporaryUsageDescriptionDictionary`). XML and binary
/// property lists are both accepted.
public struct InfoPlist: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case string(String)
        case dictionary([String: String])
        case other
    }
    /// Where it was read from, for messages.
    public var path: String
    public var values: [String: Value]

    public init(path: String, values: [String: Value]) {
        self.path = path
        self.values = values
    }

    /// Why a property list could not be read.
    public struct ParseError: Error, Hashable, Sendable {
        public var message: String
    }

    /// Parses XML or binary property-list bytes whose root is a dictionary.
    public init(path: String, data: Data) throws(ParseError) {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw ParseError(message: "'\(path)' is not a property list")
        }
        guard let dictionary = root as? [String: Any] else {
            throw ParseError(message: "'\(path)' is not a dictionary property list")
        }
        var values: [String: Value] = [:]
        for (key, value) in dictionary {
            if let s = value as? String {
                values[key] = .string(s)
            } else if let d = value as? [String: Any] {
                values[key] = .dictionary(d.compactMapValues { $0 as? String })
            } else {
                values[key] = .other
            }
        }
        self.init(path: path, values: values)
    }

    /// Reads and parses the file at `path`.
    public static func read(path: String) throws(ParseError) -> InfoPlist {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ParseError(message: "cannot read '\(path)'")
        }
        return try InfoPlist(path: path, data: data)
    }
}
