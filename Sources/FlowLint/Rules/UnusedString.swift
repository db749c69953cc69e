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
        for text in program.allTexts { if case .localized(let localized) = text { used.insert(localized.key.index) } }
        var findings: [RuleFinding] = []
        for (k, key) in program.strings.keys.enumerated() where !used.contains(k) && !key.hasPrefix("permission.") {
            let entry = program.strings.entries.lazy.compactMap { $0.indices.contains(k) ? $0[k] : nil }.first
            findings.append(RuleFinding("string '\(key)' is never used", at: entry?.range,
                                        notes: [DiagnosticNote("use it with '@\(key)', or remove it from every locale")]))
        }
        return findings
    }
}

extension Program {
    /// Every piece of copy the program can show, in source order (app name, lets, flow titles,
    /// alert titles, messages and buttons, text arguments).
    public var allTexts: [Text] {
        var texts: [Text] = []
        if let appName { texts.append(appName) }
        texts += values.map(\.value)
        for flow in flows {
            if let t = flow.title { texts.append(t) }
            texts += flow.values.map(\.value)
            for state in flow.states { texts += state.texts }
        }
        return texts
    }
}

extension State {
    /// The copy this state shows or passes on.
    public var texts: [Text] {
        switch terminator {
        case .alert(let a): return [a.title, a.message].compactMap { $0 } + a.buttons.map(\.label)
        case .call(let call):
            return call.arguments.compactMap { if case .text(let t) = $0 { return t } else { return nil } }
        default: return []
        }
    }
}
