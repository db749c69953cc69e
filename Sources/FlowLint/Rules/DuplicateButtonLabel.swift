import FlowModel
import FlowSyntax
import Foundation

extension Rule {
    /// FL1404: two buttons of one alert that read the same.
    public static let duplicateButtonLabel = Rule(
        id: "FL1404", name: "duplicate-button-label", severity: .warning,
        summary: "two buttons of one alert with the same label in some locale",
        documentation: """
            The user cannot tell two buttons apart when they read the same, often only in one
            translation. Labels are compared case-insensitively in every locale, and in a subflow
            with the text each caller passes for its text parameters (`button "{confirm}"` called
            with `confirm: "OK"` beside `cancel "OK"`): that is reported at the argument.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> ask
              state ask { request camera { authorized -> done granted  else -> explain } }
              state explain {
                alert { title "Camera is off" message "Turn it on in Settings"
                        button "OK" -> settings  1️⃣cancel "OK" -> done denied }
              }
              state settings { open settings on return -> check }
              state check { status camera { authorized -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> ask
              state ask { request camera { authorized -> done granted  else -> explain } }
              state explain {
                alert { title "Camera is off" message "Turn it on in Settings"
                        button "Open Settings" -> settings  cancel "Not Now" -> done denied }
              }
              state settings { open settings on return -> check }
              state check { status camera { authorized -> done granted  else -> done denied } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        let program = context.program
        let localeCount = max(1, program.strings.locales.count)
        for flow in program.flows {
            for state in flow.states {
                guard case .alert(let alert) = state.terminator else { continue }
                // Each label once per locale, trimmed and lowercased (the pairs used to redo it).
                let labels = alert.buttons.map { b in
                    (0..<localeCount).map { l in
                        label(b.label, locale: l, program: program).map { ($0, $0.lowercased()) }
                    }
                }
                var reported = Set<Int>()
                for (j, b) in alert.buttons.enumerated() {
                    for i in 0..<j where !reported.contains(j) {
                        for l in 0..<localeCount {
                            guard let (a, lowerA) = labels[i][l], let (c, lowerC) = labels[j][l], !a.isEmpty,
                                lowerA == lowerC
                            else { continue }
                            let localeSuffix =
                                program.strings.locales.isEmpty
                                    || (isLiteral(b.label) && isLiteral(alert.buttons[i].label))
                                ? "" : " in '\(program.strings.locales[l].tag)'"
                            findings.append(
                                RuleFinding(
                                    "buttons \(i + 1) and \(j + 1) of the \(alert.noun) in state '\(state.name)' both read '\(c)'\(localeSuffix)",
                                    at: b.range, notes: [DiagnosticNote("the other button", at: alert.buttons[i].range)]
                                ))
                            reported.insert(j)
                            break
                        }
                    }
                }
            }
        }
        return findings + duplicatesThroughArguments(program)
    }

    /// Labels that read the same only with the text a caller passes (`button "{confirm}"` and
    /// `cancel "OK"`, called with `confirm: "OK"`): reported at the argument, once per call.
    private static func duplicatesThroughArguments(_ program: Program) -> [RuleFinding] {
        var findings: [RuleFinding] = []
        let localeCount = max(1, program.strings.locales.count)
        for caller in program.flows {
            for state in caller.states {
                guard case .call(let call) = state.terminator else { continue }
                let callee = program[call.callee]
                var passed: [String: FlowText] = [:]
                for (p, argument) in call.arguments.enumerated() where p < callee.parameters.count {
                    if case .text(let text) = argument { passed[callee.parameters[p].name] = text }
                }
                guard !passed.isEmpty else { continue }
                findings += duplicates(in: callee, passed: passed, localeCount: localeCount, program: program)
            }
        }
        return findings
    }

    private static func duplicates(in callee: Flow, passed: [String: FlowText], localeCount: Int, program: Program)
        -> [RuleFinding]
    {
        var findings: [RuleFinding] = []
        for state in callee.states {
            guard case .alert(let alert) = state.terminator else { continue }
            for (j, b) in alert.buttons.enumerated() {
                search: for i in 0..<j {
                    let shown = passedLabel(b.label, passed) != nil ? b : alert.buttons[i]
                    guard let argument = passedLabel(shown.label, passed) else { continue }
                    for l in 0..<localeCount {
                        guard let a = substituted(alert.buttons[i].label, passed, locale: l, program: program),
                            let c = substituted(b.label, passed, locale: l, program: program), !a.isEmpty,
                            a.lowercased() == c.lowercased(),
                            label(alert.buttons[i].label, locale: l, program: program)?.lowercased()
                                != label(b.label, locale: l, program: program)?.lowercased()
                        else { continue }
                        findings.append(
                            RuleFinding(
                                "buttons \(i + 1) and \(j + 1) of the \(alert.noun) in state '\(state.name)' of '\(callee.name)' both read '\(c)' with the text passed here",
                                at: argument.range,
                                notes: [DiagnosticNote("the button that shows it", at: shown.range)]))
                        break search
                    }
                }
            }
        }
        return findings
    }

    /// The argument a label shows when it is one of the callee's text parameters, as `{name}`.
    private static func passedLabel(_ label: FlowText, _ passed: [String: FlowText]) -> FlowText? {
        guard case .literal(let literal) = label, literal.template.plainText == nil else { return nil }
        for case .placeholder(.value(let name)) in literal.template.segments {
            if let text = passed[name] { return text }
        }
        return nil
    }

    /// A label in `locale` with the callee's text parameters replaced by what the caller passed.
    private static func substituted(_ text: FlowText, _ passed: [String: FlowText], locale: Int, program: Program)
        -> String?
    {
        guard case .literal(let literal) = text, literal.template.plainText == nil else {
            return label(text, locale: locale, program: program)
        }
        var result = ""
        for segment in literal.template.segments {
            switch segment {
            case .text(let s): result += s
            case .placeholder(.value(let name)) where passed[name] != nil:
                guard let value = label(passed[name]!, locale: locale, program: program) else { return nil }
                result += value
            case .placeholder: return nil
            }
        }
        return trimmed(result)
    }

    private static func isLiteral(_ t: FlowText) -> Bool { if case .literal = t { true } else { false } }

    private static func label(_ text: FlowText, locale: Int, program: Program) -> String? {
        switch text {
        case .literal(let literal): trimmed(literal.template.rendered)
        case .localized(let localized):
            program.strings.lookup(localized.key, locale: locale).map { trimmed($0.template.rendered) }
        }
    }

    /// `trimmingCharacters(in: .whitespaces)` without Foundation when nothing needs trimming:
    /// a text that starts and ends with an ASCII byte other than space and tab (the only ASCII
    /// members of `.whitespaces`) is returned as it is.
    static func trimmed(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        func plain(_ b: UInt8) -> Bool { b < 0x80 && b != UInt8(ascii: " ") && b != UInt8(ascii: "\t") }
        return plain(first) && plain(last) ? text : text.trimmingCharacters(in: .whitespaces)
    }
}
