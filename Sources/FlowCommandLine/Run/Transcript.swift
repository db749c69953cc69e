import FlowModel
import FlowRuntime
import FlowSyntax
import Synchronization

/// Turns a run into what a person reads: numbered steps (state, what was shown, what was tapped
/// or answered, statuses read, analytics events, where it went), then one closing line that says
/// how the run ended (`outcome: granted`), so a script can take the last line.
public struct Transcript: Sendable {
    public var program: Program
    public var style: TextStyle

    public init(program: Program, style: TextStyle = .plain) {
        self.program = program
        self.style = style
    }

    /// The full transcript of `result`.
    public func render(_ result: RunResult) -> String {
        var lines: [String] = []
        var number = 0
        for step in result.trace {
            if step.isVisit { number += 1 }
            lines += render(step, number: step.isVisit ? number : nil)
        }
        lines.append("")
        lines.append(closingLine(result.end))
        return lines.joined(separator: "\n") + "\n"
    }

    /// What follows the last step: a blank line and the closing line.
    public func closing(_ result: RunResult) -> String {
        "\n" + closingLine(result.end) + "\n"
    }

    /// Prints steps one at a time as a run records them, numbered as `render` numbers them.
    public final class StepPrinter: Sendable {
        let transcript: Transcript
        let output: any TextOutput
        private let number = Mutex(0)

        public init(transcript: Transcript, output: any TextOutput) {
            self.transcript = transcript
            self.output = output
        }

        public func print(_ step: TraceStep) {
            let n: Int? =
                step.isVisit
                ? number.withLock {
                    $0 += 1
                    return $0
                } : nil
            output.write(transcript.render(step, number: n).joined(separator: "\n") + "\n")
        }
    }

    /// `outcome: NAME`, `error: FL2101`, `input needed`, or `cancelled`.
    public func closingLine(_ end: RunEnd) -> String {
        switch end {
        case .outcome(let o): "outcome: \(o)"
        case .error(let e): "error: \(e.id)"
        case .inputNeeded: "input needed"
        case .cancelled: "cancelled"
        }
    }

    /// `path:line:col` of a range.
    public func location(_ range: SourceRange) -> String {
        guard program.files.indices.contains(range.file.index) else { return "?" }
        return
            "\(OutputEscaping.visible(program.files[range.file.index].path)):\(range.start.line):\(range.start.column)"
    }

    /// Call depths shown by indentation; deeper steps are indented as much and tagged with their
    /// depth, so a deep call chain costs each line a few bytes, not four per level.
    public static let maxIndentLevels = 8

    /// The indentation of a step at `depth`.
    static func indentation(_ depth: Int) -> String {
        let levels = min(depth, maxIndentLevels)
        let indent = String(repeating: "    ", count: levels)
        return depth > levels ? indent + "[depth \(depth)] " : indent
    }

    func render(_ step: TraceStep, number: Int?) -> [String] {
        let indent = Self.indentation(step.context.depth)
        let label = number.map { String($0) } ?? ""
        let gutter = String(repeating: " ", count: max(0, 3 - label.count)) + label
        var lines: [String] = []
        if number != nil {
            lines.append(
                "\(indent)\(gutter)  \(style.bold(step.context.pathName))  \(style.dim(location(step.context.range)))")
        }
        let body = indent + "     "
        // A tapped button's `track` fires after the tap: show it there, not with the state's.
        let afterTap = buttonTracks(step)
        for event in step.events.dropLast(afterTap) { lines.append(body + style.dim("track ") + Self.describe(event)) }
        lines += Self.describe(step.action).map { body + $0 }
        for event in step.events.suffix(afterTap) { lines.append(body + style.dim("track ") + Self.describe(event)) }
        switch step.next {
        case .state(let s): lines.append(body + "-> \(s)")
        case .outcome(let o): lines.append(body + "-> done \(style.bold(o))")
        case .enter(let flow, let state): lines.append(body + "-> \(flow).\(state)")
        case .stopped: lines.append(body + style.yellow("stopped here"))
        }
        return lines
    }

    /// How many of the step's events the tapped button fired (0 or 1).
    func buttonTracks(_ step: TraceStep) -> Int {
        guard case .alert(_, let tapped) = step.action,
            let flow = program.flow(named: step.context.flow),
            let state = program[flow].state(named: step.context.state),
            case .alert(let alert) = program[flow][state].terminator,
            alert.buttons.indices.contains(tapped), alert.buttons[tapped].track != nil,
            !step.events.isEmpty
        else { return 0 }
        return 1
    }

    /// A prompt with several screens (contacts on iOS 18), screen by screen: what each shows and
    /// the button tapped there; the status after the last.
    static func stagedPromptLines(_ call: String, _ prompt: [PromptAnswer], _ result: RequestResult) -> [String] {
        let path = result.answer.flatMap { prompt.indices.contains($0) ? prompt[$0].path : nil } ?? []
        var lines: [String] = []
        var taken: [String] = []
        while true {
            let shown = prompt.buttons(after: taken).map(quoted).joined(separator: ", ")
            lines.append(taken.isEmpty ? "\(call): iOS shows \(shown)" : "then iOS shows \(shown)")
            guard taken.count < path.count else { return lines }
            taken.append(path[taken.count])
            let last = taken.count == path.count
            lines.append("answered \(quoted(taken[taken.count - 1]))" + (last ? ": \(result.status.rawValue)" : ""))
            if last { return lines }
        }
    }

