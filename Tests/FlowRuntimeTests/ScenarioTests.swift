import FlowModel
import FlowSyntax
import Testing

@testable import FlowRuntime

/// Renders diagnostics compactly for comparison: `line:col: ID message`.
func brief(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { d in
        let at = d.range.map { "\($0.start.line):\($0.start.column)" } ?? "-"
        let fix = d.fixIts.first.map { " (\($0.message))" } ?? ""
        return "\(at): \(d.id) \(d.message)\(fix)"
    }
}

@Suite struct ScenarioParserTests {
    @Test func parsesEveryDirective() throws {
        let text = """
            # A full scenario.
            flow ../camera.flow camera   // trailing comment
            argument p = camera
            argument reason = "To \\"scan\\""
            locale de-CH
            app "Snap"
            limit 50
            status camera = denied
            status photos = limited
            capability camera = absent
            capability locationServices = off
            inactive
            tap "Settings"
            answer camera "Allow"
            answer location authorizedWhenInUse
            settings camera = authorized, photos = denied
            settings none
            expect outcome granted
            expect path check status
            expect path explain
            expect track "prime_shown"
            expect no track "x"
            expect relaunch
            """
        let (scenario, diagnostics) = ScenarioParser.parse(text: text, path: "flows/scenarios/a.scenario")
        #expect(diagnostics.isEmpty)
        let s = try #require(scenario)
        #expect(s.name == "a")
        #expect(s.flowPath.value == "../camera.flow")
        #expect(s.flowName?.value == "camera")
        #expect(s.arguments.mapValues(\.value) == ["p": .permission(.camera), "reason": .text("To \"scan\"")])
        #expect(s.locale == "de-CH")
        #expect(s.appName == "Snap")
        #expect(s.stepLimit == 50)
        #expect(
            s.configuration
                == .init(
                    statuses: [.camera: .denied, .photos: .limited],
                    capabilities: [.camera: false, .locationServices: false], appActive: false))
        #expect(s.script.taps.map(\.value) == ["Settings"])
        #expect(s.script.taps[0].location?.start.line == 13)
        #expect(
            s.script.answers.mapValues { $0.map(\.value) } == [
                .camera: [.label("Allow")], .location: [.status(.authorizedWhenInUse)],
            ])
        #expect(
            s.script.settingsVisits.map(\.value) == [
                [SettingsChange(.camera, .authorized), SettingsChange(.photos, .denied)], [],
            ])
        #expect(
            s.expectations.map(\.value) == [
                .outcome("granted"), .path(["check", "status", "explain"]), .track("prime_shown"),
                .noTrack("x"), .relaunch(true),
            ])
    }

    @Test(arguments: [
        ("flow a.flow\nstatsu camera = denied", "2:1: FL2001 unknown directive 'statsu' (did you mean 'status'?)"),
        ("flow a.flow\nstatus camra = denied", "2:8: FL2002 unknown permission 'camra' (did you mean 'camera'?)"),
        (
            "flow a.flow\nstatus microphone = authorized",
            "2:21: FL2003 microphone has no status 'authorized'; its statuses are undetermined, denied, granted"
        ),
        (
            "flow a.flow\nstatus camera = authorised",
            "2:17: FL2003 camera has no status 'authorised'; its statuses are notDetermined, restricted, denied, authorized (did you mean 'authorized'?)"
        ),
        (
            "flow a.flow\nstatus camera denied",
            "2:8: FL2001 'status' needs 'kind = status', e.g. 'status camera = denied'"
        ),
        ("flow a.flow\ncapability camera = off", "2:21: FL2004 capability camera is 'present' or 'absent', not 'off'"),
        ("flow a.flow\ncapability nfc = absent", "2:12: FL2004 unknown capability 'nfc'"),
        (
            "flow a.flow\nsettings camera = notDetermined",
            "2:19: FL2005 Settings cannot set a permission back to 'notDetermined' for camera; choose one of denied, authorized"
        ),
        (
            "flow a.flow\nsettings camera = restricted",
            "2:19: FL2005 Settings never sets 'restricted' (Screen Time or device management does) for camera; choose one of denied, authorized"
        ),
        (
            "flow a.flow\nanswer camera \"Allow Once\"",
            "2:15: FL2006 the camera prompt has no button \"Allow Once\"; its buttons are \"Allow\", \"Don't Allow\""
        ),
        (
            "flow a.flow\nanswer camera restricted",
            "2:15: FL2006 no camera prompt answer gives 'restricted'; answers give authorized, denied"
        ),
        ("status camera = denied", "1:1: FL2007 missing 'flow <file.flow> [<flow name>]' line"),
        (
            "flow a.flow\nstatus camera = denied\nstatus camera = authorized",
            "3:8: FL2008 status of camera is given twice; keep one"
        ),
        ("flow a.flow\ntap \"Continue", "2:5: FL2009 unterminated string; add the closing quote"),
        ("flow a.flow\ntap \"Continue\" now", "2:16: FL2001 unexpected 'now' after 'tap Continue'"),
        ("flow a.flow\ntap Continue", "2:5: FL2001 'tap' needs the button label in quotes, as shown"),
        ("flow a.flow\nexpect outcum granted", "2:8: FL2001 unknown expectation 'outcum' (did you mean 'outcome'?)"),
        ("flow a.flow\nexpect error 2101", "2:14: FL2001 '2101' is not a diagnostic ID such as FL2101"),
        (
            "flow a.flow\nsettings camera = denied photos = denied",
            "2:26: FL2001 expected ',' between Settings changes, found 'photos'"
        ),
        ("flow a.flow\n= camera", "2:1: FL2001 expected a directive such as 'status', 'tap' or 'expect'"),
    ])
    func malformedLinesGiveLocatedDiagnostics(text: String, expected: String) {
        let (scenario, diagnostics) = ScenarioParser.parse(text: text, path: "x.scenario")
        #expect(scenario == nil)
        #expect(brief(diagnostics) == [expected])
    }

    @Test func oneBadLineDoesNotHideTheNext() {
        let (_, diagnostics) = ScenarioParser.parse(
            text: "flow a.flow\nstatus camra = denied\ntap\nexpect outcome", path: "x")
        #expect(brief(diagnostics).map { String($0.prefix(10)) } == ["2:8: FL200", "3:1: FL200", "4:8: FL200"])
    }

    @Test func columnsCountCharactersNotBytes() {
        let (_, diagnostics) = ScenarioParser.parse(text: "flow a.flow\ntap \"Zurück\" extra", path: "x")
        #expect(brief(diagnostics) == ["2:14: FL2001 unexpected 'extra' after 'tap Zurück'"])
    }
}

