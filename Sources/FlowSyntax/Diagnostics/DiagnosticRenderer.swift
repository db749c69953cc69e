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
        renderEach(diagnostics, fallbackPath: fallbackPath).joined()
    }

    /// Each diagnostic rendered on its own (for callers that print something after each one),
    /// sharing the layout of lines several diagnostics point into.
    public func renderEach(_ diagnostics: [Diagnostic], fallbackPath: String? = nil) -> [String] {
        var layouts = Layouts()
        return diagnostics.map { render($0, fallbackPath: fallbackPath, layouts: &layouts) }
    }

    /// One diagnostic with its snippet, fix-its and notes; every line ends with a newline.
    public func render(_ diagnostic: Diagnostic, fallbackPath: String? = nil) -> String {
        var layouts = Layouts()
        return render(diagnostic, fallbackPath: fallbackPath, layouts: &layouts)
    }

    private func render(_ diagnostic: Diagnostic, fallbackPath: String?, layouts: inout Layouts) -> String {
        var out = header(
            diagnostic.range, severity: diagnostic.severity, message: diagnostic.message,
            id: diagnostic.id.rawValue, fallbackPath: fallbackPath)
        let fixIts = diagnostic.fixIts.map { OutputEscaping.visible($0.message) }.filter { !$0.isEmpty }.joined(
            separator: "; ")
        if let range = diagnostic.range, let file = lookup(range.file) {
            out += snippet(range, in: file, trailer: fixIts, layouts: &layouts)
        } else if !fixIts.isEmpty {
            out += paint("note: ", Self.bold + Self.cyan) + fixIts + "\n"
        }
        for note in diagnostic.notes {
            if let range = note.range {
                out += header(range, severity: .note, message: note.message, id: nil, fallbackPath: fallbackPath)
                if let file = lookup(range.file) { out += snippet(range, in: file, trailer: "", layouts: &layouts) }
            } else {
                out += paint("note: ", Self.bold + Self.cyan) + OutputEscaping.visible(note.message) + "\n"
            }
        }
        return out
    }

    /// Line layouts already computed in one rendering call, by file and line. Holding every line
    /// rendered so far is bounded by the size of the files the diagnostics point into.
    private struct Layouts {
        private struct Key: Hashable {
            var file: FileID
            var line: Int
        }
        private var table: [Key: LineLayout] = [:]

        mutating func layout(of line: Int, in file: SourceFile) -> LineLayout {
            let key = Key(file: file.id, line: line)
            if let known = table[key] { return known }
            var bytes = Array(file.lineBytes(line))
            if line == 1, UTF8Scalar.hasBOM(bytes) { bytes.removeFirst(3) }
            let layout = LineLayout(bytes)
            table[key] = layout
            return layout
        }
    }

    // MARK: Pieces

    private static let reset = "\u{1B}[0m", bold = "\u{1B}[1m", red = "\u{1B}[31m", green = "\u{1B}[32m"
    private static let magenta = "\u{1B}[35m", cyan = "\u{1B}[36m", blue = "\u{1B}[34m"

    private func paint(_ text: String, _ style: String) -> String {
        colored ? style + text + Self.reset : text
    }

    private func header(
        _ range: SourceRange?, severity: Severity, message: String, id: String?,
        fallbackPath: String?
    ) -> String {
        // Paths and messages come from input: escaped so they cannot drive the terminal or a CI log.
        let path = OutputEscaping.lineStart(range.flatMap { lookup($0.file)?.path } ?? fallbackPath ?? "<unknown>")
        let line = range?.start.line ?? 1
        let column = range?.start.column ?? 1
        let color =
            switch severity {
            case .error: Self.red
            case .warning: Self.magenta
            case .note: Self.cyan
            }
        var out = paint("\(path):\(line):\(column):", Self.bold) + " " + paint("\(severity):", Self.bold + color) + " "
        out += paint(OutputEscaping.visible(message), Self.bold)
        if let id { out += " [\(id)]" }
        return out + "\n"
    }

    private func snippet(_ range: SourceRange, in file: SourceFile, trailer: String, layouts: inout Layouts) -> String {
        let lineNumber = range.start.line
        let layout = layouts.layout(of: lineNumber, in: file)
        let bytes = layout.bytes

        // Display positions of the caret's ends and of the whole line.
        let total = layout.total
        let start = layout.position(ofColumn: range.start.column)
        let end = range.end.line == lineNumber ? layout.position(ofColumn: range.end.column) : total
        var caretLength = max(1, end - start)

        // The text of the visible window (the whole line unless it is too wide).
        var windowStart = 0
        var windowEnd = total
        if total > maxSnippetWidth {
            windowStart = max(0, min(start - maxSnippetWidth / 3, total - maxSnippetWidth))
            windowEnd = windowStart + maxSnippetWidth
            caretLength = max(1, min(caretLength, windowEnd - start))
        }
        var window: [UInt8] = windowStart > 0 ? Array("...".utf8) : []
        window.reserveCapacity(maxSnippetWidth + 8)
        var (i, position) = layout.scanStart(before: windowStart)
        while i < bytes.count && position < windowStart && bytes[i] >= 0x20 && bytes[i] < 0x7F {
            position += 1
            i += 1
        }
        while i < bytes.count && position < windowEnd {
            let b = bytes[i]
            if b >= 0x20 && b < 0x7F {  // printable ASCII: one byte, one cell
                if position >= windowStart { window.append(b) }
                position += 1
                i += 1
                continue
            }
            let cell = Self.cell(bytes, at: i, position: position)
            if position >= windowStart && position + cell.width <= windowEnd {
                switch cell.drawn {
                case .source: window += bytes[i..<i + cell.length]
                case .replacement: window += [0xEF, 0xBF, 0xBD]  // U+FFFD
                case .spaces: window += repeatElement(0x20, count: cell.width)
                }
            }
            position += cell.width
            i += cell.length
        }
        if windowEnd < total { window += Array("...".utf8) }
        let text = String(decoding: window, as: UTF8.self)
        let shift = windowStart > 0 ? windowStart - 3 : 0

        let number = String(lineNumber)
        let gutterWidth = max(5, number.count)
        let gutter = String(repeating: " ", count: gutterWidth - number.count) + number
        let blank = String(repeating: " ", count: gutterWidth)
        var out = paint(gutter + " |", Self.blue) + (text.isEmpty ? "" : " " + text) + "\n"
        let carets = "^" + String(repeating: "~", count: caretLength - 1)
        out += paint(blank + " |", Self.blue) + " " + String(repeating: " ", count: max(0, start - shift))
        out += paint(carets, Self.bold + Self.green)
        if !trailer.isEmpty { out += " " + paint(trailer, Self.green) }
        return out + "\n"
    }

    /// How a cell of a snippet is drawn: its own bytes, U+FFFD, or spaces (a tab).
    enum Drawn { case source, replacement, spaces }

    /// How the scalar at `bytes[i]` is drawn at display `position`: a tab fills to the next
    /// multiple of 4, invalid bytes and control characters become U+FFFD, East Asian wide
    /// characters and emoji take two cells. Returns the bytes consumed and the cells taken.
    static func cell(_ bytes: [UInt8], at i: Int, position: Int) -> (length: Int, width: Int, drawn: Drawn) {
        guard let (value, length) = UTF8Scalar.decode(bytes, at: i, end: bytes.count) else {
            return (1, 1, .replacement)
        }
        if value == 0x09 { return (length, 4 - position % 4, .spaces) }
        if value != 0x20 && !Lexer.isPrintable(value) { return (length, 1, .replacement) }
        return (length, width(of: value), .source)
    }

    /// Terminal cells a scalar takes: 0 for combining marks, 2 for wide characters, else 1.
    public static func width(of value: UInt32) -> Int {
        if value < 0x0300 { return 1 }
        return switch value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF: 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            2
        default: 1
        }
    }
}
