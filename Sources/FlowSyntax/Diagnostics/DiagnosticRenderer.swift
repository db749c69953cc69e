/// Prints diagnostics the way compilers, editors and CI logs expect:
///
///     flows/camera.flow:14:21: error: unknown state 'prme' [FL0102]
///        14 |       notDetermined -> prme
///           |                        ^~~~ did you mean 'prime'?
///
/// The snippet shows the first line of the range with a caret line under it (tabs expanded to
/// 4-column stops in both lines, wide characters counted as two cells, invalid UTF-8 and control
/// characters shown as U+FFFD), then fix-it messages, then notes. Lines longer than
/// `maxSnippetWidth` cells are cut to a window around the caret. ANSI colour only when `colored`.
public struct DiagnosticRenderer: Sendable {
    public var colored: Bool
    /// Widest source snippet printed; longer lines are cut around the caret with `...`.
    public var maxSnippetWidth = 120
    private let lookup: @Sendable (FileID) -> SourceFile?

    /// A renderer that finds snippets in `files` (matched by `FileID`).
    public init(files: [SourceFile], colored: Bool = false) {
        var byID: [FileID: SourceFile] = [:]
        for file in files { byID[file.id] = file }
        let table = byID
        self.init(colored: colored) { table[$0] }
    }

    /// A renderer that asks `lookup` for the file a range points into.
    public init(colored: Bool = false, lookup: @escaping @Sendable (FileID) -> SourceFile?) {
        self.colored = colored
        self.lookup = lookup
    }

    /// All diagnostics, in the given order. `fallbackPath` names the file for diagnostics whose
    /// range is nil or points into a file the renderer does not know.
    public func render(_ diagnostics: [Diagnostic], fallbackPath: String? = nil) -> String {
        diagnostics.map { render($0, fallbackPath: fallbackPath) }.joined()
    }

    /// One diagnostic with its snippet, fix-its and notes; every line ends with a newline.
    public func render(_ diagnostic: Diagnostic, fallbackPath: String? = nil) -> String {
        var out = header(diagnostic.range, severity: diagnostic.severity, message: diagnostic.message,
                         id: diagnostic.id, fallbackPath: fallbackPath)
        let fixIts = diagnostic.fixIts.map(\.message).filter { !$0.isEmpty }.joined(separator: "; ")
        if let range = diagnostic.range, let file = lookup(range.file) {
            out += snippet(range, in: file, trailer: fixIts)
        } else if !fixIts.isEmpty {
            out += paint("note: ", Self.bold + Self.cyan) + fixIts + "\n"
        }
        for note in diagnostic.notes {
            if let range = note.range {
                out += header(range, severity: .note, message: note.message, id: nil, fallbackPath: fallbackPath)
                if let file = lookup(range.file) { out += snippet(range, in: file, trailer: "") }
            } else {
                out += paint("note: ", Self.bold + Self.cyan) + note.message + "\n"
            }
        }
        return out
    }

    // MARK: Pieces

    private static let reset = "\u{1B}[0m", bold = "\u{1B}[1m", red = "\u{1B}[31m", green = "\u{1B}[32m"
    private static let magenta = "\u{1B}[35m", cyan = "\u{1B}[36m", blue = "\u{1B}[34m"

    private func paint(_ text: String, _ style: String) -> String {
        colored ? style + text + Self.reset : text
    }

    private func header(_ range: SourceRange?, severity: Severity, message: String, id: String?,
                        fallbackPath: String?) -> String {
        let path = range.flatMap { lookup($0.file)?.path } ?? fallbackPath ?? "<unknown>"
        let line = range?.start.line ?? 1, column = range?.start.column ?? 1
        let color = switch severity {
        case .error: Self.red
        case .warning: Self.magenta
        case .note: Self.cyan
        }
        var out = paint("\(path):\(line):\(column):", Self.bold) + " " + paint("\(severity):", Self.bold + color) + " "
        out += paint(message, Self.bold)
        if let id { out += " [\(id)]" }
        return out + "\n"
    }

