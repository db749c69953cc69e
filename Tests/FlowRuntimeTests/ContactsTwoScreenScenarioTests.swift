import FlowModel
import FlowSyntax
import Testing

@testable import FlowRuntime

/// The iOS 18 contacts prompt's two screens in scenarios and on the simulated device: `answer
/// contacts "Continue" "Allow Full Access"` names a button per screen; one button is enough when
/// it names one answer.
@Suite struct ContactsTwoScreenScenarioTests {
    @Test func aButtonPerScreenParses() throws {
        let (scenario, diagnostics) = ScenarioParser.parse(
            text: """
                flow a.flow
                answer contacts "Continue" "Allow Full Access"
                answer contacts "Select Contacts"
                answer contacts "Don't Allow"
                """, path: "a.scenario")
        #expect(brief(diagnostics) == [])
        let s = try #require(scenario)
        #expect(
            s.script.answers[.contacts]?.map(\.value) == [
                .path(["Continue", "Allow Full Access"]), .label("Select Contacts"), .label("Don't Allow"),
            ])
    }

    @Test(arguments: [
        (
            "flow a.flow\nanswer contacts \"Continue\"",
            "2:17: FL2006 \"Continue\" leads to more than one contacts prompt answer; name the next screen's button too: \"Continue\" then \"Select Contacts\" then \"Allow Selected Contacts\" (limited), \"Continue\" then \"Allow Full Access\" (authorized), \"Don't Allow\" (denied)"
        ),
        (
            "flow a.flow\nanswer contacts \"Continue\" \"Share All\"",
            "2:28: FL2006 the contacts prompt has no button \"Share All\"; its buttons are \"Allow Full Access\", \"Allow Selected Contacts\", \"Continue\", \"Don't Allow\", \"Select Contacts\""
        ),
        (
            "flow a.flow\nanswer contacts \"Allow Full Access\" \"Continue\"",
            "2:17: FL2006 the contacts prompt has no answer \"Allow Full Access\" \"Continue\"; its answers are \"Continue\" then \"Select Contacts\" then \"Allow Selected Contacts\" (limited), \"Continue\" then \"Allow Full Access\" (authorized), \"Don't Allow\" (denied)"
        ),
        ("flow a.flow\nanswer contacts denied \"Continue\"", "2:24: FL2001 unexpected 'Continue' after the answer"),
    ])
    func badAnswersGiveLocatedDiagnostics(text: String, expected: String) {
        let (scenario, diagnostics) = ScenarioParser.parse(text: text, path: "x.scenario")
        #expect(scenario == nil)
        #expect(brief(diagnostics) == [expected])
    }

    @Test func theDeviceTakesAButtonPerScreen() async throws {
        let device = try SimulatedDevice(
            script: Script(answers: [.contacts: [Scripted(.path(["Continue", "Select Contacts"]))]]))
        let r = try await device.request(.contacts, options: [])
        #expect(r.status == .limited)
        #expect(r.prompt.map { $0.buttons(after: []) } == ["Continue", "Don't Allow"])
        #expect(r.prompt?[r.answer!].path == ["Continue", "Select Contacts", "Allow Selected Contacts"])
    }

    @Test func aFirstScreenButtonAloneIsAScriptError() async throws {
        let device = try SimulatedDevice(script: Script(answers: [.contacts: [Scripted(.label("Continue"))]]))
        await #expect(
            throws: ScriptError(
                "\"Continue\" leads to more than one answer of the contacts prompt; name the next screen's button too",
                hint:
                    "it offers \"Continue\" then \"Select Contacts\" then \"Allow Selected Contacts\" (limited), \"Continue\" then \"Allow Full Access\" (authorized), \"Don't Allow\" (denied)",
                at: nil, id: .impossiblePromptAnswer)
        ) { _ = try await device.request(.contacts, options: []) }
    }
}
