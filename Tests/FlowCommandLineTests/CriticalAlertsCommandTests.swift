import Testing

@testable import FlowCommandLine

/// `flowrun --critical-alerts`: the entitled app's critical-alerts prompt and the Critical
/// Alerts switch, as the transcript shows them (correction 10, *secondary*).
@Suite struct CriticalAlertsCommandTests {
    static let flow = """
        flow alerts {
          uses notifications
          start -> ask
          state ask { request notifications(alert, criticalAlert) { authorized, ephemeral -> settings  else -> done denied } }
          state settings { open notificationSettings on return -> done granted }
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

    @Test func theTranscriptShowsTheSecondPromptAndTheSwitch() async {
        let r = await run([
            "--critical-alerts", "--answer", "notifications=Allow", "--answer", "notifications=Don't Allow",
            "--settings", "criticalAlerts=on",
        ])
        #expect(r.code == 0)
        #expect(
            r.out.contains(
                """
                     answered "Allow": authorized
                     then the critical alerts prompt: iOS shows "Don't Allow", "Allow"
                     answered "Don't Allow": critical alerts off
                """), "\(r.out)")
        #expect(r.out.contains("     user set Critical Alerts on\n"), "\(r.out)")
    }

    @Test func withoutTheEntitlementThereIsNoSwitchToSet() async {
        let r = await run(["--answer", "notifications=Allow", "--settings", "criticalAlerts=on"])
        #expect(r.code == 2)
        #expect(!r.out.contains("critical alerts prompt"))
        #expect(
            r.err.contains(
                "Settings has no Critical Alerts switch for this app: it appears only after an entitled app asked for critical alerts"
            ), "\(r.err)")
        let bad = await run(["--critical-alerts", "--settings", "criticalAlerts=maybe"])
        #expect(bad.code == 2)
        #expect(
            bad.err.contains(
                "the Critical Alerts switch is on or off, not 'maybe', in '--settings criticalAlerts=maybe'"),
            "\(bad.err)")
    }
}
