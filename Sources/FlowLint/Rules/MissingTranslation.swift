import FlowModel
import FlowSyntax

extension Rule {
    /// FL1403: a locale that shows base-language copy because a key is missing.
    public static let missingTranslation = Rule(
        id: "FL1403", name: "missing-translation", severity: .warning,
        summary: "a string the flows use that a locale lacks, so users see the base language",
        documentation: """
            A key missing from a locale falls back at run time, ending with the base locale (the first
            `strings` block): a Polish user reads English in the middle of Polish copy. A fallback to
            another declared locale (`strings zh-Hant fallback zh-Hans`) is deliberate and not reported.
            One finding per locale, listing its missing keys.
            """,
        triggering: """
            flow camera {
              uses camera
              title @camera.title
              start -> ask
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            strings en { camera.title = "Take photos" }
            strings 1️⃣pl { }
            """,
        clean: """
            flow camera {
              uses camera
              title @camera.title
              start -> ask
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            strings en { camera.title = "Take photos" }
            strings zh-Hans { camera.title = "拍照" }
            strings zh-Hant fallback zh-Hans { }
            """
    ) { context in
        let table = context.program.strings
        var used: [Int] = []
        var seen = Set<Int>()
        for text in context.texts {
            if case .localized(let localized) = text, seen.insert(localized.key.index).inserted {
                used.append(localized.key.index)
            }
        }
        var findings: [RuleFinding] = []
        for (l, locale) in table.locales.enumerated() where l > 0 {
            var missing: [String] = []
            for k in used {
                // Follow the fallback chain; reaching the base locale means no translation.
                let provider = table.providingLocale(ofKey: k, from: l)
                if provider == 0 || provider == nil { missing.append(table.keys[k]) }
            }
            guard !missing.isEmpty else { continue }
            let list =
                missing.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
                + (missing.count > 5 ? " and \(missing.count - 5) more" : "")
            findings.append(
                RuleFinding(
                    "locale '\(locale.tag)' has no translation for \(list)", at: locale.range,
                    notes: [
                        DiagnosticNote("users of '\(locale.tag)' see the base locale '\(table.locales[0].tag)' there")
                    ],
                    fixIts: translationStubs(missing, locale: l, table: table, program: context.program)))
        }
        return findings
    }
}

/// The fix for FL1403: each missing key copied from the base locale into the locale's `strings`
/// block, marked `// TODO(translate)` so a translator can find it (and `grep` can count them).
/// The user sees the same base-language text as before, so nothing changes at run time; what
/// changes is that the gap is written down where translators work. Inserted before the block's
/// `}`, which is found in the block's own syntax; `flowlint --fix` formats the file after.
private func translationStubs(_ keys: [String], locale l: Int, table: StringTable, program: Program) -> [FixIt] {
    let range = table.locales[l].range
    let file = program.file(range.file)
    guard
        let block = Parser.parse(file, recordsTokens: false).syntax.declarations.lazy.compactMap({ d -> StringsDecl? in
            if case .strings(let s) = d, s.locale.range.start.offset == range.start.offset { return s }
            return nil
        }).first, block.range.end.offset > block.range.start.offset,
        file.bytes[block.range.end.offset - 1] == UInt8(ascii: "}")
    else { return [] }
    var lines: [String] = []
    for key in keys {
        guard let k = table.keys.firstIndex(of: key), let base = table.entries[0][k] else { continue }
        let entry = program.file(base.range.file).bytes[base.range.start.offset..<base.range.end.offset]
        lines.append(String(decoding: entry, as: UTF8.self) + "  // TODO(translate)\n")
    }
    guard !lines.isEmpty else { return [] }
    let brace = file.location(at: block.range.end.offset - 1)
    let lastLine = block.entries.last?.range.end.line ?? block.locale.range.end.line
    let point = SourceRange(file: range.file, start: brace, end: brace)
    return [
        FixIt(
            range: point, replacement: (brace.line > lastLine ? "" : "\n") + lines.joined(),
            message:
                "copy \(lines.count == 1 ? "the base text" : "the \(lines.count) base texts") into '\(table.locales[l].tag)', marked TODO(translate)",
            applicability: .machineApplicable)
    ]
}
