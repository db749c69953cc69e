import FlowModel
import FlowSyntax

extension Rule {
    /// FL1301: a priming alert's button that tells the user what to answer.
    public static let steeringPrimingButton = Rule(
        id: "FL1301", name: "steering-priming-button", severity: .error,
        summary: "a priming alert button that steers the decision (\"Allow\", \"Grant\", \"Enable\") in some locale",
        documentation: """
            A priming alert is an alert with a button from which a `request` is reachable without
            passing another alert or Settings. App Review (guideline 5.1.1(iv)) accepts such screens
            only when the button does not steer the decision: "Allow", "Allow Camera", "Grant Access"
            have been rejected; "Continue" or "Next" pass. Every locale the flow ships is checked
            against a table of the languages iOS ships (about 40): in each, the system prompt's own
            "Allow" button (Consenti, Sta toe, Tillåt, İzin Ver, السماح, אפשר, अनुमति दें, Cho phép,
            อนุญาต, Izinkan, 允许, 許可, 허용 ...) and the common synonyms ("grant access", "turn on",
            "enable": Dar acceso, Дозволити, Zezwól ...), matched without regard to case or
            diacritics. Neutral progression ("Continue", "Weiter", "Continuar", "Not Now") is in no
            language's list.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> prime
              state prime {
                alert { title "Scan receipts" message "We use the camera to scan receipts" 1️⃣button @prime.allow -> ask }
              }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            strings en { prime.allow = "Continue" }
            strings zh-Hant { prime.allow = "允許" }
            """,
        clean: """
            flow camera {
              uses camera
              start -> prime
              state prime {
                alert { title "Scan receipts" message "We use the camera to scan receipts" button @prime.next -> ask }
              }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            strings en { prime.next = "Continue" }
            strings zh-Hant { prime.next = "繼續" }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            for (s, state) in flow.states.enumerated() where analysis.graphReachable[s] {
                guard case .alert(let alert) = state.terminator else { continue }
                for button in alert.buttons where analysis.leadsToRequestDirectly(button.transition) {
                    let texts = context.program.localizedTexts(button.label)
                    let steering = texts.filter { SteeringWords.steers($0.text) }
                    guard !steering.isEmpty else { continue }
                    let locales = steering.map { $0.locale.map { "'\($0)'" } ?? "every locale" }
                    let first = steering[0].text
                    var notes = steering.map {
                        DiagnosticNote(($0.locale.map { "\($0): " } ?? "") + "'\($0.text)'", at: $0.range)
                    }
                    notes.append(
                        DiagnosticNote(
                            "App Review rejects priming buttons that steer the decision; use a neutral label such as 'Continue'"
                        ))
                    findings.append(
                        RuleFinding(
                            "priming button '\(first)' steers the permission decision in \(locales.joined(separator: ", "))",
                            at: button.range, notes: notes,
                            fixIts: neutralLabelFixes(steering, context: context),
                            witness: witnesses.witness(toState: StateID(s))))
                }
            }
        }
        return findings
    }
}

extension FlowAnalysis {
    /// Whether a request (or a call that may request) is reachable from `transition` without
    /// passing another alert or a Settings visit: the button of a priming alert.
    public func leadsToRequestDirectly(_ transition: FlowTransition) -> Bool {
        guard case .state(let target) = transition.target else { return false }
        return reachesRequestDirectly[target.index]
    }

    /// Whether any request is reachable from `transition`, through anything.
    public func reachesRequest(_ transition: FlowTransition) -> Bool {
        guard case .state(let target) = transition.target else { return false }
        return canReachRequest[target.index]
    }
}

/// FL1301's fix, only where the team chose the wording: each steering label that the
/// configuration maps (`neutral-label = Allow -> Continue`) rewritten to its neutral label, in
/// the string literal that holds it (the inline label, or the locale's strings entry).
private func neutralLabelFixes(_ steering: [(locale: String?, text: String, range: SourceRange)], context: LintContext)
    -> [FixIt]
{
    var fixes: [FixIt] = []
    var seen = Set<Int>()
    for label in steering {
        guard let neutral = context.neutralLabels[label.text] else { continue }
        let file = context.program.file(label.range.file)
        // The literal is the range's last part: the whole of an inline label, the value of an entry.
        guard
            let quote = file.bytes[label.range.start.offset..<label.range.end.offset].firstIndex(
                of: UInt8(ascii: "\"")),
            seen.insert(quote).inserted
        else { continue }
        let escaped = neutral.unicodeScalars.map { c -> String in
            switch c {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "{": "\\{"
            case "}": "\\}"
            case "\n": "\\n"
            case "\t": "\\t"
            default: String(c)
            }
        }.joined()
        fixes.append(
            FixIt(
                range: SourceRange(file: label.range.file, start: file.location(at: quote), end: label.range.end),
                replacement: "\"\(escaped)\"",
                message: "use the team's neutral label '\(neutral)'" + (label.locale.map { " (\($0))" } ?? ""),
                applicability: .machineApplicable))
    }
    return fixes
}
