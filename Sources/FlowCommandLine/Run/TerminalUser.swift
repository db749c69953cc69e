import FlowModel
import FlowRuntime

/// The person at the terminal, as the simulated device's user: answers come from the script
/// first (`--tap`, `--answer`, `--settings`, a scenario), then, when the script has nothing for
/// what is asked, from the terminal through `TerminalDialogs`. When the input is not a terminal
/// it throws `InputNeeded` instead of reading: a closed or redirected stdin never makes a run
/// wait. End of input at a question on a terminal (Ctrl-D) is the person walking away: the run
/// is cancelled (`CancellationError`), not waiting for input.
public actor TerminalUser: SimulatedUser {
    public let scripted: ScriptedUser
    /// Nil when input is not interactive: then every unscripted question is `InputNeeded`.
    public let dialogs: TerminalDialogs?

    public init(script: Script, dialogs: TerminalDialogs?) {
        scripted = ScriptedUser(script)
        self.dialogs = dialogs
    }

    public func tap(_ alert: AlertPresentation) async throws -> Int {
        do {
            return try await scripted.tap(alert)
        } catch let needed as InputNeeded {
            guard let dialogs else { throw needed }
            guard let index = dialogs.chooseButton(alert) else { throw CancellationError() }
            return index
        }
    }

    public func answer(_ kind: PermissionKind, options: [RequestOption], answers: [PromptAnswer]) async throws -> Int {
        do {
            return try await scripted.answer(kind, options: options, answers: answers)
        } catch let needed as InputNeeded {
            guard let dialogs else { throw needed }
            guard let index = dialogs.chooseAnswer(kind, options: options, answers: answers) else {
                throw CancellationError()
            }
            return index
        }
    }

    public func changeSettings(_ page: SettingsPage, switches: [SettingsSwitch]) async throws -> SettingsActions {
        do {
            return try await scripted.changeSettings(page, switches: switches)
        } catch let needed as InputNeeded {
            guard let dialogs else { throw needed }
            // End of input (Ctrl-D) at the Settings page ends the run as cancelled.
            guard let actions = dialogs.chooseSettingsActions(page, switches: switches) else {
                throw CancellationError()
            }
            return actions
        }
    }
}
