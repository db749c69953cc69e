import FlowModel
import FlowRuntime
import Testing

@testable import FlowCommandLine

/// The iOS 18 contacts prompt is two screens: "an alert asks the person using the app whether to
/// allow contacts access at all. If they allow access, they can choose either full access or
/// choose which contacts to allow" (ContactsUI updates). `flowrun` shows both in the terminal and
/// the transcript, `--answer` takes a button per screen, and the storyboard draws each screen.
@Suite struct ContactsTwoScreenTests {
    static let flow = """
        app "Friends"
        flow friends {
          uses contacts
          start -> ask
          state ask { request contacts { authorized -> done granted  limited -> done limited  else -> done denied } }
        }
        """

    func run(_ arguments: [String], input: [String] = [], terminal: Bool = false) async -> (
        code: Int32, out: String, err: String
    ) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = await FlowrunCommand(reader: Fixtures.Reader(files: ["friends.flow": Self.flow]), environment: [:])
            .run(
                arguments: ["friends.flow"] + arguments, stdin: ScriptedInput(input, isTerminal: terminal),
                stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    @Test func theTranscriptShowsBothScreens() async {
        let r = await run(["--answer", "contacts=Continue > Select Contacts"])
        #expect(r.code == 0, "\(r.err)")
        #expect(
            r.out.contains(
                """
                     request contacts: iOS shows "Continue", "Don't Allow"
                     answered "Continue"
                     then iOS shows "Select Contacts", "Allow Full Access"
                     answered "Select Contacts"
                     then iOS shows "Allow Selected Contacts"
                     answered "Allow Selected Contacts": limited
                     -> done limited
                """), "\(r.out)")
    }

    @Test func oneButtonNamesTheAnswerItEndsOrLeadsTo() async {
        let full = await run(["--answer", "contacts=Allow Full Access"])
        #expect(full.code == 0, "\(full.err)")
        #expect(
            full.out.contains(
                "     answered \"Continue\"\n     then iOS shows \"Select Contacts\", \"Allow Full Access\"\n     answered \"Allow Full Access\": authorized\n"
            ), "\(full.out)")
        let denied = await run(["--answer", "contacts=Don't Allow"])
        #expect(
            denied.out.contains(
                "     request contacts: iOS shows \"Continue\", \"Don't Allow\"\n     answered \"Don't Allow\": denied\n"
            ), "\(denied.out)")
    }

    @Test func aFirstScreenButtonAloneIsNotEnough() async {
        let r = await run(["--answer", "contacts=Continue"])
        #expect(r.code == 2)
        #expect(
            r.err.contains(
                "\"Continue\" leads to more than one answer of the contacts prompt; name the next screen's button too; it offers \"Continue\" then \"Select Contacts\" then \"Allow Selected Contacts\" (limited), \"Continue\" then \"Allow Full Access\" (authorized), \"Don't Allow\" (denied)"
            ), "\(r.err)")
    }

    @Test func theTerminalAsksScreenByScreen() async {
        let r = await run([], input: ["1", "2"], terminal: true)
        #expect(r.code == 0, "\(r.err)")
        #expect(
            r.out.contains(
                """
                ┌─ iOS prompt (contacts)
                │ “Friends” Would Like to Access Your Contacts
                │ (the app's NSContactsUsageDescription text)
                │
                │   [1] Continue  -> next screen
                │   [2] Don't Allow  -> None
                └─
                Answer [1-2] or type a label: ┌─ iOS prompt (contacts), screen 2
                │ (full access, or only the contacts the user selects)
                │
                │   [1] Select Contacts  -> next screen
                │   [2] Allow Full Access  -> Full Access
                └─
                Answer [1-2] or type a label:
                """), "\(r.out)")
        #expect(r.out.hasSuffix("outcome: granted\n"), "\(r.out)")
    }

    @Test func theStoryboardDrawsEachScreen() async {
        let r = await run(["--format", "html", "--answer", "contacts=Continue > Select Contacts"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("· iOS prompt (contacts, screen 1) · “Continue” → screen 2</p>"), "\(r.out)")
        #expect(r.out.contains("· iOS prompt (contacts, screen 2) · “Select Contacts” → screen 3</p>"))
        #expect(r.out.contains("· iOS prompt (contacts, screen 3) · “Allow Selected Contacts” → limited</p>"))
        #expect(r.out.contains("<p class=\"a-title\">(full access, or only the contacts the user selects)</p>"))
        #expect(r.out.contains("<p class=\"a-title\">“Friends” Would Like to Access Your Contacts</p>"))
    }

    @Test func exploredAnswersNameEveryButton() {
        guard case .prompt(let answers) = PermissionKind.contacts.requestBehavior(options: [], current: .notDetermined)
        else {
            Issue.record("contacts prompts from notDetermined")
            return
        }
        #expect(
            answers.map { ExplorationChoice.answer(.contacts, $0).scenarioLine } == [
                "answer contacts \"Continue\" \"Select Contacts\" \"Allow Selected Contacts\"",
                "answer contacts \"Continue\" \"Allow Full Access\"", "answer contacts \"Don't Allow\"",
            ])
    }
}
