import FlowModel
import FlowSyntax
import Testing

@testable import FlowRuntime

/// A camera flow shaped like the seeds: capability, status, priming alert, request, Settings.
let cameraFlow = FlowSpec(
    name: "camera", uses: [.camera], start: "check",
    states: [
        StateSpec(name: "check", term: .capability(.camera, present: .state("status"), absent: .done("unavailable"))),
        StateSpec(
            name: "status",
            term: .status(
                [.kind(.camera)],
                [
                    (s(.authorized), .done("granted")), (s(.notDetermined), .state("prime")),
                    (s(.denied), .state("explain")),
                ], otherwise: nil)),
        StateSpec(
            name: "prime", track: ["prime_{permission}_shown"],
            term: .alert(
                title: "{app} would like to use the {permission}", message: "To scan",
                buttons: [
                    B("Continue", .state("ask"), track: "prime_continue"),
                    B("Not Now", .done("cancelled"), role: .cancel),
                ])),
        StateSpec(
            name: "ask",
            term: .request(.kind(.camera), [], [(s(.authorized), .done("granted"))], otherwise: .done("denied"))),
        StateSpec(
            name: "explain",
            term: .alert(
                title: "No access", message: nil,
                buttons: [
                    B("Settings", .state("settings")), B("Cancel", .done("denied"), role: .cancel),
                ])),
        StateSpec(name: "settings", term: .open(.settings, .state("status"))),
    ])

@Suite struct InterpreterTests {
    let camera = program([cameraFlow], app: "Scanner")

