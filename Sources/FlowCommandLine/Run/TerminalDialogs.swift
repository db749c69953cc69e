import FlowArguments
import FlowModel
import FlowRuntime
import FlowSyntax

/// Shows what a flow puts on screen as plain-text dialogs and reads the user's choice: alerts
/// with numbered buttons, system prompts with the buttons iOS shows for the kind, and the app's
/// page in Settings. Readable without colour (no right-hand borders, so wide CJK text cannot
/// misalign anything); colour only adds emphasis.
public struct TerminalDialogs: Sendable {
    public var input: any LineInput
    public var output: any TextOutput
    public var style: TextStyle
    /// The app's name as iOS shows it in system prompts.
    public var appName: String
    /// Terminal columns: titles and messages wrap so the dialog never overflows (at least 20).
    public var width: Int

    public init(
        input: any LineInput, output: any TextOutput, style: TextStyle = .plain, appName: String, width: Int = 80
    ) {
        self.input = input
        self.output = output
        self.style = style
        self.appName = appName
        self.width = max(20, width)
    }

    // MARK: - Alerts

    /// Shows `alert` and returns the index of the tapped button, or nil at end of input.
    public func chooseButton(_ alert: AlertPresentation) -> Int? {
        output.write(render(alert))
        return choose(among: alert.labels, verb: "Tap")
    }

