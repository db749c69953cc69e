import FlowFormat
import FlowSyntax

extension LanguageServer {
    /// Whether `textDocument/formatting` is offered (FlowFormat's canonical layout).
    static let formats = true

    /// `textDocument/formatting`: the canonical layout (`flowfmt`), as one edit that replaces
    /// only the bytes between the first and the last difference. The layout is the project's,
    /// not the editor's: `options.tabSize` is ignored, so `flowfmt --check` agrees with the
    /// editor. A file with syntax errors is refused with its first error, not mangled.
    func formatting(_ params: JSON) -> Result<JSON, ResponseError> {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = workspace.documents[uri] else {
            return .success(.null)
        }
        let file = document.file
        let formatted: [UInt8]
        do throws(FormatError) {
            formatted = try Formatter.format(file, limits: workspace.limits)
        } catch {
            let first = error.diagnostics.first
            let place =
                first?.range.map { r in
                    let p = converter.position(of: r.start.offset, in: file)
                    return " at \(p.line + 1):\(p.character + 1)"
                } ?? ""
            let why: String
            switch error {
            case .syntaxErrors: why = "the file has syntax errors; the first\(place): \(first?.message ?? "")"
            case .internalError(let message, _): why = "the formatter failed: \(message)"
            }
            return .failure(ResponseError(code: ResponseError.requestFailed, message: why))
        }
        let old = file.bytes
        guard formatted != old else { return .success([]) }
        let (start, oldEnd, newEnd) = Self.changedSpan(old, formatted)
        return .success([
            [
                "range": converter.range(from: start, to: oldEnd, in: file),
                "newText": .string(String(decoding: formatted[start..<newEnd], as: UTF8.self)),
            ]
        ])
    }

    /// The differing middle of two byte arrays, cut at scalar boundaries: `old[start..<oldEnd]`
    /// becomes `new[start..<newEnd]`.
    static func changedSpan(_ old: [UInt8], _ new: [UInt8]) -> (Int, Int, Int) {
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        while start > 0, start < old.count, old[start] & 0xC0 == 0x80 { start -= 1 }
        var suffix = 0
        while suffix < old.count - start, suffix < new.count - start,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        { suffix += 1 }
        // The kept suffix must start at a scalar's first byte.
        while suffix > 0, old[old.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
        return (start, old.count - suffix, new.count - suffix)
    }
}
