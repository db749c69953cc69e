import FlowSyntax

/// Prints diagnostics in the one rendered form (`path:line:col: error: message [ID]`).
/// Until FlowSyntax's `DiagnosticRenderer` lands this prints the first line and notes only;
/// the command calls nothing else, so switching over is one place.
enum DiagnosticText {
    static func render(_ diagnostics: [Diagnostic], files: [SourceFile]) -> String {
        diagnostics.map { d in
            var lines = ["\(position(d.range, files: files)): \(d.severity): \(d.message) [\(d.id)]"]
            for note in d.notes {
                lines.append(note.range.map { "\(position($0, files: files)): note: \(note.message)" } ?? "note: \(note.message)")
            }
            for fix in d.fixIts { lines.append("  \(fix.message)") }
            return lines.joined(separator: "\n") + "\n"
        }.joined()
    }

    static func position(_ range: SourceRange?, files: [SourceFile]) -> String {
        guard let range, files.indices.contains(range.file.index) else {
            return files.first.map { "\($0.path):1:1" } ?? "<unknown>:1:1"
        }
        return "\(files[range.file.index].path):\(range.start.line):\(range.start.column)"
    }
}
