import FlowModel
import FlowSyntax

/// Where each key is used, in the words a translator reads in the catalog's comment: "alert
/// title in flow camera, state prime".
enum CopyUsage {
    /// Adds the uses of every `@key` of `program`; `homes[k]` is the home of `program.strings.keys[k]`.
    static func collect(
        _ program: Program, homes: [CopyProject.HomeKey?], into uses: inout [CopyProject.HomeKey: [String]]
    ) {
        func add(_ text: FlowText?, _ use: @autoclosure () -> String) {
            guard case .localized(let localized)? = text, homes.indices.contains(localized.key.index),
                let home = homes[localized.key.index]
            else { return }
            let phrase = use()
            if !(uses[home] ?? []).contains(phrase) { uses[home, default: []].append(phrase) }
        }
        add(program.appName, "the app's name ({app})")
        for value in program.values { add(value.value, "the value of {\(value.name)}") }
        for flow in program.flows {
            add(flow.title, "title of flow \(flow.name)")
            for value in flow.values { add(value.value, "the value of {\(value.name)} in flow \(flow.name)") }
            for state in flow.states {
                let place = "in flow \(flow.name), state \(state.name)"
                switch state.terminator {
                case .alert(let alert):
                    let noun = alert.noun
                    add(alert.title, "\(noun) title \(place)")
                    add(alert.message, "\(noun) message \(place)")
                    for bullet in alert.screen?.bullets ?? [] { add(bullet, "screen bullet \(place)") }
                    for button in alert.buttons {
                        let role = button.role == .default ? "button" : "\(button.role.rawValue) button"
                        add(button.label, "\(noun) \(role) \(place)")
                    }
                case .call(let call):
                    let callee = program.flows[call.callee.index]
                    for (i, argument) in call.arguments.enumerated() {
                        guard case .text(let text) = argument else { continue }
                        let name =
                            callee.parameters.indices.contains(i) ? callee.parameters[i].name : "argument \(i + 1)"
                        add(text, "{\(name)} of flow \(callee.name), passed \(place)")
                    }
                default: break
                }
            }
        }
    }

    /// The comment of a key: its uses and the placeholders of its base text.
    static func comment(key: String, uses: [String], placeholders: [String]) -> String {
        var sentences: [String] = []
        if key.hasPrefix("permission."), let kind = PermissionKind(rawValue: String(key.dropFirst("permission.".count)))
        {
            sentences.append("The name of the \(kind.rawValue) permission, shown for {permission}.")
        } else if uses.isEmpty {
            sentences.append("Not used by any flow.")
        } else {
            let shown = uses.prefix(8)
            var text = shown.joined(separator: "; ")
            if uses.count > shown.count { text += "; and \(uses.count - shown.count) more" }
            sentences.append(text.prefix(1).uppercased() + text.dropFirst() + ".")
        }
        if !placeholders.isEmpty {
            sentences.append("Placeholders: " + placeholders.map { "{\($0)}" }.joined(separator: ", ") + ".")
        }
        return sentences.joined(separator: " ")
    }
}

extension CopyProject {
    /// The catalog of every key: the base text, each locale's text as `translated`, and `new`
    /// (with the base text the app falls back to) where a locale of the key's programs lacks it.
    public func catalog() -> Catalog {
        let base = baseLocale ?? "en"
        var units: [Catalog.Unit] = []
        for key in keys {
            let places = self.places[key] ?? [:]
            let baseEntry = places[base].map(entry)
            let baseText = baseEntry.map { CatalogText.text(of: $0.literal) }
            var translations: [Catalog.Translation] = []
            for tag in locales[key.file] ?? [] {
                if let place = places[tag] {
                    translations.append(
                        .init(locale: tag, state: .translated, value: CatalogText.text(of: entry(place).literal)))
                } else if let baseText {
                    translations.append(.init(locale: tag, state: .new, value: baseText))
                }
            }
            var placeholders: [String] = []
            for case .placeholder(let placeholder) in baseEntry?.literal.segments ?? []
            where !placeholders.contains(placeholder.name) {
                placeholders.append(placeholder.name)
            }
            units.append(
                Catalog.Unit(
                    file: files[key.file].path, key: key.key,
                    comment: CopyUsage.comment(key: key.key, uses: uses[key] ?? [], placeholders: placeholders),
                    translations: translations.sorted { XcodeOrder.less($0.locale, $1.locale) }))
        }
        return Catalog(sourceLanguage: base, units: units.sorted { XcodeOrder.less($0.id, $1.id) })
    }
}
