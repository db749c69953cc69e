/// Splits a byte stream into LSP messages: each is a header (`Content-Length: N`, optionally
/// `Content-Type`, each line ending in CRLF, then an empty line) followed by N bytes of JSON.
/// Bytes arrive in any chunking; `append` buffers them and `next()` returns each complete body.
///
/// Bounded: a header longer than `maxHeaderBytes` or a body longer than `maxBodyBytes` is a
/// `FramingError` (the stream cannot be resynchronised after it, so the server stops).
public struct MessageFramer: Sendable {
    /// What broke the stream.
    public struct FramingError: Error, Equatable, Sendable {
        public var message: String
    }

    /// A flow is at most 8 MiB (`ParseLimits`); its JSON, escaped, fits in four times that.
    public static let maxBodyBytes = 32 << 20
    public static let maxHeaderBytes = 4096

    private var buffer: [UInt8] = []
    private var start = 0

    public init() {}

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message body, nil when more bytes are needed.
    public mutating func next() throws(FramingError) -> [UInt8]? {
        // Find the blank line that ends the header.
        var end: Int?
        var k = start
        while k + 3 < buffer.count {
            if buffer[k] == 0x0D, buffer[k + 1] == 0x0A, buffer[k + 2] == 0x0D, buffer[k + 3] == 0x0A {
                end = k
                break
            }
            k += 1
        }
        guard let headerEnd = end else {
            if buffer.count - start > Self.maxHeaderBytes {
                throw FramingError(message: "message header longer than \(Self.maxHeaderBytes) bytes")
            }
            compact()
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else {
                throw FramingError(message: "malformed header line '\(line)'")
            }
            let name = line[..<colon].trimmingSpaces.lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            if name == "content-length" {
                guard let n = Int(value), n >= 0 else {
                    throw FramingError(message: "invalid Content-Length '\(value)'")
                }
                length = n
            }
        }
        guard let length else { throw FramingError(message: "message header without Content-Length") }
        guard length <= Self.maxBodyBytes else {
            throw FramingError(message: "message of \(length) bytes, more than the limit of \(Self.maxBodyBytes)")
        }
        let bodyStart = headerEnd + 4
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        start = bodyStart + length
        compact()
        return body
    }

    /// Drops consumed bytes once they are the larger part of the buffer (amortised linear).
    private mutating func compact() {
        if start > 0, start * 2 >= buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    /// `body` with its header: what the server writes.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension Substring {
    var trimmingSpaces: String {
        var s = self[...]
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
