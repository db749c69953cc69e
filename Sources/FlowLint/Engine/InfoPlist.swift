import FlowModel
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
        try PlistDuplicateKeys.check(data, path: path)
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let detail = Self.where(error, in: data)
            throw ParseError(
                message: "\(path):\(detail.line.map { "\($0):1:" } ?? "") not a property list\(detail.text)")
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

    /// What the property-list parser said about a malformed file (Foundation's message names
    /// the line of an XML plist), or nothing.
    static func `where`(_ error: Error, in data: Data) -> (line: Int?, text: String) {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        var line: Int?
        if let r = detail.range(of: "line ") {
            let digits = detail[r.upperBound...].prefix { $0.isASCII && $0.isNumber }
            line = Int(digits)
        }
        return (line, detail.isEmpty ? "" : ": " + detail)
    }

    /// Reads the plist at `path` through the flows' bounded read: refused from its size when over
    /// `maxBytes`, and never more than that read.
    public static func read(path: String, maxBytes: Int = FileSystemReader.defaultMaxBytes) throws(ParseError)
        -> InfoPlist
    {
        switch FileSystemReader().read(path, maxBytes: maxBytes) {
        case .success(let bytes): return try InfoPlist(path: path, data: Data(bytes))
        case .failure(let error): throw ParseError(message: "cannot read '\(path)': \(error.message)")
        }
    }
}