    @Test func primeContinueAllowIsGranted() async throws {
        let (r, device) = try await simulate(
            camera, script: Script(taps: taps("Continue"), answers: answers(.camera, .label("Allow"))))
        #expect(r.end == .outcome("granted"))
        #expect(r.path == ["check", "status", "prime", "ask"])
        #expect(r.events.map(\.name) == ["prime_Camera_shown", "prime_continue"])
        #expect(await device.events == r.sentEvents)
        // Each step points at its statement (builder: line = state index + 1) and says what happened.
        #expect(r.trace.map(\.context.range.start.line) == [1, 2, 3, 4])
        #expect(r.trace[0].action == .capability(.camera, available: true))
        #expect(r.trace[1].action == .status(kinds: [.camera], statuses: [.notDetermined]))
        guard case .alert(let shown, tapped: 0) = r.trace[2].action else {
            Issue.record("\(r.trace[2])")
            return
        }
        #expect(shown.title == "Scanner would like to use the Camera")
        #expect(
            shown.buttons == [
                AlertButton(label: "Continue", role: .default), AlertButton(label: "Not Now", role: .cancel),
            ])
        #expect(
            r.trace[3].action
                == .request(
                    .camera, options: [],
                    result: .answered(
                        [
                            PromptAnswer("Allow", .authorized), PromptAnswer("Don't Allow", .denied),
                        ], index: 0)))
        #expect(r.trace.map(\.next) == [.state("status"), .state("prime"), .state("ask"), .outcome("granted")])
    }

    @Test func authorizedGoesStraightThrough() async throws {
        let (r, _) = try await simulate(camera, .init(statuses: [.camera: .authorized]))
        #expect(r.end == .outcome("granted"))
        #expect(r.path == ["check", "status"])
    }

    @Test func missingCapabilityIsUnavailable() async throws {
        let (r, _) = try await simulate(camera, .init(capabilities: [.camera: false]))
        #expect(r.end == .outcome("unavailable"))
        #expect(r.path == ["check"])
    }

    @Test func cancelledPriming() async throws {
        let (r, _) = try await simulate(camera, script: Script(taps: taps("Not Now")))
        #expect(r.end == .outcome("cancelled"))
    }

    @Test func unmatchedStatusIsAFlowErrorNamingStateAndStatus() async throws {
        let (r, _) = try await simulate(camera, .init(statuses: [.camera: .restricted]))
        guard case .error(let e) = r.end else {
            Issue.record("\(r.end)")
            return
        }
        #expect(e.kind == .unmatchedStatus)
        #expect(e.id == "FL2101")
        #expect(e.message == "status camera 'restricted' matches no arm in state 'status'; add an arm or 'else'")
        #expect(e.diagnostic.range?.start.line == 2)
        #expect(r.trace.last?.action == .incomplete)
    }

    @Test func requestWhenDeniedReturnsAtOnce() async throws {
        let p = program([
            FlowSpec(
                name: "f", uses: [.camera], start: "ask",
                states: [
                    StateSpec(
                        name: "ask",
                        term: .request(
                            .kind(.camera), [], [(s(.authorized), .done("granted")), (s(.denied), .done("denied"))],
                            otherwise: nil))
                ])
        ])
        let (r, _) = try await simulate(p, .init(statuses: [.camera: .denied]))
        #expect(r.end == .outcome("denied"))
        #expect(r.trace[0].action == .request(.camera, options: [], result: .immediate(.denied)))
    }

    @Test func requestArrowFormGoesToItsTarget() async throws {
        let p = program([
            FlowSpec(
                name: "f", uses: [.camera], start: "ask",
                states: [
                    StateSpec(name: "ask", term: .request(.kind(.camera), [], [], otherwise: .state("after"))),
                    StateSpec(name: "after", term: .goto(.done("granted"))),
                ])
        ])
        let (r, _) = try await simulate(p, script: Script(answers: answers(.camera, .status(.denied))))
        #expect(r.path == ["ask", "after"])
    }

    @Test func inputNeededStopsAtTheAlertWithItsButtons() async throws {
        let (r, _) = try await simulate(camera)
        guard case .inputNeeded(let needed, let at) = r.end else {
            Issue.record("\(r.end)")
            return
        }
        #expect(at.state == "prime")
        guard case .alert(let a) = needed.question else {
            Issue.record("\(needed)")
            return
        }
        #expect(a.labels == ["Continue", "Not Now"])
        #expect(
            needed.summary
                == "alert 'Scanner would like to use the Camera' needs a tap on one of \"Continue\", \"Not Now\"")
        // The state's track still fired before the alert.
        #expect(r.events.map(\.name) == ["prime_Camera_shown"])
        #expect(r.path == ["check", "status", "prime"])
    }

    @Test func unknownButtonLabelEndsWithADeviceErrorNamingStateAndButtons() async throws {
        let (r, _) = try await simulate(camera, script: Script(taps: taps("Allow")))
        guard case .error(let e) = r.end else {
            Issue.record("\(r.end)")
            return
        }
        #expect(e.kind == .device)
        #expect(e.id == "FL2104")
        #expect(
            e.message
                == "device error in state 'prime': no button \"Allow\" in alert 'Scanner would like to use the Camera'; its buttons are \"Continue\", \"Not Now\""
        )
    }

    @Test func settingsChangeTerminatesAndTheFlowResumesAtOnReturn() async throws {
        let (r, device) = try await simulate(
            camera, .init(statuses: [.camera: .denied]),
            script: Script(
                taps: taps("Settings"), settingsVisits: [Scripted([SettingsChange(.camera, .authorized)])]))
        #expect(r.end == .outcome("granted"))
        #expect(r.path == ["check", "status", "explain", "settings", "status"])
        #expect(r.relaunched)
        #expect(await device.relaunches == 1)
        #expect(try await device.loadCheckpoint() == nil)
        #expect(
            r.trace[3].action
                == .openSettings(
                    .settings, SettingsReturn(changes: [SettingsChange(.camera, .authorized)], terminated: true)))
    }

    @Test func settingsWithoutChangeComesBackWithoutRelaunch() async throws {
        let (r, _) = try await simulate(
            camera, .init(statuses: [.camera: .denied]),
            script: Script(
                taps: taps("Settings", "Cancel"), settingsVisits: [Scripted([])]))
        #expect(r.end == .outcome("denied"))
        #expect(r.path == ["check", "status", "explain", "settings", "status", "explain"])
        #expect(!r.relaunched)
    }

    @Test func locationChangeInSettingsDoesNotRelaunch() async throws {
        let p = program([
            FlowSpec(
                name: "loc", uses: [.location], start: "go",
                states: [
                    StateSpec(name: "go", term: .open(.settings, .state("check"))),
                    StateSpec(
                        name: "check",
                        term: .status(
                            [.kind(.location)], [(s(.authorizedWhenInUse), .done("granted"))],
                            otherwise: .done("denied"))),
                ])
        ])
        let (r, device) = try await simulate(
            p, .init(statuses: [.location: .denied]),
            script: Script(settingsVisits: [Scripted([SettingsChange(.location, .authorizedWhenInUse)])]))
        #expect(r.end == .outcome("granted"))
        #expect(!r.relaunched)
        #expect(await device.relaunches == 0)
    }

    @Test func runStartsFromASavedCheckpoint() async throws {
        let device = try SimulatedDevice(.init(statuses: [.camera: .authorized]), script: Script())
        try await device.saveCheckpoint(Checkpoint(frames: [.init(flow: "camera", state: "settings")]))
        let r = try await Interpreter(program: camera, backend: device).run(flow: "camera")
        #expect(r.end == .outcome("granted"))
        #expect(r.trace[0].action == .resumed(Checkpoint(frames: [.init(flow: "camera", state: "settings")])))
        #expect(r.path == ["status"])
        #expect(try await device.loadCheckpoint() == nil)
    }

    @Test func checkpointThatDoesNotFitIsReported() async throws {
        let device = try SimulatedDevice(script: Script())
        try await device.saveCheckpoint(Checkpoint(frames: [.init(flow: "camera", state: "prime")]))
        let r = try await Interpreter(program: camera, backend: device).run(flow: "camera")
        guard case .error(let e) = r.end else {
            Issue.record("\(r.end)")
            return
        }
        #expect(e.id == "FL2105")
        #expect(e.message == "cannot resume from the saved checkpoint: state 'prime' does not open Settings")
        // A checkpoint of another flow is ignored.
        let other = try SimulatedDevice(.init(statuses: [.camera: .authorized]), script: Script())
        try await other.saveCheckpoint(Checkpoint(frames: [.init(flow: "elsewhere", state: "x")]))
        #expect(try await Interpreter(program: camera, backend: other).run(flow: "camera").end == .outcome("granted"))
    }

    @Test func stepLimitNamesTheLoopStates() async throws {
        let p = program([
            FlowSpec(
                name: "spin", uses: [.camera], start: "enter",
                states: [
                    StateSpec(name: "enter", term: .goto(.state("a"))),
                    StateSpec(
                        name: "a",
                        term: .status([.kind(.camera)], [(s(.authorized), .done("granted"))], otherwise: .state("b"))),
                    StateSpec(name: "b", term: .goto(.state("a"))),
                ])
        ])
        let (r, _) = try await simulate(p, options: .init(stepLimit: 25))
        guard case .error(let e) = r.end else {
            Issue.record("\(r.end)")
            return
        }
        #expect(e.id == "FL2103")
        #expect(
            e.message
                == "flow loops without user input through 'a', 'b': 25 steps in a row without an alert, prompt or Settings visit"
        )
        #expect(r.trace.count == 25)
    }

    @Test func userInputResetsTheStepCount() async throws {
        // prime -> (tap Again) -> a -> b -> prime: 3 states per round, limit 4, three rounds pass.
        let p = program([
            FlowSpec(
                name: "again", start: "prime",
                states: [
                    StateSpec(
                        name: "prime",
                        term: .alert(
                            title: "t", message: nil, buttons: [B("Again", .state("a")), B("Stop", .done("cancelled"))])
                    ),
                    StateSpec(name: "a", term: .goto(.state("b"))),
                    StateSpec(name: "b", term: .goto(.state("prime"))),
                ])
        ])
        let (r, _) = try await simulate(
            p, script: Script(taps: taps("Again", "Again", "Again", "Stop")), options: .init(stepLimit: 4))
        #expect(r.end == .outcome("cancelled"))
        #expect(r.path.count == 10)
    }

    @Test func cancelledBeforeStart() async throws {
        let camera = self.camera
        let r = try await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            let device = try SimulatedDevice(script: Script())
            return try await Interpreter(program: camera, backend: device).run(flow: "camera")
        }.value
        #expect(r.end == .cancelled)
        #expect(r.trace.isEmpty)
    }

    @Test func cancelledMidRun() async throws {
        // An endless loop with input at every step (alerts), cancelled by the backend after 5 alerts.
        let p = program([
            FlowSpec(
                name: "forever", start: "a",
                states: [
                    StateSpec(name: "a", term: .alert(title: nil, message: nil, buttons: [B("Again", .state("a"))]))
                ])
        ])
        let r = try await Interpreter(program: p, backend: CancellingBackend(after: 5)).run(flow: "forever")
        #expect(r.end == .cancelled)
        #expect(r.path.count == 5)
    }

    @Test func tupleStatusWithWildcards() async throws {
        let p = program([
            FlowSpec(
                name: "both", uses: [.camera, .photos], start: "s",
                states: [
                    StateSpec(
                        name: "s",
                        term: .status(
                            [.kind(.camera), .kind(.photos)],
                            [
                                ([[.status(.authorized), .status(.authorized)]], .state("all")),
                                ([[.status(.authorized), .any]], .state("cameraOnly")),
                            ], otherwise: .done("denied"))),
                    StateSpec(name: "all", term: .goto(.done("granted"))),
                    StateSpec(name: "cameraOnly", term: .goto(.done("limited"))),
                ])
        ])
        let (all, _) = try await simulate(p, .init(statuses: [.camera: .authorized, .photos: .authorized]))
        #expect(all.end == .outcome("granted"))
        let (some, _) = try await simulate(p, .init(statuses: [.camera: .authorized, .photos: .denied]))
        #expect(some.end == .outcome("limited"))
        #expect(some.trace[0].action == .status(kinds: [.camera, .photos], statuses: [.authorized, .denied]))
        let (none, _) = try await simulate(p, .init(statuses: [.camera: .denied]))
        #expect(none.end == .outcome("denied"))
    }

    @Test func invocationErrors() async throws {
        let device = try SimulatedDevice(script: Script())
        let i = Interpreter(program: camera, backend: device)
        await #expect(throws: RunInvocationError("no flow named 'camra'; did you mean 'camera'?")) {
            _ = try await i.run(flow: "camra")
        }
        await #expect(throws: RunInvocationError("flow 'camera' has no parameter 'p'")) {
            _ = try await i.run(flow: "camera", arguments: ["p": .permission(.camera)])
        }
    }
}

/// Taps the first button of every alert and cancels the running task at the `after`-th alert.
actor CancellingBackend: DeviceBackend {
    let after: Int
    var shown = 0
    init(after: Int) { self.after = after }
    func status(of kind: PermissionKind) async throws -> Status { kind.initialStatus }
    func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult {
        .immediate(kind.initialStatus)
    }
    func isAvailable(_ capability: Capability) async throws -> Bool { true }
    func present(_ alert: AlertPresentation) async throws -> Int {
        shown += 1
        if shown == after { withUnsafeCurrentTask { $0?.cancel() } }
        return 0
    }
    func openSettings(_ page: SettingsPage) async throws -> SettingsReturn {
        SettingsReturn(changes: [], terminated: false)
    }
    func track(_ event: AnalyticsEvent) async {}
    func saveCheckpoint(_ checkpoint: Checkpoint?) async throws {}
    func loadCheckpoint() async throws -> Checkpoint? { nil }
}
