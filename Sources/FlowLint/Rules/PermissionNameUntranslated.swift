import FlowModel
import FlowSyntax

extension Rule {
    /// FL1407: `{permission}` in a locale's copy where only the English name is known.
    public static let permissionNameUntranslated = Rule(
        id: "FL1407", name: "permission-name-untranslated", severity: .warning,
        summary: "'{permission}' in a locale's copy that has no name for the permission in its language",
        documentation: """
            `{permission}` shows the `permission.<kind>` entry of the running locale (following
            its fallbacks), and the catalog's English name ("Camera", "Location") when there is
            none. In a Hebrew or German entry the English word lands in the middle of the
            sentence. Add `permission.<kind>` to the locale (`permission.camera = "Kamera"`).

            Reported at each table entry of a language other than English that uses
            `{permission}` in a flow whose permission is known (its one kind in `uses`, or the
            kinds its callers pass for its one permission parameter), when no locale of the
            entry's language provides the name. Inline copy is not read: its language is unknown.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> prime
              state prime { alert { title @prime.title  button @prime.continue -> ask } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            strings en { prime.title = "Allow {permission} access to scan receipts"  prime.continue = "Continue" }
            strings de { 1️⃣prime.title = "Zugriff auf {permission} erlauben, um Belege zu scannen"  prime.continue = "Weiter" }
            """,
        clean: """
            flow camera {
              uses camera
              start -> prime
              state prime { alert { title @prime.title  button @prime.continue -> ask } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            strings en { prime.title = "Allow {permission} access to scan receipts"  prime.continue = "Continue" }
            strings de {
              prime.title       = "Zugriff auf {permission} erlauben, um Belege zu scannen"
              prime.continue    = "Weiter"
              permission.camera = "Kamera"
            }
            """
    ) { context in
        let program = context.program
        let table = program.strings
        var reported = Set<String>()
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            let kinds = analysis.placeholderKinds
            guard !kinds.isEmpty else { continue }
            var texts: [FlowText] = flow.title.map { [$0] } ?? []
            for value in flow.values { texts.append(value.value) }
            for state in flow.states { state.appendTexts(to: &texts) }
            for case .localized(let text) in texts {
                for l in table.locales.indices {
                    guard let provider = table.providingLocale(ofKey: text.key.index, from: l),
                        let entry = table.entries[provider][text.key.index], entry.template.namesPermission
                    else { continue }
                    let language = StringTable.language(of: table.locales[provider].tag)
                    guard language != "en" else { continue }
                    for kind in kinds where !table.namesPermission(kind, inLanguage: language, from: l) {
                        let key = "\(provider) \(text.key.index) \(kind.rawValue)"
                        guard reported.insert(key).inserted else { continue }
                        let tag = table.locales[provider].tag
                        findings.append(
                            RuleFinding(
                                "'{permission}' in '\(table.keys[text.key.index])' of locale '\(tag)' shows '\(table.permissionName(kind, locale: l))' in flow '\(flow.name)': no locale of its language names \(kind.rawValue)",
                                at: entry.range,
                                notes: [
                                    DiagnosticNote(
                                        "add \(StringTable.permissionKey(kind)) = \"...\" to strings \(tag)")
                                ]))
                    }
                }
            }
        }
        return findings
    }
}

extension Template {
    /// Whether the copy has `{permission}` (a table entry keeps it as the value `permission`).
    var namesPermission: Bool {
        guard plainText == nil else { return false }
        return segments.contains { segment in
            switch segment {
            case .placeholder(.permission), .placeholder(.value("permission")): true
            default: false
            }
        }
    }
}

extension StringTable {
    /// Whether a user of `locale` gets `kind`'s name from a locale of `language`: the
    /// `permission.<kind>` entry found along the fallbacks is written in that language.
    func namesPermission(_ kind: PermissionKind, inLanguage language: String, from locale: Int) -> Bool {
        guard let key = key(named: Self.permissionKey(kind)),
            let provider = providingLocale(ofKey: key.index, from: locale)
        else { return false }
        return Self.language(of: locales[provider].tag) == language
    }
}

extension FlowAnalysis {
    /// The kinds `{permission}` can name in this flow: its one `uses` kind, or the kinds callers
    /// pass for its one permission parameter (none when unknown).
    var placeholderKinds: [PermissionKind] {
        switch flow.permissionPlaceholder {
        case .kind(let kind): [kind]
        case .parameter(let p): parameterKinds[p].map { $0.sorted { $0.rawValue < $1.rawValue } } ?? []
        case nil: []
        }
    }
}
