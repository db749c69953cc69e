import FlowModel
import FlowSyntax

extension Rule {
    /// FL1402: template text that was never filled in.
    public static let placeholderCopy = Rule(
        id: "FL1402", name: "placeholder-copy", severity: .warning,
        summary: "copy that still holds a placeholder such as \"<Your App>\", \"TODO\" or \"%@\"",
        documentation: """
            Copy pasted from a template ("<Your App> would like to access your Camera so that you can
            <customer benefit>") ships to users verbatim. Reported: `<...>` markers, TODO, TBD, FIXME,
            XXX, lorem ipsum and printf-style `%@`/`%d`/`%s`, in every locale. Use `{app}` and `let`
            values for the parts that vary.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> prime
              state prime {
                alert { title 1️⃣"<Your App> would like to access the camera" message "So that you can <customer benefit>" button "Continue" -> ask }
              }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """,
        clean: """
            app "Receipts"
            let benefit = "scan receipts"
            flow camera {
              uses camera
              start -> prime
              state prime {
                alert { title "{app} would like to access the camera" message "So that you can {benefit}" button "Continue" -> ask }
              }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for text in context.texts {
            // Inline copy is one text: checked before the list of every locale is built for it.
            if case .literal(let literal) = text, PlaceholderText.marker(in: literal.template.rendered) == nil {
                continue
            }
            let hits = context.program.localizedTexts(text).compactMap { t in
                PlaceholderText.marker(in: t.text).map { (t, $0) }
            }
            guard let (first, marker) = hits.first else { continue }
            let locales = hits.compactMap(\.0.locale)
            findings.append(
                RuleFinding(
                    "copy '\(first.text)' still holds the placeholder '\(marker)'"
                        + (locales.isEmpty ? "" : " in \(locales.map { "'\($0)'" }.joined(separator: ", "))"),
                    at: text.range,
                    notes: hits.compactMap { h in
                        h.0.locale.map { DiagnosticNote("'\($0)': '\(h.0.text)'", at: h.0.range) }
                    }
                        + [DiagnosticNote("write the real copy; use {app} or a 'let' value for parts that vary")]))
        }
        return findings
    }
}

/// Markers of unfinished copy.
enum PlaceholderText {
    static let words = ["todo", "tbd", "fixme", "xxx", "lorem ipsum"]

    /// The first marker found in `text`, as written.
    static func marker(in text: String) -> String? {
        guard mayHoldMarker(text) else { return nil }
        return searchMarker(in: text)
    }

    /// False when `text` certainly holds no marker, decided in one pass over its UTF-8 bytes.
    /// Every marker needs an ASCII byte that most copy lacks: `<`, `%`, `{{`, or a marker word
    /// in any ASCII case. Lowercasing turns no other character into an ASCII letter of the words
    /// except U+0130 (`İ` → `i̇`), which also sends the text to the full search. The full
    /// search (`searchMarker`) lowercases the whole text and runs Foundation's `range(of:)` once
    /// per word; it was a fifth of full linting when it ran on every text.
    static func mayHoldMarker(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let n = bytes.count
            var i = 0
            while i < n {
                let b = bytes[i]
                switch b {
                case UInt8(ascii: "<"), UInt8(ascii: "%"): return true
                case UInt8(ascii: "{"): if i + 1 < n, bytes[i + 1] == UInt8(ascii: "{") { return true }
                case 0xC4: if i + 1 < n, bytes[i + 1] == 0xB0 { return true }
                default:
                    // OR-ing 0x20 folds ASCII case; no other byte folds onto a word's letter or space
                    // (NUL would, and merely costs a full search). A word's first two letters are
                    // tested before the word: "t" and "l" start most English words.
                    let folded = b | 0x20
                    guard
                        folded == UInt8(ascii: "t") || folded == UInt8(ascii: "f")
                            || folded == UInt8(ascii: "x") || folded == UInt8(ascii: "l"), i + 2 < n
                    else { break }
                    let second = bytes[i + 1] | 0x20
                    for word in asciiWords
                    where word[0] == folded && word[1] == second && i + word.count <= n
                        && word.indices.allSatisfy({ bytes[i + $0] | 0x20 == word[$0] })
                    {
                        return true
                    }
                }
                i += 1
            }
            return false
        }
    }

    private static let asciiWords: [[UInt8]] = words.map { Array($0.utf8) }

    /// The full search; `marker(in:)` skips it when `mayHoldMarker` rules a marker out.
    static func searchMarker(in text: String) -> String? {
        if let open = text.firstIndex(of: "<"), let close = text[open...].firstIndex(of: ">"),
            text.index(after: open) < close, text[text.index(after: open)..<close].contains(where: \.isLetter)
        {
            return String(text[open...close])
        }
        for spec in ["%@", "%d", "%s", "%1$@", "{{"] where text.contains(spec) { return spec }
        let lower = text.lowercased()
        for w in words {
            var search = lower.startIndex
            while let r = lower.range(of: w, range: search..<lower.endIndex) {
                let before = r.lowerBound == lower.startIndex || !lower[lower.index(before: r.lowerBound)].isLetter
                let after = r.upperBound == lower.endIndex || !lower[r.upperBound].isLetter
                if before && after { return String(text[r]) }
                search = r.upperBound
            }
        }
        return nil
    }
}