    /// One display cell run per scalar of a line.
    private struct Cell {
        var text: String
        var width: Int
    }

    private func snippet(_ range: SourceRange, in file: SourceFile, trailer: String) -> String {
        let lineNumber = range.start.line
        var cells = Self.cells(of: file, line: lineNumber)
        // Caret span in display cells: from the start column to the end column (or end of line).
        func displayOffset(ofColumn column: Int) -> Int {
            let index = max(0, column - 1)
            var offset = 0
            for i in 0..<min(index, cells.count) { offset += cells[i].width }
            return offset + max(0, index - cells.count)
        }
        let caretStart = displayOffset(ofColumn: range.start.column)
        let caretEnd = range.end.line == lineNumber
            ? displayOffset(ofColumn: range.end.column)
            : cells.reduce(0) { $0 + $1.width }
        var caretLength = max(1, caretEnd - caretStart)

        // Cut long lines to a window around the caret.
        var shift = 0
        let total = cells.reduce(0) { $0 + $1.width }
        var prefix = "", suffix = ""
        if total > maxSnippetWidth {
            let windowStart = max(0, min(caretStart - maxSnippetWidth / 3, total - maxSnippetWidth))
            var kept: [Cell] = []
            var position = 0
            for cell in cells {
                if position >= windowStart && position + cell.width <= windowStart + maxSnippetWidth { kept.append(cell) }
                position += cell.width
            }
            if windowStart > 0 {
                prefix = "..."
                shift = windowStart - 3
            }
            if windowStart + maxSnippetWidth < total { suffix = "..." }
            cells = kept
            caretLength = min(caretLength, maxSnippetWidth + 3 - (caretStart - shift))
            caretLength = max(1, caretLength)
        }

        let gutterWidth = max(5, String(lineNumber).count)
        let number = String(lineNumber)
        let gutter = String(repeating: " ", count: gutterWidth - number.count) + number
        let blank = String(repeating: " ", count: gutterWidth)
        let text = prefix + cells.map(\.text).joined() + suffix
        var out = paint(gutter + " |", Self.blue) + (text.isEmpty ? "" : " " + text) + "\n"
        let carets = "^" + String(repeating: "~", count: caretLength - 1)
        out += paint(blank + " |", Self.blue) + " " + String(repeating: " ", count: caretStart - shift)
        out += paint(carets, Self.bold + Self.green)
        if !trailer.isEmpty { out += " " + paint(trailer, Self.green) }
        return out + "\n"
    }

    /// The display cells of a 1-based line: a tab fills to the next multiple of 4, invalid bytes
    /// and control characters become U+FFFD, East Asian wide characters and emoji take two cells.
    private static func cells(of file: SourceFile, line: Int) -> [Cell] {
        var bytes = Array(file.lineBytes(line))
        if line == 1, UTF8Scalar.hasBOM(bytes) { bytes.removeFirst(3) }
        var cells: [Cell] = []
        cells.reserveCapacity(bytes.count)
        var position = 0
        var i = 0
        while i < bytes.count {
            let cell: Cell
            if let (value, length) = UTF8Scalar.decode(bytes, at: i, end: bytes.count) {
                i += length
                if value == 0x09 {
                    let width = 4 - position % 4
                    cell = Cell(text: String(repeating: " ", count: width), width: width)
                } else if !Lexer.isPrintable(value) && value != 0x20 {
                    cell = Cell(text: "\u{FFFD}", width: 1)
                } else {
                    cell = Cell(text: String(Character(Unicode.Scalar(value)!)), width: width(of: value))
                }
            } else {
                i += 1
                cell = Cell(text: "\u{FFFD}", width: 1)
            }
            position += cell.width
            cells.append(cell)
        }
        return cells
    }

    /// Terminal cells a scalar takes: 0 for combining marks, 2 for wide characters, else 1.
    static func width(of value: UInt32) -> Int {
        switch value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF: 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD: 2
        default: 1
        }
    }
}
