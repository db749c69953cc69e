import FlowModel
import FlowSyntax
import FlowRuntime

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

    public init(input: any LineInput, output: any TextOutput, style: TextStyle = .plain, appName: String) {
        self.input = input
        self.output = output
        self.style = style
        self.appName = appName
    }

    // MARK: - Alerts

    /// Shows `alert` and returns the index of the tapped button, or nil at end of input.
    public func chooseButton(_ alert: AlertPresentation) -> Int? {
        output.write(render(alert))
        return choose(among: alert.labels, verb: "Tap")
    }

    /// The dialog text for an alert.
    public func render(_ alert: AlertPresentation) -> String {
        var lines = [style.bold("┌─ Alert")]
        if let title = alert.title { lines += Self.bar(style.bold(title)) }
        if let message = alert.message { lines += Self.bar(message) }
        lines.append("│")
        for (i, button) in alert.buttons.enumerated() {
            let role = switch button.role {
            case .default: ""
            case .cancel: style.dim("  (cancel)")
            case .destructive: style.red("  (destructive)")
            }
            lines.append("│   \(style.cyan("[\(i + 1)]")) \(button.label)\(role)")
        }
        lines.append("└─")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - System prompts

    /// Shows the system prompt iOS presents for `kind` and returns the chosen answer's index,
    /// or nil at end of input.
    public func chooseAnswer(_ kind: PermissionKind, options: [RequestOption], answers: [PromptAnswer]) -> Int? {
        output.write(renderPrompt(kind, options: options, answers: answers))
        return choose(among: answers.map(\.label), verb: "Answer")
    }

    /// The dialog text for a system prompt.
    public func renderPrompt(_ kind: PermissionKind, options: [RequestOption], answers: [PromptAnswer]) -> String {
        var lines = [style.bold("┌─ iOS prompt (\(kind.rawValue))")]
        lines += Self.bar(style.bold(Self.promptTitle(kind, options: options, answers: answers, app: appName)))
        let keys = kind.usageDescriptionKeys(options: options)
        if !keys.isEmpty { lines += Self.bar(style.dim("(the app's \(keys.last!) text)")) }
        lines.append("│")
        for (i, answer) in answers.enumerated() {
            let result = style.dim("  -> \(answer.result.rawValue)\(answer.isTemporary ? ", this session only" : "")")
            lines.append("│   \(style.cyan("[\(i + 1)]")) \(answer.label)\(result)")
        }
        lines.append("└─")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The title iOS gives the prompt (English).
    public static func promptTitle(_ kind: PermissionKind, options: [RequestOption], answers: [PromptAnswer],
                                   app: String) -> String {
        let app = "“\(app)”"
        switch kind {
        case .camera: return "\(app) Would Like to Access the Camera"
        case .microphone: return "\(app) Would Like to Access the Microphone"
        case .photos: return "\(app) Would Like to Access Your Photos"
        case .photosAddOnly: return "\(app) Would Like to Add to Your Photos"
        case .location:
            // The one-time upgrade prompt is the only location prompt that can grant Always.
            return answers.contains { $0.result == .authorizedAlways }
                ? "Allow \(app) to also use your location even when you are not using the app?"
                : "Allow \(app) to use your location?"
        case .locationAccuracy: return "\(app) would like to use your precise location"
        case .notifications: return "\(app) Would Like to Send You Notifications"
        case .tracking: return "Allow \(app) to track your activity across other companies’ apps and websites?"
        case .contacts: return "\(app) Would Like to Access Your Contacts"
        case .calendar:
            return answers.contains { $0.result == .writeOnly && $0.label != "Don't Allow" }
                ? "\(app) Would Like to Add Events to Your Calendar"
                : "\(app) Would Like Full Access to Your Calendar"
        case .reminders: return "\(app) Would Like Full Access to Your Reminders"
        case .bluetooth: return "\(app) Would Like to Use Bluetooth"
        case .motion: return "\(app) Would Like to Access Your Motion & Fitness Activity"
        case .speech: return "\(app) Would Like to Access Speech Recognition"
        case .mediaLibrary: return "\(app) Would Like to Access Apple Music and Your Media Library"
        case .health: return "Health Access: \(app) would like to update and read your health data"
        case .faceID: return "Do you want to allow “\(app)” to use Face ID?"
        case .localNetwork: return "“\(app)” would like to find and connect to devices on your local network."
        case .siri: return "“\(app)” Would Like to Use Siri"
        case .homeKit: return "“\(app)” Would Like to Access Your Home Data"
        case .alarmKit: return "“\(app)” Would Like to Schedule Alarms and Timers"
        }
    }

    // MARK: - Settings

    /// Shows the app's page in Settings with the current switches and reads what the user changes
    /// (`camera=authorized photos=limited`, or an empty line for nothing). Nil at end of input.
    public func chooseSettingsChanges(_ page: SettingsPage, switches: [SettingsSwitch]) -> [SettingsChange]? {
        output.write(renderSettings(page, switches: switches))
        while true {
            output.write("Change switches (e.g. \(Self.example(switches))), or press Return to go back: ")
            guard let line = input.readLine() else {
                output.line()
                return nil
            }
            switch Self.parseChanges(line, page: page, switches: switches) {
            case .success(let changes): return changes
            case .failure(let error): output.line(style.yellow("  \(error.message)"))
            }
        }
    }

    /// The text of the Settings page.
    public func renderSettings(_ page: SettingsPage, switches: [SettingsSwitch]) -> String {
        let heading = page == .settings ? "Settings › \(appName)" : "Settings › \(appName) › Notifications"
        var lines = [style.bold("┌─ \(heading)")]
        lines.append("│ The app is in the background. Current switches:")
        let width = switches.map(\.kind.rawValue.count).max() ?? 0
        for shown in switches {
            let name = shown.kind.rawValue + String(repeating: " ", count: width - shown.kind.rawValue.count)
            let note = shown.kind.settingsChangeTerminatesApp ? ", changing it terminates the app" : ""
            let detail = shown.choices.isEmpty ? "(restricted: cannot be changed here)"
                : "(can set: \(shown.choices.map(\.rawValue).joined(separator: ", "))\(note))"
            lines.append("│   \(name)  \(style.bold(shown.status.rawValue))  \(style.dim(detail))")
        }
        if switches.isEmpty { lines.append("│   (no permissions to change here: the app has requested none yet)") }
        lines.append("└─")
        return lines.joined(separator: "\n") + "\n"
    }

    static func example(_ switches: [SettingsSwitch]) -> String {
        guard let shown = switches.first(where: { !$0.choices.isEmpty }),
              let other = shown.choices.first(where: { $0 != shown.status }) ?? shown.choices.first
        else { return "camera=authorized" }
        return "\(shown.kind.rawValue)=\(other.rawValue)"
    }

    /// Parses `kind=status` words separated by spaces or commas, each a change the page offers.
    static func parseChanges(_ line: String, page: SettingsPage = .settings, switches: [SettingsSwitch]) -> Result<[SettingsChange], ArgumentError> {
        var changes: [SettingsChange] = []
        for word in line.split(whereSeparator: { $0 == " " || $0 == "," }) {
            do {
                let (kind, name) = try RunScript.kindAndValue(String(word), option: "settings")
                let change = SettingsChange(kind, try RunScript.status(name, of: kind, in: String(word)))
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

    /// Reads a choice by number or by label (case-insensitive) until one fits; nil at end of input.
    func choose(among labels: [String], verb: String) -> Int? {
        while true {
            output.write("\(verb) [1-\(labels.count)] or type a label: ")
            guard let line = input.readLine() else {
                output.line()
                return nil
            }
            let typed = line.trimmingSpaces
            if let n = Int(typed), labels.indices.contains(n - 1) { return n - 1 }
            if let i = labels.firstIndex(where: { $0.lowercased() == typed.lowercased() }) { return i }
            var message = "  '\(typed)' is not one of the choices; type a number from 1 to \(labels.count)"
            if let close = Suggestion.closest(to: typed, in: labels) { message += " (did you mean '\(close)'?)" }
            output.line(style.yellow(message))
        }
    }

    static func bar(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "│ " + $0 }
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
