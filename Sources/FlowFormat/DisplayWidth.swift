import FlowSyntax

/// How many terminal cells UTF-8 text takes, counted as the diagnostic renderer counts them
/// (`DiagnosticRenderer.width(of:)`: East Asian wide characters and emoji two, combining marks
/// none, an invalid byte one): what alignment counts, so a column after CJK copy lines up.
func displayWidth(_ bytes: some Collection<UInt8>) -> Int {
    var width = 0
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): width += DiagnosticRenderer.width(of: scalar.value)
        case .error: width += 1
        case .emptyInput: return width
        }
    }
}

/// The line breaks in `source[range]` when it holds only spaces, tabs and line breaks (CR LF
/// counted once), or nil when it holds anything else (a comment, a byte-order mark, unexpected
/// text): the common case of trivia, answered without building its pieces.
@inline(__always)
func plainWhitespaceLineBreaks(_ source: [UInt8], _ range: Range<Int>) -> Int? {
    var breaks = 0
    var i = range.lowerBound
    let end = range.upperBound
    while i < end {
        switch source[i] {
        case 0x20, 0x09: break
        case 0x0A: breaks += 1
        case 0x0D: if i + 1 >= end || source[i + 1] != 0x0A { breaks += 1 }
        default: return nil
        }
        i += 1
    }
    return breaks
}
