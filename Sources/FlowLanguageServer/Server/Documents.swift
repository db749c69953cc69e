import FlowSyntax

/// `file://` URIs ⇄ absolute paths (RFC 8089 with RFC 3986 percent-encoding). Only `file` URIs
/// name something the tools can load; others (`untitled:`) are kept but not analysed.
public enum FileURI {
    /// The absolute path of a `file://` URI (host empty or `localhost`), nil for other schemes.
    public static func path(_ uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        if rest.hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/") else { return nil }
        var out: [UInt8] = []
        let bytes = Array(rest.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
                let b = UInt8(String(decoding: bytes[i + 1...i + 2], as: UTF8.self), radix: 16)
            {
                out.append(b)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        if out.contains(0) { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    /// The `file://` URI of an absolute path; bytes outside RFC 3986's unreserved set and `/`
    /// are percent-encoded (as VS Code writes them).
    public static func uri(_ path: String) -> String {
        var out = "file://"
        for b in path.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(b >> 4)]) + String(hex[Int(b & 0xF)])
            }
        }
        return out
    }
}

/// A document the client has open: its text as the client holds it (unsaved edits included).
public struct OpenDocument: Sendable {
    public var uri: String
    /// The absolute, normalized path for `file://` URIs.
    public var path: String?
    public var version: Int
    public private(set) var file: SourceFile

    public init(uri: String, version: Int, text: [UInt8]) {
        self.uri = uri
        self.path = FileURI.path(uri)
        self.version = version
        self.file = SourceFile(id: FileID(0), path: path ?? uri, bytes: text)
    }

    public var bytes: [UInt8] { file.bytes }

    /// Applies one `contentChanges` element: with a `range`, replaces those bytes (positions in
    /// the negotiated encoding); without one, replaces the whole text.
    public mutating func apply(_ change: JSON, converter: PositionConverter) -> Bool {
        guard let text = change["text"]?.string else { return false }
        guard let rangeJSON = change["range"] else {
            file = SourceFile(id: FileID(0), path: file.path, bytes: Array(text.utf8))
            return true
        }
        guard let range = converter.byteRange(rangeJSON, in: file) else { return false }
        var bytes = file.bytes
        bytes.replaceSubrange(range, with: Array(text.utf8))
        file = SourceFile(id: FileID(0), path: file.path, bytes: bytes)
        return true
    }
}
