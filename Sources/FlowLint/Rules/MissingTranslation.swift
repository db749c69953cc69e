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
        for text in context.program.allTexts {
            if case .localized(let localized) = text, seen.insert(localized.key.index).inserted { used.append(localized.key.index) }
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
            let list = missing.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (missing.count > 5 ? " and \(missing.count - 5) more" : "")
            findings.append(RuleFinding("locale '\(locale.tag)' has no translation for \(list)", at: locale.range,
                                        notes: [DiagnosticNote("users of '\(locale.tag)' see the base locale '\(table.locales[0].tag)' there")]))
        }
        return findings
    }
}