    /// What the statement did, one line each.
    static func describe(_ action: TraceStep.Action) -> [String] {
        switch action {
        case .goto, .incomplete:
            return []
        case .capability(let c, let available):
            return ["capability \(c.rawValue): \(available ? c.armNames.yes : c.armNames.no)"]
        case .status(let kinds, let statuses):
            if kinds.count == 1, let kind = kinds.first, let status = statuses.first {
                return ["status \(kind.rawValue): \(status.rawValue)"]
            }
            return [
                "status (\(kinds.map(\.rawValue).joined(separator: ", "))): "
                    + "(\(statuses.map(\.rawValue).joined(separator: ", ")))"
            ]
        case .request(let kind, let options, let result):
            let call =
                "request \(kind.rawValue)"
                + (options.isEmpty ? "" : "(\(options.map(optionText).joined(separator: ", ")))")
            guard let prompt = result.prompt else {
                return ["\(call): no prompt, returns \(result.status.rawValue)"] + criticalAlertsLines(result)
            }
            if prompt.isStaged { return stagedPromptLines(call, prompt, result) + criticalAlertsLines(result) }
            var lines = ["\(call): iOS shows " + prompt.map { quoted($0.label) }.joined(separator: ", ")]
            if let i = result.answer, prompt.indices.contains(i) {
                lines.append("answered \(quoted(prompt[i].label)): \(result.status.rawValue)")
            }
            lines += criticalAlertsLines(result)
            return lines
        case .alert(let alert, let tapped):
            let head = alert.screen.map { "screen \($0.layout.rawValue) " } ?? "alert "
            var lines = [head + (alert.title.map(quoted) ?? "(no title)")]
            if let message = alert.message { lines.append("      " + quoted(message)) }
            for bullet in alert.screen?.bullets ?? [] { lines.append("      • " + quoted(bullet)) }
            lines.append("      buttons: " + alert.buttons.map(buttonText).joined(separator: ", "))
            if alert.buttons.indices.contains(tapped) { lines.append("tapped \(quoted(alert.buttons[tapped].label))") }
            return lines
        case .openSettings(let page, let back):
            var lines = ["open \(page == .settings ? "Settings" : "notification settings")"]
            if let critical = back.criticalAlerts {
                lines.append("user set Critical Alerts \(critical == .authorized ? "on" : "off")")
            }
            if back.changes.isEmpty {
                if back.criticalAlerts == nil { lines.append("user changed nothing") }
            } else {
                lines.append(
                    "user set "
                        + back.changes.map { "\($0.kind.rawValue) to \($0.status.rawValue)" }
                        .joined(separator: ", "))
            }
            if back.terminated { lines.append("iOS terminated the app; it relaunched and resumed here") }
            return lines
        case .call(let flow, let arguments):
            let args = arguments.sorted { $0.key < $1.key }.map { key, value in
                switch value {
                case .permission(let kind): "\(key): \(kind.rawValue)"
                case .text(let text): "\(key): \(quoted(text))"
                }
            }
            return ["call \(flow)(\(args.joined(separator: ", ")))"]
        case .returned(let flow, let outcome):
            return ["\(flow) ended with \(outcome)"]
        case .handedOff(let outcome):
            return ["handoff \(outcome): the caller handles it; the state does not run"]
        case .limited(let refusal):
            return ["limit: \(refusal.description); the state does not run"]
        case .variant(let experiment, let variant):
            return ["\(experiment): \(variant)"]
        case .resumed(let checkpoint):
            // The whole stack would repeat the call chain at every relaunch: its ends only.
            let frames = checkpoint.frames.map { "\($0.flow).\($0.state)" }
            let shown =
                frames.count <= 6 ? frames : frames.prefix(3) + ["(\(frames.count - 6) more)"] + frames.suffix(3)
            return ["resumed after relaunch at " + shown.map(OutputEscaping.visible).joined(separator: " > ")]
        }
    }

    static func describe(_ event: AnalyticsEvent) -> String {
        let name = OutputEscaping.visible(event.name)
        guard !event.properties.isEmpty else { return name }
        let properties = event.properties.map { "\(OutputEscaping.visible($0.key)): \(valueText($0.value))" }
        return "\(name) {\(properties.joined(separator: ", "))}"
    }

    static func valueText(_ value: AnalyticsEvent.Value) -> String {
        switch value {
        case .text(let s): quoted(s)
        case .number(let n): OutputEscaping.visible(n)
        case .bool(let b): b ? "true" : "false"
        }
    }

    static func buttonText(_ button: AlertButton) -> String {
        switch button.role {
        case .default: quoted(button.label)
        case .cancel: quoted(button.label) + " (cancel)"
        case .destructive: quoted(button.label) + " (destructive)"
        }
    }

    static func optionText(_ option: RequestOption) -> String {
        if case .purpose(let key) = option { return "purpose: \(quoted(key))" }
        return option.name
    }

    /// Copy in double quotes, its control characters shown as escapes.
    static func quoted(_ s: String) -> String { "\"\(OutputEscaping.visible(s))\"" }
}

/// The critical-alerts prompt that followed a notifications request (`CriticalAlerts`).
private func criticalAlertsLines(_ result: RequestResult) -> [String] {
    guard let (answers, i) = result.criticalAlertsPrompt, answers.indices.contains(i) else { return [] }
    return [
        "then the critical alerts prompt: iOS shows " + answers.map { "\"\($0.label)\"" }.joined(separator: ", "),
        "answered \"\(answers[i].label)\": critical alerts \(answers[i].result == .authorized ? "on" : "off")",
    ]
}