    /// The dialog text for an alert, or for a priming screen: its layout, image and bullets too,
    /// and which button the app draws as the prominent one.
    public func render(_ alert: AlertPresentation) -> String {
        var lines: [String]
        if let screen = alert.screen {
            lines = [style.bold("┌─ Screen (\(screen.layout == .sheet ? "sheet" : "full screen"))")]
            switch screen.image {
            case .symbol(let name)?: lines += bar("[SF Symbol \(name)]", style.dim)
            case .asset(let name)?: lines += bar("[image \(name)]", style.dim)
            case nil: break
            }
        } else {
            lines = [style.bold("┌─ Alert")]
        }
        if let title = alert.title { lines += bar(title, style.bold) }
        if let message = alert.message { lines += bar(message) }
        for bullet in alert.screen?.bullets ?? [] { lines += bar("• " + bullet) }
        lines.append("│")
        let primary = alert.primaryButton
        for (i, button) in alert.buttons.enumerated() {
            let role =
                switch button.role {
                case .default: i == primary ? style.dim("  (primary)") : ""
                case .cancel: style.dim("  (cancel)")
                case .destructive: style.red("  (destructive)")
                }
            lines.append("│   \(style.cyan("[\(i + 1)]")) \(OutputEscaping.visible(button.label))\(role)")
        }
        lines.append("└─")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - System prompts

    /// Shows the system prompt iOS presents for `kind` and returns the chosen answer's index,
    /// or nil at end of input.
    public func chooseAnswer(_ kind: PermissionKind, options: [RequestOption], answers: [PromptAnswer]) -> Int? {
        guard answers.isStaged else {
            output.write(renderPrompt(kind, options: options, answers: answers))
            return choose(among: answers.map(\.label), verb: "Answer")
        }
        // A prompt with several screens (contacts on iOS 18): one dialog per screen.
        var taken: [String] = []
        while true {
            let buttons = answers.buttons(after: taken)
            guard !buttons.isEmpty else { return nil }
            output.write(renderPromptScreen(kind, options: options, answers: answers, after: taken))
            guard let choice = choose(among: buttons, verb: "Answer") else { return nil }
            taken.append(buttons[choice])
            if let index = answers.index(ofPath: taken) { return index }
        }
    }

    /// The dialog text for one screen of a prompt with several, after the user tapped `taken` on
    /// the screens before: the first has the prompt's title and usage description, a later one
    /// the catalog's description of it (iOS's wording is unverified); each button says where it
    /// leads.
    public func renderPromptScreen(
        _ kind: PermissionKind, options: [RequestOption], answers: [PromptAnswer], after taken: [String]
    ) -> String {
        var lines: [String]
        if let opener = taken.last {
            lines = [style.bold("┌─ iOS prompt (\(kind.rawValue)), screen \(taken.count + 1)")]
            if let description = kind.promptStageDescription(after: opener) {
                lines += bar("(\(description))", style.dim)
            }
        } else {
            lines = [style.bold("┌─ iOS prompt (\(kind.rawValue))")]
            lines += bar(Self.promptTitle(kind, options: options, answers: answers, app: appName), style.bold)
            let keys = kind.usageDescriptionKeys(options: options)
            if !keys.isEmpty { lines += bar("(the app's \(keys.last!) text)", style.dim) }
        }
        lines.append("│")
        for (i, button) in answers.buttons(after: taken).enumerated() {
            let result =
                answers.index(ofPath: taken + [button]).map { answer in
                    let a = answers[answer]
                    return "  -> \(kind.settingsLabel(a.result))\(a.isTemporary ? ", this session only" : "")"
                } ?? "  -> next screen"
            lines.append("│   \(style.cyan("[\(i + 1)]")) \(OutputEscaping.visible(button))\(style.dim(result))")
        }
        lines.append("└─")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The dialog text for a system prompt.
    public func renderPrompt(_ kind: PermissionKind, options: [RequestOption], answers: [PromptAnswer]) -> String {
        var lines = [style.bold("┌─ iOS prompt (\(kind.rawValue))")]
        lines += bar(Self.promptTitle(kind, options: options, answers: answers, app: appName), style.bold)
        let keys = kind.usageDescriptionKeys(options: options)
        if !keys.isEmpty { lines += bar("(the app's \(keys.last!) text)", style.dim) }
        lines.append("│")
        for (i, answer) in answers.enumerated() {
            // What the phone's Settings page says afterwards, not the status enum's case name.
            let label =
                kind == .notifications && options == [.criticalAlert]
                ? "Critical Alerts " + (answer.result == .authorized ? "On" : "Off") : kind.settingsLabel(answer.result)
            let result = style.dim("  -> \(label)\(answer.isTemporary ? ", this session only" : "")")
            lines.append("│   \(style.cyan("[\(i + 1)]")) \(OutputEscaping.visible(answer.label))\(result)")
        }
        lines.append("└─")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The title iOS gives the prompt (English): the catalog's (`PermissionKind.promptTitle`).
    public static func promptTitle(
        _ kind: PermissionKind, options: [RequestOption], answers: [PromptAnswer],
        app: String
    ) -> String {
        kind.promptTitle(options: options, answers: answers, app: app)
    }

    // MARK: - Settings

    /// Shows the app's page in Settings with the current switches and reads what the user changes
    /// (`camera=authorized photos=limited`, or an empty line for nothing). Nil at end of input.
    public func chooseSettingsChanges(_ page: SettingsPage, switches: [SettingsSwitch]) -> [SettingsChange]? {
        chooseSettingsActions(page, switches: switches)?.changes
    }

    /// `chooseSettingsChanges` with the Critical Alerts switch (`criticalAlerts=on|off`) too.
    public func chooseSettingsActions(_ page: SettingsPage, switches: [SettingsSwitch]) -> SettingsActions? {
        output.write(renderSettings(page, switches: switches))
        while true {
            output.write("Change settings (e.g. \(Self.example(switches))), or press Return to go back: ")
            guard let line = input.readLine() else {
                output.line()
                return nil
            }
            var critical: Status?
            var words: [String] = []
            var problem: String?
            for word in Self.changeWords(line) {
                let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, parts[0] == "criticalAlerts" else {
                    words.append(word)
                    continue
                }
                switch parts[1].lowercased() {
                case "on", "authorized": critical = .authorized
                case "off", "denied": critical = .denied
                default: problem = "the Critical Alerts switch is on or off, not '\(parts[1])'"
                }
                if let c = critical, problem == nil {
                    problem = SimulatedDevice.problem(withCriticalAlerts: c, switches: switches)
                }
            }
            if let problem {
                output.line(style.yellow("  \(problem)"))
                continue
            }
            switch Self.parseChanges(words.joined(separator: ", "), page: page, switches: switches) {
            case .success(let changes): return SettingsActions(changes, criticalAlerts: critical)
            case .failure(let error): output.line(style.yellow("  \(error.message)"))
            }
        }
    }

    /// The text of the Settings page.
    public func renderSettings(_ page: SettingsPage, switches: [SettingsSwitch]) -> String {
        let heading = page == .settings ? "Settings › \(appName)" : "Settings › \(appName) › Notifications"
        var lines = [style.bold("┌─ \(heading)")]
        lines.append("│ The app is in the background. Current settings:")
        let nameWidth = switches.map(\.kind.rawValue.count).max() ?? 0
        for shown in switches {
            let kind = shown.kind
            let name = kind.rawValue + String(repeating: " ", count: nameWidth - kind.rawValue.count)
            lines.append("│   \(name)  \(style.bold(kind.settingsLabel(shown.status)))")
            let detail: String
            if shown.choices.isEmpty {
                detail = "restricted: cannot be changed here"
            } else {
                let note = kind.settingsChangeTerminatesApp ? "; changing it terminates the app" : ""
                detail = "can set: " + shown.choices.map { kind.settingsLabel($0) }.joined(separator: ", ") + note
            }
            let indent = "│   " + String(repeating: " ", count: nameWidth + 2)
            for line in Self.wrap(detail, width: width - indent.count) {
                lines.append(indent + style.dim(line))
            }
            // The Critical Alerts switch below the notifications switch (an entitled app asked).
            if let critical = shown.criticalAlerts {
                lines.append(indent + "Critical Alerts  " + style.bold(critical == .authorized ? "On" : "Off"))
                lines.append(
                    indent + style.dim("can set: criticalAlerts=on, criticalAlerts=off; the app keeps running"))
            }
        }
        if switches.isEmpty { lines.append("│   (no permissions to change here: the app has requested none yet)") }
        lines.append("└─")
        return lines.joined(separator: "\n") + "\n"
    }

    static func example(_ switches: [SettingsSwitch]) -> String {
        guard let shown = switches.first(where: { !$0.choices.isEmpty }),
            let other = shown.choices.first(where: { $0 != shown.status }) ?? shown.choices.first
        else { return "camera=On" }
        return "\(shown.kind.rawValue)=\(shown.kind.settingsLabel(other))"
    }

    /// Splits `camera=Off location=While Using the App, photos=limited` into its `kind=value`
    /// words: a new word starts at a comma or at a space followed by `name=`, so labels keep
    /// their spaces.
    static func changeWords(_ line: String) -> [String] {
        var words: [String] = []
        var line = line
        while line.contains(" =") { line = line.replacingOccurrences(of: " =", with: "=") }
        while line.contains("= ") { line = line.replacingOccurrences(of: "= ", with: "=") }
        for part in line.split(separator: ",") {
            var current = ""
            let tokens = part.split(separator: " ", omittingEmptySubsequences: true)
            for token in tokens {
                if token.contains("="), !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                current += current.isEmpty ? String(token) : " " + token
            }
            if !current.isEmpty { words.append(current) }
        }
        return words
    }

    /// Parses `kind=value` words (value: the phone's label or the status name).
    static func parseChanges(_ line: String, page: SettingsPage = .settings, switches: [SettingsSwitch]) -> Result<
        [SettingsChange], ArgumentError
    > {
        var changes: [SettingsChange] = []
        for word in changeWords(line) {
            do {
                let (kind, name) = try RunScript.kindAndValue(String(word), option: "settings")
                let status: Status
                if let named = kind.settingsStatus(named: name) {
                    status = named
                } else {
                    status = try RunScript.status(name, of: kind, in: String(word))
                }
                let change = SettingsChange(kind, status)
                if let problem = SimulatedDevice.problem(with: change, page: page, switches: switches) {
                    return .failure(ArgumentError(problem))
                }
                changes.append(change)
            } catch {
                return .failure(error)
            }
        }
        return .success(changes)
    }

    // MARK: - Reading a choice

    /// Reads a choice by number or by label until one fits; nil at end of input. Labels match
    /// ignoring case, surrounding spaces, `…` typed as `...` and curly quotes typed straight; a
    /// single choice is also taken by Return alone.
    func choose(among labels: [String], verb: String) -> Int? {
        while true {
            if labels.count == 1 {
                output.write("Press Return to \(verb.lowercased()) \"\(labels[0])\": ")
            } else {
                output.write("\(verb) [1-\(labels.count)] or type a label: ")
            }
            guard let line = input.readLine() else {
                output.line()
                return nil
            }
            let typed = line.trimmingSpaces
            if labels.count == 1, typed.isEmpty { return 0 }
            if let n = Int(typed), labels.indices.contains(n - 1) { return n - 1 }
            let wanted = Self.normalizedLabel(typed)
            if let i = labels.firstIndex(where: { Self.normalizedLabel($0) == wanted }) { return i }
            var message =
                "  '\(OutputEscaping.visible(typed))' is not one of the choices; type a number from 1 to \(labels.count)"
            if let close = Suggestion.closest(to: typed, in: labels) {
                message += " (did you mean '\(OutputEscaping.visible(close))'?)"
            }
            output.line(style.yellow(message))
        }
    }

    /// `text` as dialog lines (`│ ` and the text wrapped to the terminal), each styled.
    func bar(_ text: String, _ styled: (String) -> String = { $0 }) -> [String] {
        // Copy comes from the flow: its control characters are shown as escapes, never sent.
        Self.wrap(
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { OutputEscaping.visible(String($0)) }.joined(separator: "\n"), width: width - 2
        ).map { "│ " + styled($0) }
    }

    /// Breaks `text` into lines of at most `width` terminal cells: at spaces where there are
    /// any, else inside a word (CJK text has no spaces); explicit newlines are kept.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            func flush() {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let w = cells(word)
                if lineWidth > 0, lineWidth + 1 + w > width {
                    flush()
                } else if lineWidth > 0 || (!line.isEmpty) {
                    line += " "
                    lineWidth += 1
                }
                if w <= width - lineWidth {
                    line += word
                    lineWidth += w
                    continue
                }
                for scalar in word.unicodeScalars {  // longer than a line: break inside it
                    let c = DiagnosticRenderer.width(of: scalar.value)
                    if lineWidth + c > width { flush() }
                    line.unicodeScalars.append(scalar)
                    lineWidth += c
                }
            }
            lines.append(line)
        }
        return lines
    }

    static func cells<S: StringProtocol>(_ text: S) -> Int {
        text.unicodeScalars.reduce(0) { $0 + DiagnosticRenderer.width(of: $1.value) }
    }

    /// A label as typed or shown, for comparing (`ButtonLabel.normalized`, which scripts use too).
    static func normalizedLabel(_ text: String) -> String { ButtonLabel.normalized(text) }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
