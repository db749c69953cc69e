/// Source text with position markers, as swift-syntax's `assertParse` writes them: a keycap digit
/// `1️⃣` … `9️⃣` stands where a diagnostic is expected to start (or end). The markers are removed
/// from `text` and their byte offsets into it kept, so an example or a test names an exact place in
/// real `.flow` text. Keycap emoji cannot clash with flow syntax: the lexer rejects them outside
/// strings, and no example needs one inside a string.
public struct MarkedText: Sendable {
    /// The text without markers.
    public let text: String
    /// Marker name (`"1️⃣"`) → UTF-8 offset into `text`.
    public let markers: [String: Int]

    public init(_ marked: String) {
        var out = ""
        var markers: [String: Int] = [:]
        var offset = 0
        let scalars = Array(marked.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if ("1"..."9").contains(s), i + 2 < scalars.count, scalars[i + 1] == "\u{FE0F}",
                scalars[i + 2] == "\u{20E3}"
            {
                let name = String(String.UnicodeScalarView(scalars[i...(i + 2)]))
                precondition(markers[name] == nil, "marker \(name) used twice")
                markers[name] = offset
                i += 3
                continue
            }
            out.unicodeScalars.append(s)
            offset += String(s).utf8.count
            i += 1
        }
        self.text = out
        self.markers = markers
    }

    /// The line and column of a marker in `text` (columns in Unicode scalars, as `SourceLocation`).
    public func location(of marker: String) -> SourceLocation? {
        guard let offset = markers[marker] else { return nil }
        return SourceFile(id: FileID(0), path: "", text: text).location(at: offset)
    }
}
