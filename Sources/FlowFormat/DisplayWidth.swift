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
