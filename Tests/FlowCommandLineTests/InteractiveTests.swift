import FlowModel
import FlowRuntime
import Testing
@testable import FlowCommandLine

@Suite struct InteractiveTests {
    @Test func dialogsAreRenderedAndAnsweredFromTheInput() async {
        let r = await Fixtures.flowrun(["camera.flow"], input: ["1", "Allow"], terminal: true)
        #expect(r.code == 0)
        #expect(r.out.hasPrefix("""
            ┌─ Alert
            │ Scan receipts
            │ We need the camera
            │
            │   [1] Continue
            │   [2] Not Now  (cancel)
            └─
            Tap [1-2] or type a label: ┌─ iOS prompt (camera)
            │ “App” Would Like to Access the Camera
            │ (the app's NSCameraUsageDescription text)
            │
            │   [1] Allow  -> authorized
            │   [2] Don't Allow  -> denied
            └─
            Answer [1-2] or type a label: flow camera (camera.flow)
            """))
        #expect(r.out.hasSuffix("outcome: granted\n"))
    }

    @Test func scriptComesFirstThenTheTerminal() async {
        let r = await Fixtures.flowrun(["camera.flow", "--tap", "Continue", "--app", "Receipts"], input: ["2"], terminal: true)
        #expect(r.code == 0)
        #expect(!r.out.contains("┌─ Alert"))
        #expect(r.out.contains("“Receipts” Would Like to Access the Camera"))
        #expect(r.out.hasSuffix("outcome: denied\n"))
    }

    @Test func wrongInputAsksAgain() async {
        let r = await Fixtures.flowrun(["camera.flow"], input: ["9", "contnue", "not now"], terminal: true)
        #expect(r.code == 0)
        #expect(r.out.contains("'9' is not one of the choices; type a number from 1 to 2\n"))
        #expect(r.out.contains("'contnue' is not one of the choices; type a number from 1 to 2 (did you mean 'Continue'?)\n"))
        #expect(r.out.hasSuffix("outcome: cancelled\n"))
    }

    @Test func endOfInputIsInputNeeded() async {
        let r = await Fixtures.flowrun(["camera.flow"], input: [], terminal: true)
        #expect(r.code == 3)
        #expect(r.err.contains("input needed in state 'prime'"))
        #expect(!r.err.contains("stdin is not a terminal"))
    }

    @Test func settingsPageAsksForChanges() async {
        let r = await Fixtures.flowrun(["camera.flow", "--status", "camera=denied"],
                                       input: ["1", "camera=granted", "camera=authorized"], terminal: true)
        #expect(r.code == 0)
        #expect(r.out.contains("""
            ┌─ Settings › App
            │ The app is in the background. Current switches:
            │   camera  denied  (can set: denied, authorized, changing it terminates the app)
            └─
            Change switches (e.g. camera=authorized), or press Return to go back: \
              'granted' is not a camera status in 'camera=granted'; did you mean 'authorized'?
            """))
        #expect(r.out.hasSuffix("outcome: granted\n"))
    }

    @Test func jsonKeepsDialogsOnStandardError() async {
        let r = await Fixtures.flowrun(["camera.flow", "--format", "json", "--tap", "Continue"], input: ["Allow"], terminal: true)
        #expect(r.code == 0)
        #expect(r.out.hasPrefix("{\n"))
        #expect(r.err.contains("┌─ iOS prompt (camera)"))
    }

    @Test(arguments: [
        (PermissionKind.location, [PromptAnswer("Keep Only While Using", .authorizedWhenInUse),
                                   PromptAnswer("Change to Always Allow", .authorizedAlways)],
         "Allow “A” to also use your location even when you are not using the app?"),
        (.location, [PromptAnswer("Allow Once", .authorizedWhenInUse, temporary: true)], "Allow “A” to use your location?"),
        (.calendar, [PromptAnswer("Allow Add Events Only", .writeOnly), PromptAnswer("Don't Allow", .denied)],
         "“A” Would Like to Add Events to Your Calendar"),
        (.calendar, [PromptAnswer("Allow Full Access", .fullAccess), PromptAnswer("Don't Allow", .writeOnly)],
         "“A” Would Like Full Access to Your Calendar"),
    ])
    func promptTitles(kind: PermissionKind, answers: [PromptAnswer], title: String) {
        #expect(TerminalDialogs.promptTitle(kind, options: [], answers: answers, app: "A") == title)
    }

    @Test func temporaryAnswersAreMarked() {
        let dialogs = TerminalDialogs(input: ScriptedInput([]), output: CapturedOutput(), appName: "A")
        let text = dialogs.renderPrompt(.location, options: [], answers: [PromptAnswer("Allow Once", .authorizedWhenInUse, temporary: true)])
        #expect(text.contains("[1] Allow Once  -> authorizedWhenInUse, this session only"))
    }

    @Test func settingsChangesParse() throws {
        let camera = SettingsSwitch(.camera, .denied, choices: [.denied, .authorized])
        let photos = SettingsSwitch(.photos, .denied, choices: [.denied, .authorized, .limited])
        let ok = TerminalDialogs.parseChanges("camera=authorized, photos=limited", switches: [camera, photos])
        #expect(try ok.get() == [SettingsChange(.camera, .authorized), SettingsChange(.photos, .limited)])
        #expect(try TerminalDialogs.parseChanges("", switches: [camera]).get() == [])
        guard case .failure(let e) = TerminalDialogs.parseChanges("photos=limited", switches: [camera]) else {
            Issue.record("expected a failure")
            return
        }
        #expect(e.message == "Settings has no photos switch for this app: the app never requested photos; it shows camera")
    }
}
