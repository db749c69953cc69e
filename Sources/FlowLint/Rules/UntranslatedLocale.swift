import FlowModel
import FlowSyntax

extension Rule {
    /// FL1406: a locale whose every entry is still the base language's text.
    public static let untranslatedLocale = Rule(
        id: "FL1406", name: "untranslated-locale", severity: .warning,
        summary: "a locale of another language whose every entry is the base locale's text",
        documentation: """
            A locale whose entries were copied from the base locale and never translated shows
            the base language to its users, and hides that from FL1403 (every key is there). Often
            it is a `strings` block pasted to be translated later, or an export that came back
            unchanged. Translate the entries, or remove the block until it is translated.

            Reported only when the locale is of another language than the base (`en-GB` after
            `en` may well read the same), has at least two entries, each identical to the base
            locale's entry for its key, and at least one of them is a phrase of three words or
            more: a locale that shares a word or two with the base ("OK", a brand name) is not
            reported.
            """,
        triggering: """
            flow camera {
              uses camera
              title @camera.title
              start -> prime
              state prime { alert { title @prime.title  message @prime.message  button @prime.continue -> ask } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            strings en {
              camera.title   = "Scan receipts"
              prime.title    = "Scan receipts with your camera"
              prime.message  = "Point the camera at a receipt to add it to your expenses."
              prime.continue = "Continue"
            }
            strings 1️⃣de {
              camera.title   = "Scan receipts"
              prime.title    = "Scan receipts with your camera"
              prime.message  = "Point the camera at a receipt to add it to your expenses."
              prime.continue = "Continue"
            }
            """,
        clean: """
            flow camera {
              uses camera
              title @camera.title
              start -> prime
              state prime { alert { title @prime.title  message @prime.message  button @prime.continue -> ask } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            strings en {
              camera.title   = "Scan receipts"
              prime.title    = "Scan receipts with your camera"
              prime.message  = "Point the camera at a receipt to add it to your expenses."
              prime.continue = "Continue"
            }
            strings de {
              camera.title   = "Belege scannen"
              prime.title    = "Belege mit der Kamera scannen"
              prime.message  = "Richte die Kamera auf einen Beleg, um ihn deinen Ausgaben hinzuzufügen."
              prime.continue = "Weiter"
            }
            strings en-GB {
              camera.title   = "Scan receipts"
              prime.title    = "Scan receipts with your camera"
              prime.message  = "Point the camera at a receipt to add it to your expenses."
              prime.continue = "Continue"
            }
            """
    ) { context in
        let table = context.program.strings
        guard let base = table.locales.first else { return [] }
        var findings: [RuleFinding] = []
        for (l, locale) in table.locales.enumerated()
        where l > 0 && StringTable.language(of: locale.tag) != StringTable.language(of: base.tag) {
            var count = 0
            var identical = true
            var hasPhrase = false
            for (k, entry) in table.entries[l].enumerated() {
                guard let entry else { continue }
                count += 1
                guard let baseEntry = table.entries[0][k], baseEntry.template == entry.template else {
                    identical = false
                    break
                }
                let text = entry.template.rendered
                if text.split(whereSeparator: { !$0.isLetter }).count >= 3 { hasPhrase = true }
            }
            guard identical, count >= 2, hasPhrase else { continue }
            findings.append(
                RuleFinding(
                    "every entry of locale '\(locale.tag)' is the base locale '\(base.tag)''s text: its \(count) entries are untranslated",
                    at: locale.range,
                    notes: [
                        DiagnosticNote(
                            "users of '\(locale.tag)' read '\(base.tag)'; translate the entries, or remove the block until they are"
                        )
                    ]))
        }
        return findings
    }
}

extension StringTable {
    /// The language subtag of a locale tag, lowercased: `en` for `en-GB`, `zh` for `zh-Hant`.
    static func language(of tag: String) -> String {
        String(tag.lowercased().prefix { $0 != "-" && $0 != "_" })
    }
}
