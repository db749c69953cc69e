import FlowModel
import FlowSyntax

extension Rule {
    /// FL1106: a string-table key nothing uses.
    public static let unusedString = Rule(
        id: "FL1106", name: "unused-string", severity: .warning,
        summary: "a strings key that no text uses",
        documentation: """
            Every key translators maintain should be shown somewhere. A key no `@key` refers to is
            left-over copy (keys `permission.<kind>` are exempt: they override the `{permission}`
            name). Reported once, at its entry in the first locale that defines it.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> ask
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            strings en { 1️⃣old.title = "Take photos" }
            """,
        clean: """
            flow camera {
              uses camera
              title @camera.title
              start -> ask
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            strings en { camera.title = "Take photos" }
            """,
        isUsageRule: true
    ) { context in
        let program = context.program
        var used = Set<Int>()
        for text in context.texts { if case .localized(let localized) = text { used.insert(localized.key.index) } }
        var findings: [RuleFinding] = []
        for (k, key) in program.strings.keys.enumerated() where !used.contains(k) && !key.hasPrefix("permission.") {
            let entry = program.strings.entries.lazy.compactMap { $0.indices.contains(k) ? $0[k] : nil }.first
            findings.append(
                RuleFinding(
                    "string '\(key)' is never used", at: entry?.range,
                    notes: [DiagnosticNote("use it with '@\(key)', or remove it from every locale")]))
        }
        return findings
    }
}

extension Program {
    /// Every piece of copy the program can show, in source order (app name, lets, flow titles,
    /// alert titles, messages and buttons, text arguments).
    public var allTexts: [FlowText] {
        // Appended in place: a list per state, joined, was most of the cost.
        var texts: [FlowText] = []
        if let appName { texts.append(appName) }
        for value in values { texts.append(value.value) }
        for flow in flows {
            if let t = flow.title { texts.append(t) }
            for value in flow.values { texts.append(value.value) }
            for state in flow.states { state.appendTexts(to: &texts) }
        }
        return texts
    }
}

extension FlowState {
    /// The copy this state shows or passes on.
    public var texts: [FlowText] {
        var texts: [FlowText] = []
        appendTexts(to: &texts)
        return texts
    }

    /// `texts`, appended to `texts`: title, message, a screen's bullets, then each button's label;
    /// or a call's text arguments.
    func appendTexts(to texts: inout [FlowText]) {
        switch terminator {
        case .alert(let a):
            if let title = a.title { texts.append(title) }
            if let message = a.message { texts.append(message) }
            for bullet in a.screen?.bullets ?? [] { texts.append(bullet) }
            for button in a.buttons { texts.append(button.label) }
        case .call(let call):
            for case .text(let t) in call.arguments { texts.append(t) }
        default: break
        }
    }
}
