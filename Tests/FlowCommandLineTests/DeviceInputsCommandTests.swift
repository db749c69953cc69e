import FlowModel
import FlowRuntime
import Testing

@testable import FlowCommandLine

/// `flowrun --handling`, `--answer criticalAlerts=`, `--explore --critical-alerts`, the JSON of
/// the critical-alerts prompt and switch, and the terminal's Critical Alerts switch.
@Suite struct DeviceInputsCommandTests {
    static let flow = """
        flow alerts {
          uses notifications
          start -> ask
          state ask { request notifications(alert, criticalAlert) { authorized -> settings  else -> done denied } }
          state settings { open notificationSettings on return -> done granted }
        }
        flow ask {
          uses camera
          start -> check
          state check { status camera { authorized -> done granted  else -> explain } }
          state explain handoff denied { alert { title "Camera is off" button "OK" -> done denied } }
        }
        """

    func run(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = await FlowrunCommand(reader: Fixtures.Reader(files: ["alerts.flow": Self.flow]), environment: [:])
            .run(
                arguments: ["alerts.flow"] + arguments, stdin: ScriptedInput([], isTerminal: false), stdout: out,
                stderr: err)
        return (code, out.text, err.text)
    }

    @Test func handlingEndsTheRunAtTheHandoff() async {
        let r = await run(["--flow", "ask", "--status", "camera=denied", "--handling", "denied"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasSuffix("outcome: denied\n"), "\(r.out)")
        #expect(!r.out.contains("Camera is off"), "\(r.out)")
        let unhandled = await run(["--flow", "ask", "--status", "camera=denied"])
        #expect(unhandled.code == 3)  // without --handling the alert needs a tap
        #expect(unhandled.out.contains("  2  explain  alerts.flow:11:34\n     stopped here\n"), "\(unhandled.out)")
    }

    @Test func handlingAnOutcomeTheFlowDoesNotHandOffIsAUsageError() async {
        let misspelled = await run(["--flow", "ask", "--handling", "denid"])
        #expect(misspelled.code == 2)
        #expect(
            misspelled.err.hasPrefix("flowrun: error: flow 'ask' has no outcome 'denid'; did you mean 'denied'?\n"),
            "\(misspelled.err)")
        let never = await run(["--flow", "ask", "--handling", "granted"])
        #expect(never.code == 2)
        #expect(
            never.err.hasPrefix(
                "flowrun: error: flow 'ask' never hands 'granted' to its caller: none of its states has 'handoff granted'\n"
            ), "\(never.err)")
        let empty = await run(["--flow", "ask", "--handling", "denied,"])
        #expect(
            empty.err.hasPrefix(
                "flowrun: error: '--handling denied,' has an empty outcome; write outcomes separated by commas\n"),
            "\(empty.err)")
        let twice = await run(["--flow", "ask", "--handling", "denied,denied"])
        #expect(
            twice.err.hasPrefix("flowrun: error: '--handling denied,denied' names 'denied' twice\n"), "\(twice.err)")
        let explore = await run(["--explore", "--flow", "ask", "--handling", "granted"])
        #expect(explore.code == 2)
        #expect(
            explore.err.hasPrefix("flowrun: error: flow 'ask' never hands 'granted' to its caller"), "\(explore.err)")
    }

    @Test func theCriticalAlertsPromptHasItsOwnAnswerFlag() async {
        let r = await run([
            "--critical-alerts", "--answer", "criticalAlerts=Allow", "--answer", "notifications=Allow",
            "--settings", "criticalAlerts=off", "--format", "json",
        ])
        #expect(r.code == 0, "\(r.err)")
        #expect(
            r.out.contains(
                """
                        "criticalAlertsPrompt": {
                          "prompt": ["Don't Allow", "Allow"],
                          "answered": "Allow",
                          "criticalAlerts": "on"
                        }
                """), "\(r.out)")
        #expect(
            r.out.contains(
                """
                        "terminated": false,
                        "criticalAlerts": "off"
                """), "\(r.out)")
        let bad = await run(["--critical-alerts", "--answer", "criticalAlerts=Maybe"])
        #expect(bad.code == 2)
        #expect(
            bad.err.hasPrefix(
                "flowrun: error: the critical-alerts prompt has no answer 'Maybe' in '--answer criticalAlerts=Maybe'; its buttons are \"Don't Allow\" (denied), \"Allow\" (authorized)\n"
            ), "\(bad.err)")
    }

    @Test func aStopAtTheCriticalAlertsPromptSaysSoInJSON() async {
        let r = await run(["--critical-alerts", "--answer", "notifications=Allow", "--format", "json"])
        #expect(r.code == 3)
        #expect(r.out.contains("\"criticalAlerts\": true"), "\(r.out)")
    }

    @Test func exploringAnEntitledAppTriesThePromptAndTheSwitch() async {
        let r = await run(["--explore", "--critical-alerts"])
        #expect(r.code == 0, "\(r.err)")
        #expect(
            r.out.contains(
                "answer notifications \"Allow\"; answer criticalAlerts \"Allow\"; settings criticalAlerts = off]"),
            "\(r.out)")
        #expect(
            r.out.contains(
                "answer notifications \"Allow\"; answer criticalAlerts \"Don't Allow\"; settings criticalAlerts = on]"),
            "\(r.out)")
        let plain = await run(["--explore"])
        #expect(!plain.out.contains("criticalAlerts"), "\(plain.out)")
    }

    @Test func theStoryboardReplaysTheCriticalAlertsAnswer() async {
        let r = await run([
            "--critical-alerts", "--answer", "notifications=Allow", "--answer", "criticalAlerts=Don't Allow",
            "--settings", "criticalAlerts=on", "--format", "html",
        ])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("answer criticalAlerts &quot;Don&#39;t Allow&quot;"))
        #expect(r.out.contains("settings criticalAlerts = on"))
    }

    @Test func theTerminalPromptNamesCriticalAlerts() {
        let dialogs = TerminalDialogs(input: ScriptedInput([]), output: CapturedOutput(), appName: "A")
        let prompt = dialogs.renderPrompt(
            .notifications, options: [.criticalAlert], answers: CriticalAlerts.promptAnswers)
        #expect(prompt.contains("│ “A” Would Like to Send You Critical Alerts\n"), "\(prompt)")
        #expect(prompt.contains("[1] Don't Allow  -> Critical Alerts Off\n"), "\(prompt)")
        #expect(prompt.contains("[2] Allow  -> Critical Alerts On\n"), "\(prompt)")
    }

    @Test func theTerminalSettingsPageShowsAndSetsTheSwitch() {
        let out = CapturedOutput()
        let dialogs = TerminalDialogs(
            input: ScriptedInput(["criticalAlerts=maybe", "criticalAlerts=off"]), output: out, appName: "A")
        let switches = [
            SettingsSwitch(.notifications, .authorized, choices: [.denied, .authorized], criticalAlerts: .authorized)
        ]
        let page = dialogs.renderSettings(.notificationSettings, switches: switches)
        #expect(page.contains("│                  Critical Alerts  On\n"), "\(page)")
        #expect(page.contains("can set: criticalAlerts=on, criticalAlerts=off; the app keeps running"), "\(page)")
        #expect(
            dialogs.chooseSettingsActions(.notificationSettings, switches: switches)
                == SettingsActions(criticalAlerts: .denied))
        #expect(out.text.contains("  the Critical Alerts switch is on or off, not 'maybe'\n"), "\(out.text)")
        let none = TerminalDialogs(input: ScriptedInput(["criticalAlerts=on"]), output: CapturedOutput(), appName: "A")
        let plain = [SettingsSwitch(.notifications, .authorized, choices: [.denied, .authorized])]
        // Rejected, then end of input.
        #expect(none.chooseSettingsActions(.notificationSettings, switches: plain) == nil)
        #expect(!none.renderSettings(.notificationSettings, switches: plain).contains("Critical Alerts"))
    }
}