@Suite struct ScenarioRunnerTests {
    let camera = program([cameraFlow], app: "Scanner")
    let runner = ScenarioRunner(reader: NoFiles())

    func run(_ text: String, program: Program? = nil) async throws -> ScenarioResult {
        let (scenario, diagnostics) = ScenarioParser.parse(text: "flow camera.flow\n" + text, path: "s/test.scenario")
        #expect(brief(diagnostics) == [])
        return await runner.run(try #require(scenario), program: program ?? camera)
    }

    @Test func passingScenario() async throws {
        let r = try await run(
            """
            tap "Continue"
            answer camera "Allow"
            expect outcome granted
            expect path check status prime ask
            expect track "prime_Camera_shown"
            expect track "prime_continue"
            expect no relaunch
            """)
        #expect(r.passed)
        #expect(r.failures == [])
    }

    @Test func pathDiffShowsExpectedAndActual() async throws {
        let r = try await run(
            """
            status camera = denied
            tap "Cancel"
            expect outcome denied
            expect path check status prime ask
            """)
        #expect(!r.passed)
        #expect(
            r.failureReport == """
                s/test.scenario:5: path differs (- expected, + actual):
                    check
                    status
                  - prime
                  - ask
                  + explain
                """)
    }

    @Test func outcomeTrackAndRelaunchFailures() async throws {
        let r = try await run(
            """
            status camera = authorized
            expect outcome denied
            expect track "prime_continue"
            expect relaunch
            """)
        #expect(
            r.failures.map(\.message) == [
                "expected outcome 'denied', the run ended with outcome 'granted'",
                "expected track \"prime_continue\"; tracked: nothing",
                "expected a relaunch after Settings, but the app was never terminated",
            ])
        #expect(r.failures.map { $0.location?.start.line } == [3, 4, 5])
    }

    @Test func runOutOfScriptFailsNamingTheAlert() async throws {
        let r = try await run("expect outcome granted")
        #expect(
            r.failures.map(\.message) == [
                "expected outcome 'granted', the run ended with a stop in state 'prime': alert 'Scanner would like to use the Camera' needs a tap on one of \"Continue\", \"Not Now\"; add a 'tap', 'answer' or 'settings' line"
            ])
    }

    @Test func unknownButtonIsReportedAtTheTapLine() async throws {
        let r = try await run("tap \"Allow\"\nexpect outcome granted")
        #expect(!r.passed)
        #expect(
            brief(r.diagnostics) == [
                "2:1: FL2012 no button \"Allow\" in alert 'Scanner would like to use the Camera' in state 'prime'; its buttons are \"Continue\", \"Not Now\""
            ])
    }

    @Test func expectationsNamingUnknownThingsAreDiagnosed() async throws {
        let r = try await run("expect outcome grnted\nexpect path check prme")
        #expect(
            brief(r.diagnostics) == [
                "2:16: FL2013 flow 'camera' has no outcome 'grnted'; its outcomes are granted, denied, limited, unavailable, cancelled (did you mean 'granted'?)",
                "3:1: FL2014 no state 'prme' in flow 'camera' (subflow states are written 'flow.state') (did you mean 'prime'?)",
            ])
        #expect(r.run == nil)
    }

    @Test func unknownFlowAndBadArguments() async throws {
        let (s1, _) = ScenarioParser.parse(text: "flow camera.flow camra", path: "x")
        let r1 = await runner.run(try #require(s1), program: camera)
        #expect(
            brief(r1.diagnostics) == ["1:18: FL2011 no flow named 'camra' in 'camera.flow' (did you mean 'camera'?)"])
        let (s2, _) = ScenarioParser.parse(text: "flow camera.flow\nargument p = photos", path: "x")
        let r2 = await runner.run(try #require(s2), program: camera)
        #expect(brief(r2.diagnostics) == ["2:10: FL2015 flow 'camera' has no parameter 'p'"])
    }

    @Test func settingsRelaunchScenario() async throws {
        let r = try await run(
            """
            status camera = denied
            tap "Settings"
            settings camera = authorized
            expect outcome granted
            expect path check status explain settings status
            expect relaunch
            """)
        #expect(r.passed, "\(r.failureReport)")
    }

    @Test func expectedErrorPasses() async throws {
        let r = try await run("status camera = restricted\nexpect error FL2101")
        #expect(r.passed)
        let unexpected = try await run("status camera = restricted")
        #expect(
            unexpected.failures.map(\.message) == [
                "the run ended with error FL2101 in state 'status': status camera 'restricted' matches no arm in state 'status'; add an arm or 'else'"
            ])
    }

    @Test func unusedAnswersAreWarnings() async throws {
        let r = try await run(
            "status camera = authorized\ntap \"Continue\"\nanswer camera denied\nexpect outcome granted")
        #expect(r.passed)
        #expect(
            brief(r.diagnostics) == [
                "3:1: FL2016 tap \"Continue\" was never used: the run showed no more alerts",
                "4:1: FL2016 answer for the camera prompt was never used: iOS showed no more camera prompts",
            ])
        #expect(r.diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func flowPathIsRelativeToTheScenario() {
        #expect(
            ScenarioRunner.flowPath("../camera.flow", relativeTo: "flows/scenarios/a.scenario")
                == "flows/scenarios/../camera.flow")
        #expect(ScenarioRunner.flowPath("camera.flow", relativeTo: "a.scenario") == "camera.flow")
        #expect(ScenarioRunner.flowPath("/abs/c.flow", relativeTo: "x/a.scenario") == "/abs/c.flow")
    }

    @Test func lineDiff() {
        #expect(
            LineDiff.render(expected: ["a", "b", "c"], actual: ["a", "x", "c", "d"])
                == "    a\n  - b\n  + x\n    c\n  + d")
    }
}

/// A reader with no files (runner tests pass programs directly).
struct NoFiles: SourceReader {
    func read(_ path: String) -> Result<[UInt8], SourceReadError> { .failure(SourceReadError("no such file")) }
}
