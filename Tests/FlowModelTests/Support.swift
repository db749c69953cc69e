import FlowSyntax

@testable import FlowModel

/// Loads `text` as `main.flow` (imports come from `files`).
func load(_ text: String, path: String = "main.flow", files: [String: String] = [:]) -> LoadResult {
    Loader(reader: MemoryReader(files)).load(text: text, path: path)
}

/// Diagnostics as one line each: `file:line:col: severity: message [ID]`, then ` note: ... (line:col)` per note and ` fix: 'x'` per fix-it.
func lines(_ result: LoadResult) -> [String] {
    result.diagnostics.map { d in
        var line: String
        if let range = d.range {
            let path = range.file.index < result.files.count ? result.files[range.file.index].path : "?"
            line = "\(path):\(range.start.line):\(range.start.column): "
        } else {
            line = ""
        }
        line += "\(d.severity): \(d.message) [\(d.id)]"
        for note in d.notes {
            line += " note: \(note.message)"
            if let range = note.range { line += " (\(range.start.line):\(range.start.column))" }
        }
        for fix in d.fixIts { line += " fix: '\(fix.replacement)'" }
        return line
    }
}

/// A minimal valid flow around `body` (states), for diagnostics that need a flow to live in.
func flow(_ body: String, header: String = "uses camera\n  start -> s") -> String {
    """
    flow f {
      \(header)
      \(body)
    }
    """
}

/// The template of a literal text, nil for a `@key`.
func literal(_ text: FlowText?) -> Template? {
    guard case .literal(let literal)? = text else { return nil }
    return literal.template
}

/// The key name of a `@key` text, nil for a literal.
func keyName(_ text: FlowText?, in program: Program) -> String? {
    guard case .localized(let localized)? = text else { return nil }
    return program.strings.keys[localized.key.index]
}
