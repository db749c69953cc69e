import FlowModel
import Testing

@testable import FlowCommandLine

/// Scripted runs take what the terminal takes (issue 32): labels without regard to case or
/// curly quotes, the words Settings shows, and a tap that fits no button is the command line's
/// mistake, not a flow error with a backend's ID.
@Suite struct ScriptedInputTests {
    @Test func tapsAndAnswersIgnoreCaseAsAtTheTerminal() async {
        let r = await Fixtures.flowrun(["camera.flow", "--tap", "continue", "--answer", "camera=allow"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasSuffix("outcome: granted\n"), "\(r.out)")
    }

    @Test func settingsTakeTheWordsSettingsShows() async {
        let r = await Fixtures.flowrun([
            "camera.flow", "--status", "camera=denied", "--tap", "Open Settings",
            "--settings", "camera=On",
        ])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasSuffix("outcome: granted\n"), "\(r.out)")
    }

    @Test func aMistypedTapIsAUsageErrorWithoutAFlowErrorID() async {
        let r = await Fixtures.flowrun(["camera.flow", "--tap", "Contnue"])
        #expect(r.code == 2)
        #expect(!r.out.contains("FL2104"), "\(r.out)")
        #expect(
            r.err.contains(
                """
                flowrun: error: in state 'prime': no button "Contnue" in alert 'Scan receipts'; its buttons are "Continue", "Not Now"; did you mean "Continue"?
                """), "\(r.err)")
    }
}
