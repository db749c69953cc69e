import FlowModel
import FlowRuntime
import Testing

@testable import FlowCommandLine

@Suite struct InteractiveTests {
    /// A Settings switch offering every choice the kind's page has.
    static func switchOf(_ kind: PermissionKind, _ status: Status) -> SettingsSwitch {
        SettingsSwitch(kind, status, choices: kind.settingsChoices)
    }
    @Test func dialogsAreRenderedAndAnsweredFromTheInput() async {
        let r = await Fixtures.flowrun(["camera.flow"], input: ["1", "Allow"], terminal: true)
        #expect(r.code == 0)
        // Steps print as they happen: the ones before a dialog come before it, and a step that
        // waited for an answer follows it. (On a terminal the typed answer ends the prompt line.)
        #expect(
            r.out == """
                flow camera (camera.flow)

                  1  device  camera.flow:4:18
                     capability camera: present
                     -> check
                  2  check  camera.flow:5:17
                     status camera: notDetermined
                     -> prime
                ┌─ Alert
                │ Scan receipts
                │ We need the camera
                │
                │   [1] Continue
                │   [2] Not Now  (cancel)
                └─
                Tap [1-2] or type a label:   3  prime  camera.flow:6:38
                     track prime_shown
                     alert "Scan receipts"
                           "We need the camera"
                           buttons: "Continue", "Not Now" (cancel)
                     tapped "Continue"
                     track prime_accepted
                     -> ask
                ┌─ iOS prompt (camera)
                │ “App” Would Like to Access the Camera
                │ (the app's NSCameraUsageDescription text)
                │
                │   [1] Allow  -> On
                │   [2] Don't Allow  -> Off
                └─
                Answer [1-2] or type a label:   4  ask  camera.flow:7:15
                     request camera: iOS shows "Allow", "Don't Allow"
                     answered "Allow": authorized
                     -> done granted

                outcome: granted

                """)
    }

    @Test func scriptComesFirstThenTheTerminal() async {
        let r = await Fixtures.flowrun(
            ["camera.flow", "--tap", "Continue", "--app", "Receipts"], input: ["2"], terminal: true)
        #expect(r.code == 0)
        #expect(!r.out.contains("┌─ Alert"))
        #expect(r.out.contains("“Receipts” Would Like to Access the Camera"))
        #expect(r.out.hasSuffix("outcome: denied\n"))
    }

    @Test func wrongInputAsksAgain() async {
        let r = await Fixtures.flowrun(["camera.flow"], input: ["9", "contnue", "not now"], terminal: true)
        #expect(r.code == 0)
        #expect(r.out.contains("'9' is not one of the choices; type a number from 1 to 2\n"))
        #expect(
            r.out.contains(
                "'contnue' is not one of the choices; type a number from 1 to 2 (did you mean 'Continue'?)\n"))
        #expect(r.out.hasSuffix("outcome: cancelled\n"))
    }

    @Test func endOfInputOnATerminalCancelsTheRun() async {
        let r = await Fixtures.flowrun(["camera.flow"], input: [], terminal: true)
        #expect(r.code == ExitCode.cancelled && ExitCode.cancelled == 6)
        #expect(r.err == "flowrun: error: the run was cancelled (end of input)\n")
        #expect(
            r.out.hasSuffix(
                "Tap [1-2] or type a label: \n  3  prime  camera.flow:6:38\n     track prime_shown\n     stopped here\n\ncancelled\n"
            ), "\(r.out)")
        // Not a terminal: input needed, as before.
        let closed = await Fixtures.flowrun(["camera.flow"], input: [], terminal: false)
        #expect(closed.code == ExitCode.inputNeeded && closed.err.contains("input needed in state 'prime'"))
    }

    @Test func settingsPageAsksForChanges() async {
        let r = await Fixtures.flowrun(
            ["camera.flow", "--status", "camera=denied"],
            input: ["1", "camera=granted", "camera=authorized"], terminal: true)
        #expect(r.code == 0)
        #expect(
            r.out.contains(
                """
                ┌─ Settings › App
                │ The app is in the background. Current settings:
                │   camera  Off
                │           can set: Off, On; changing it terminates the app
                └─
                Change settings (e.g. camera=On), or press Return to go back: \
                  'granted' is not a camera status in 'camera=granted'; did you mean 'authorized'?
                """), "\(r.out)")
        #expect(r.out.hasSuffix("outcome: granted\n"))
    }

    /// The prompt and the Settings page name the app as the flow does, also when its `app` copy
    /// is a strings key, in the run's locale (they said "App").
    @Test(arguments: [(nil, "“Belege”"), ("en", "“Receipts”")] as [(String?, String)])
    func promptsNameTheAppFromItsStringsTable(locale: String?, quoted: String) async throws {
        let source = """
            app @app_name

            flow scan {
              uses camera
              start -> ask
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }

            strings de { app_name = "Belege" }
            strings en { app_name = "Receipts" }

            """
        let program = try #require(Loader(reader: MemoryReader(["scan.flow": source])).load("scan.flow").program)
        let r = await Fixtures.flowrun(
            ["camera.flow"] + (locale.map { ["--locale", $0] } ?? []), program: program,
            input: ["Allow"], terminal: true)
        #expect(r.out.contains("│ \(quoted) Would Like to Access the Camera\n"), "\(r.out)")
    }

    @Test func jsonKeepsDialogsOnStandardError() async {
        let r = await Fixtures.flowrun(
            ["camera.flow", "--format", "json", "--tap", "Continue"], input: ["Allow"], terminal: true)
        #expect(r.code == 0)
        #expect(r.out.hasPrefix("{\n"))
        #expect(r.err.contains("┌─ iOS prompt (camera)"))
    }

    @Test(arguments: [
        (
            PermissionKind.location,
            [
                PromptAnswer("Keep Only While Using", .authorizedWhenInUse),
                PromptAnswer("Change to Always Allow", .authorizedAlways),
            ],
            "Allow “A” to also use your location even when you are not using the app?"
        ),
        (
            .location, [PromptAnswer("Allow Once", .authorizedWhenInUse, temporary: true)],
            "Allow “A” to use your location?"
        ),
        (
            .calendar, [PromptAnswer("Allow Add Events Only", .writeOnly), PromptAnswer("Don't Allow", .denied)],
            "“A” Would Like to Add Events to Your Calendar"
        ),
        (
            .calendar, [PromptAnswer("Allow Full Access", .fullAccess), PromptAnswer("Don't Allow", .writeOnly)],
            "“A” Would Like Full Access to Your Calendar"
        ),
    ])
    func promptTitles(kind: PermissionKind, answers: [PromptAnswer], title: String) {
        #expect(TerminalDialogs.promptTitle(kind, options: [], answers: answers, app: "A") == title)
    }

    @Test func temporaryAnswersAreMarked() {
        let dialogs = TerminalDialogs(input: ScriptedInput([]), output: CapturedOutput(), appName: "A")
        let text = dialogs.renderPrompt(
            .location, options: [], answers: [PromptAnswer("Allow Once", .authorizedWhenInUse, temporary: true)])
        #expect(text.contains("[1] Allow Once  -> While Using the App, this session only"))
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
        #expect(
            e.message == "Settings has no photos switch for this app: the app never requested photos; it shows camera")
    }

    @Test func settingsInputTakesThePhonesLabels() throws {
        // The phone's labels work, spaces and all, next to status names.
        let labels = TerminalDialogs.parseChanges(
            "location=While Using the App camera=off, photos = limited access",
            switches: [.location, .camera, .photos].map { Self.switchOf($0, .denied) })
        #expect(
            try labels.get() == [
                SettingsChange(.location, .authorizedWhenInUse), SettingsChange(.camera, .denied),
                SettingsChange(.photos, .limited),
            ])
    }

    @Test func settingsShowThePhonesLabels() {
        let dialogs = TerminalDialogs(input: ScriptedInput([]), output: CapturedOutput(), appName: "Maps")
        let text = dialogs.renderSettings(
            .settings, switches: [Self.switchOf(.location, .authorizedWhenInUse), Self.switchOf(.photos, .limited)])
        #expect(
            text == """
                ┌─ Settings › Maps
                │ The app is in the background. Current settings:
                │   location  While Using the App
                │             can set: Ask Next Time Or When I Share, Never, While Using the
                │             App, Always
                │   photos    Limited Access
                │             can set: None, Full Access, Limited Access; changing it terminates
                │             the app
                └─

                """, "\(text)")
        for line in text.split(separator: "\n") { #expect(TerminalDialogs.cells(line) <= 80) }
        #expect(PermissionKind.calendar.settingsLabel(.writeOnly) == "Add Events Only")
        #expect(PermissionKind.photosAddOnly.settingsLabel(.authorized) == "Add Photos Only")
        #expect(PermissionKind.microphone.settingsLabel(.granted) == "On")
    }

    @Test func labelsMatchIgnoringCaseEllipsisQuotesAndSpaces() {
        let labels = ["Limit Access…", "Don’t Allow", "Allow Full Access"]
        for (typed, expected) in [
            ("limit access...", 0), ("  LIMIT ACCESS…  ", 0), ("don't allow", 1), ("allow  full access", 2),
        ] {
            let dialogs = TerminalDialogs(input: ScriptedInput([typed]), output: CapturedOutput(), appName: "A")
            #expect(dialogs.choose(among: labels, verb: "Answer") == expected, "\(typed)")
        }
    }

    @Test func aSingleButtonReadsNaturallyAndReturnTapsIt() {
        let out = CapturedOutput()
        let dialogs = TerminalDialogs(input: ScriptedInput([""]), output: out, appName: "A")
        #expect(dialogs.choose(among: ["OK"], verb: "Tap") == 0)
        #expect(out.text == "Press Return to tap \"OK\": ")
    }

    @Test func dialogsWrapToTheTerminalWidth() {
        let dialogs = TerminalDialogs(input: ScriptedInput([]), output: CapturedOutput(), appName: "A", width: 30)
        let alert = AlertPresentation(
            title: "Camera access is off",
            message: "Turn it on in Settings to scan receipts and 照片相机照片相机照片相机照片相机",
            buttons: [AlertButton(label: "OK", role: .default)])
        let text = dialogs.render(alert)
        #expect(
            text == """
                ┌─ Alert
                │ Camera access is off
                │ Turn it on in Settings to
                │ scan receipts and
                │ 照片相机照片相机照片相机照片
                │ 相机
                │
                │   [1] OK
                └─

                """, "\(text)")
        for line in text.split(separator: "\n") { #expect(TerminalDialogs.cells(line) <= 30) }
    }
}
