import FlowModel
import FlowSyntax

extension Rule {
    /// FL1401: copy that shows nothing.
    public static let emptyCopy = Rule(
        id: "FL1401", name: "empty-copy", severity: .warning,
        summary: "an alert with an empty title, message or button label, or with neither title nor message",
        documentation: """
            An empty string renders as a blank line or a blank button; an alert with neither a title nor
            a message tells the user nothing. Every locale is checked for `@key` texts.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> prime
              state prime { alert { title 1️⃣"" message "We use the camera to scan receipts" button "Continue" -> ask } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> prime
              state prime { alert { title "Scan receipts" message "We use the camera to scan receipts" button "Continue" -> ask } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for flow in context.program.flows {
            for state in flow.states {
                guard case .alert(let alert) = state.terminator else { continue }
                if alert.title == nil, alert.message == nil {
                    findings.append(
                        RuleFinding(
                            "\(alert.noun) in state '\(state.name)' has neither a title nor a message", at: alert.range)
                    )
                }
                func check(_ what: String, _ text: FlowText?) {
                    guard let text else { return }
                    // Inline copy is one text: checked before the list of every locale is built.
                    if case .literal(let literal) = text, !isBlank(literal.template.rendered) { return }
                    let empty = context.program.localizedTexts(text).filter { isBlank($0.text) }
                    guard !empty.isEmpty else { return }
                    let locales = empty.compactMap(\.locale)
                    findings.append(
                        RuleFinding(
                            "empty \(what) in state '\(state.name)'"
                                + (locales.isEmpty ? "" : " in \(locales.map { "'\($0)'" }.joined(separator: ", "))"),
                            at: text.range,
                            notes: empty.compactMap {
                                $0.locale == nil ? nil : DiagnosticNote("empty in '\($0.locale!)'", at: $0.range)
                            }))
                }
                check("title", alert.title)
                check("message", alert.message)
                for bullet in alert.screen?.bullets ?? [] { check("bullet", bullet) }
                for button in alert.buttons { check("button label", button.label) }
            }
        }
        return findings
    }
}

/// Whether `text` shows nothing: every character is whitespace. A character's first scalar
/// decides (`Character.isWhitespace`), and an ASCII byte that is not whitespace always starts a
/// character, so most copy is decided at its first byte; text with a non-ASCII byte before any
/// such byte is walked by character.
func isBlank(_ text: String) -> Bool {
    for byte in text.utf8 {
        guard byte < 0x80 else { return text.allSatisfy(\.isWhitespace) }
        guard byte == 0x20 || (0x09...0x0D).contains(byte) else { return false }
    }
    return true
}
