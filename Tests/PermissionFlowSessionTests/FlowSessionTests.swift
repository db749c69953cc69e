import Foundation
import PermissionFlow
import Testing

@MainActor
@Suite(.timeLimit(.minutes(3)))
struct FlowSessionTests {
    @Test func tapsDriveTheFlowToItsOutcome() async throws {
        let events = EventLog()
        let session = FlowSession(
            program: try program(receiptsFlow), system: try device(answers: [.camera: [.label("Allow")]]),
            options: .init(locale: "en"), onEvent: { events.append($0) })
        #expect(session.activity == .idle)
        let run = Task { try await session.run(flow: "scan_receipt") }

        let prime = await nextAlert(session)
        #expect(prime.title == "Scan receipts with Receipts")
        #expect(prime.buttons == [AlertButton(label: "Continue", role: .default)])
        #expect(session.activity == .alert(prime))
        #expect(session.isRunning)
        try session.tap(0, of: prime)

        let result = try await run.value
        #expect(result.outcome == "granted")
        #expect(result.path == ["check", "prime", "ask", "check"])
        #expect(session.activity == .finished(.outcome("granted")))
        #expect(session.outcome == "granted")
        #expect(!session.isRunning)
        // The runtime's own events open and close the run (Grammar.md, "Events the runtime sends").
        #expect(events.names == ["flow_start", "camera_check", "camera_check", "flow_end"])

        // Answered once: a second tap on the same alert is refused and says why.
        #expect(throws: SessionError.alertNotShown(id: prime.id)) { try session.tap(0, of: prime) }
        #expect(
            SessionError.alertNotShown(id: prime.id).description
                == "alert \(prime.id) is not on screen (already answered, or the run ended)")
    }

    @Test func aTapOnAButtonTheAlertLacksIsRefusedAndTheAlertStays() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device([.camera: .denied]))
        let run = Task { try await session.run(flow: "scan_receipt") }
        let explain = await nextAlert(session)
        #expect(explain.title == "Camera access is off")
        #expect(explain.message == "Turn it on in Settings to scan receipts.")
        #expect(explain.buttons.map(\.role) == [.default, .cancel])
        let error = #expect(throws: SessionError.self) { try session.tap(2, of: explain) }
        #expect(error?.description == "alert \(explain.id) has 2 buttons; there is no button 2")
        #expect(session.alert == explain)
        try session.tap(1, of: explain)
        #expect(try await run.value.outcome == "denied")
    }

    @Test func cancelWhileAnAlertIsShownEndsTheRunAsCancelled() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device())
        let run = Task { try await session.run(flow: "scan_receipt") }
        let prime = await nextAlert(session)
        session.cancel()
        let result = try await run.value
        #expect(result.end == .cancelled)
        #expect(result.path == ["check", "prime"])
        #expect(session.activity == .finished(.cancelled))
        #expect(throws: SessionError.alertNotShown(id: prime.id)) { try session.tap(0, of: prime) }
    }

    @Test func cancellingTheTaskEndsTheRunAsCancelled() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device())
        let run = Task { try await session.run(flow: "scan_receipt") }
        _ = await nextAlert(session)
        run.cancel()
        #expect(try await run.value.end == .cancelled)
        #expect(session.activity == .finished(.cancelled))
        #expect(session.alert == nil)
    }

    @Test func aSecondPresentationWhileAnAlertIsOnScreenIsAnErrorNotAHang() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device())
        let backend = session.backend
        let first = AlertPresentation(title: "First", message: nil, buttons: [AlertButton(label: "OK", role: .default)])
        let second = AlertPresentation(
            title: "Second", message: nil, buttons: [AlertButton(label: "Go", role: .default)])
        let shown = Task { try await backend.present(first) }
        let request = await nextAlert(session)
        await #expect(throws: SessionError.alertAlreadyShown(showing: request, refused: second)) {
            try await backend.present(second)
        }
        #expect(
            SessionError.alertAlreadyShown(showing: request, refused: second).description
                == "cannot present alert 'Second' while alert 'First' is on screen")
        // The first alert is still the one on screen, and still answerable.
        #expect(session.alert?.title == "First")
        try session.tap(0, of: request)
        #expect(try await shown.value == 0)
        // Outside a run, answering leaves the session where it was.
        #expect(session.activity == .idle)
    }

    @Test func aSecondRunWhileOneIsInProgressIsRefused() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device())
        let run = Task { try await session.run(flow: "scan_receipt") }
        let prime = await nextAlert(session)
        await #expect(throws: SessionError.alreadyRunning(flow: "scan_receipt")) {
            try await session.run(flow: "scan_receipt")
        }
        session.cancel()
        #expect(try await run.value.end == .cancelled)
        _ = prime
    }

    @Test func anUnknownFlowIsAnInvocationErrorAndTheSessionStaysIdle() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device())
        let error = await #expect(throws: RunInvocationError.self) { try await session.run(flow: "scan_reciept") }
        #expect(error?.message == "no flow named 'scan_reciept'; did you mean 'scan_receipt'?")
        #expect(session.activity == .idle)
    }

    @Test func aPresenterThatCannotShowTheAlertFailsTheRunInsteadOfWaiting() async throws {
        final class RefusingPresenter: FlowAlertPresenter {
            var dismissed: [Int] = []
            struct Busy: Error, CustomStringConvertible {
                var description: String { "another view controller is presented" }
            }
            func show(_ request: AlertRequest, of session: FlowSession) throws { throw Busy() }
            func dismiss(_ request: AlertRequest, of session: FlowSession) { dismissed.append(request.id) }
        }
        let presenter = RefusingPresenter()
        let session = FlowSession(program: try program(receiptsFlow), system: try device())
        session.presenter = presenter
        let result = try await session.run(flow: "scan_receipt")
        guard case .error(let error) = result.end else {
            Issue.record("expected a flow error, got \(result.end)")
            return
        }
        #expect(error.id == "FL2104")
        #expect(
            error.message
                == "device error in state 'prime': alert 1 could not be presented: another view controller is presented"
        )
        #expect(error.context?.state == "prime")
        #expect(session.error == error)
        #expect(session.outcome == nil)
        #expect(presenter.dismissed == [1])
    }

    @Test func aPresenterIsToldToShowAndToTakeDownEachAlert() async throws {
        final class RecordingPresenter: FlowAlertPresenter {
            var log: [String] = []
            func show(_ request: AlertRequest, of session: FlowSession) throws {
                log.append("show \(request.title ?? "")")
            }
            func dismiss(_ request: AlertRequest, of session: FlowSession) { log.append("dismiss \(request.id)") }
        }
        let presenter = RecordingPresenter()
        let session = FlowSession(program: try program(receiptsFlow), system: try device([.camera: .denied]))
        session.presenter = presenter
        let run = Task { try await session.run(flow: "scan_receipt") }
        let explain = await nextAlert(session)
        #expect(presenter.log == ["show Camera access is off"])
        try session.tap(1, of: explain)
        #expect(try await run.value.outcome == "denied")
        #expect(presenter.log == ["show Camera access is off", "dismiss \(explain.id)"])
    }

    @Test func aCancelledRunTakesItsAlertOffTheScreen() async throws {
        final class RecordingPresenter: FlowAlertPresenter {
            var log: [String] = []
            func show(_ request: AlertRequest, of session: FlowSession) throws { log.append("show \(request.id)") }
            func dismiss(_ request: AlertRequest, of session: FlowSession) { log.append("dismiss \(request.id)") }
        }
        let presenter = RecordingPresenter()
        let session = FlowSession(program: try program(receiptsFlow), system: try device())
        session.presenter = presenter
        let run = try session.start(flow: "scan_receipt")
        let prime = try #require(await session.nextAlert())
        session.cancel()
        #expect(try await run.value.end == .cancelled)
        #expect(presenter.log == ["show \(prime.id)", "dismiss \(prime.id)"])
    }

    @Test func settingsReturnWithoutAChangeChecksAgainAndClearsTheCheckpoint() async throws {
        let store = InMemoryCheckpointStore()
        let session = FlowSession(
            program: try program(receiptsFlow), system: try device([.camera: .denied], settings: [[]]),
            store: store)
        let run = Task { try await session.run(flow: "scan_receipt") }
        let explain = await nextAlert(session)
        try session.tap(0, of: explain)  // Open Settings
        let again = await nextAlert(session, after: explain)
        #expect(session.activity == .alert(again))
        #expect(again.title == "Camera access is off")
        #expect(try store.load() == nil)
        try session.tap(1, of: again)  // Not Now
        let result = try await run.value
        #expect(result.outcome == "denied")
        #expect(result.path == ["check", "explain", "settings", "check", "explain"])
        #expect(!result.relaunched)
        #expect(
            result.trace.contains {
                $0.action == .openSettings(.settings, SettingsReturn(changes: [], terminated: false))
            })
    }

    @Test func settingsReturnWithAChangeResumesFromTheStoredCheckpoint() async throws {
        let store = InMemoryCheckpointStore()
        let session = FlowSession(
            program: try program(receiptsFlow),
            system: try device([.camera: .denied], settings: [[SettingsChange(.camera, .authorized)]]),
            store: store)
        let run = Task { try await session.run(flow: "scan_receipt") }
        let explain = await nextAlert(session)
        try session.tap(0, of: explain)
        let result = try await run.value
        #expect(result.outcome == "granted")
        #expect(result.relaunched)
        #expect(result.path == ["check", "explain", "settings", "check"])
        #expect(
            result.trace.contains {
                $0.action
                    == .openSettings(
                        .settings, SettingsReturn(changes: [SettingsChange(.camera, .authorized)], terminated: true))
            })
        #expect(try store.load() == nil)
    }

    @Test func theSessionSaysWhenItIsInSettingsAndInASystemPrompt() async throws {
        // A system that parks in Settings until the test lets it go, so the activity can be seen.
        // A semaphore: an `open` before the `wait` is kept, so the order of the two cannot hang.
        actor Gate {
            var waiting: CheckedContinuation<Void, Never>?
            var permits = 0
            func wait() async {
                if permits > 0 {
                    permits -= 1
                    return
                }
                await withCheckedContinuation { waiting = $0 }
            }
            func open() {
                if let waiting {
                    self.waiting = nil
                    waiting.resume()
                } else {
                    permits += 1
                }
            }
        }
        struct ParkingSystem: PermissionSystem {
            let device: SimulatedDevice
            let gate: Gate
            func status(of kind: PermissionKind) async throws -> Status { try await device.status(of: kind) }
            func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult {
                await gate.wait()
                return try await device.request(kind, options: options)
            }
            func isAvailable(_ capability: Capability) async throws -> Bool { true }
            func openSettings(_ page: SettingsPage) async throws -> SettingsReturn {
                await gate.wait()
                return try await device.openSettings(page)
            }
        }
        let gate = Gate()
        let system = ParkingSystem(
            device: try device(answers: [.camera: [.label("Don't Allow")]], settings: [[]]), gate: gate)
        let session = FlowSession(program: try program(receiptsFlow), system: system)
        let run = Task { try await session.run(flow: "scan_receipt") }
        try session.tap(0, of: await nextAlert(session))
        await until(session) { $0.activity == .systemPrompt(.camera) }
        await gate.open()
        let explain = await nextAlert(session)
        try session.tap(0, of: explain)
        await until(session) { $0.activity == .settings(.settings) }
        await gate.open()
        try session.tap(1, of: await nextAlert(session, after: explain))
        #expect(try await run.value.outcome == "denied")
    }

    @Test func aRelaunchAfterIOSTerminatedTheAppInSettingsResumesFromTheCheckpoint() async throws {
        let store = InMemoryCheckpointStore()
        let flows = try program(receiptsFlow)

        // First launch: the user is sent to Settings and iOS ends the process there.
        let first = FlowSession(
            program: flows, system: TerminatingSystem(device: try device([.camera: .denied])), store: store)
        let run = Task { try await first.run(flow: "scan_receipt") }
        try first.tap(0, of: await nextAlert(first))
        guard case .error(let error) = try await run.value.end else {
            Issue.record("expected the process to end in Settings")
            return
        }
        #expect(error.message == "device error in state 'settings': the app was terminated in Settings")
        let saved = Checkpoint(frames: [Checkpoint.Frame(flow: "scan_receipt", state: "settings")])
        #expect(try store.load() == saved)

        // Next launch: a new session over the same store, the camera now on.
        let events = EventLog()
        let second = FlowSession(
            program: flows, system: try device([.camera: .authorized]), store: store,
            onEvent: { events.append($0) })
        #expect(second.checkpointedFlow() == "scan_receipt")
        let result = try await second.run(flow: "scan_receipt")
        #expect(result.trace.first?.action == .resumed(saved))
        #expect(result.path == ["check"])
        #expect(result.outcome == "granted")
        // The same run, resumed: no second flow_start, and its flow_end.
        #expect(events.names == ["camera_check", "flow_end"])
        #expect(try store.load() == nil)
        #expect(second.checkpointedFlow() == nil)
    }

    @Test func anUnreadableCheckpointIsDiscardedAndTheFlowStartsOver() async throws {
        let defaults = FakeDefaults()
        defaults.setData(Data("{\"version\":1,\"frames\":[".utf8), forKey: UserDefaultsCheckpointStore.defaultKey)
        let store = UserDefaultsCheckpointStore(defaults: defaults)
        let session = FlowSession(
            program: try program(receiptsFlow), system: try device([.camera: .authorized]), store: store)
        let result = try await session.run(flow: "scan_receipt")
        #expect(result.outcome == "granted")
        #expect(result.path == ["check"])
        #expect(
            session.discardedCheckpoint?.message
                == "user defaults key 'PermissionFlow.checkpoint': stored checkpoint is not valid checkpoint JSON")
        #expect(defaults.data(forKey: UserDefaultsCheckpointStore.defaultKey) == nil)
    }

    @Test func aCheckpointThatNoLongerFitsTheFlowIsClearedSoTheNextRunStartsOver() async throws {
        // The app was updated while the user was in Settings: the stored checkpoint names a
        // state the new flow no longer has.
        let store = InMemoryCheckpointStore(
            Checkpoint(frames: [Checkpoint.Frame(flow: "scan_receipt", state: "old_settings")]))
        let session = FlowSession(
            program: try program(receiptsFlow), system: try device([.camera: .authorized]), store: store)
        let first = try await session.run(flow: "scan_receipt")
        guard case .error(let error) = first.end else {
            Issue.record("expected FL2105, got \(first.end)")
            return
        }
        #expect(error.kind == .badCheckpoint)
        #expect(
            error.message == "cannot resume from the saved checkpoint: flow 'scan_receipt' has no state 'old_settings'")
        #expect(try store.load() == nil)
        #expect(
            session.discardedCheckpoint?.message
                == "saved checkpoint no longer fits the flow: cannot resume from the saved checkpoint: flow 'scan_receipt' has no state 'old_settings'"
        )

        let second = try await session.run(flow: "scan_receipt")
        #expect(second.outcome == "granted")
        #expect(second.path == ["check"])
        #expect(session.discardedCheckpoint == nil)
    }

    @Test func aSettingsReturnRereadsOnlyTheKindsThisRunRead() async throws {
        let system = ScopedSystem(device: try device([.camera: .denied, .microphone: .denied], settings: [[]]))
        // Read before the run, by the app or an earlier flow: not this run's business.
        _ = try await system.status(of: .microphone)
        let session = FlowSession(program: try program(receiptsFlow), system: system)
        let run = Task { try await session.run(flow: "scan_receipt") }
        let explain = await nextAlert(session)
        try session.tap(0, of: explain)
        try session.tap(1, of: await nextAlert(session, after: explain))
        #expect(try await run.value.outcome == "denied")
        #expect(system.rereadScopes == [[.camera]])
    }

    @Test func aSessionRunsAgainAfterARunEnded() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device([.camera: .denied]))
        for _ in 0..<2 {
            let run = Task { try await session.run(flow: "scan_receipt") }
            try session.tap(1, of: await nextAlert(session))
            #expect(try await run.value.outcome == "denied")
        }
        #expect(session.result?.outcome == "denied")
    }
}

@MainActor
@Suite(.timeLimit(.minutes(3)))
struct FlowSessionStepByStepTests {
    @Test func startNextAlertAndTapByLabel() async throws {
        let session = FlowSession(
            program: try program(receiptsFlow), system: try device([.camera: .denied], settings: [[]]))
        let run = try session.start(flow: "scan_receipt")
        #expect(session.isRunning)
        let explain = try #require(await session.nextAlert())
        #expect(explain.title == "Camera access is off")
        let error = #expect(throws: SessionError.self) { try session.tap("Allow") }
        #expect(
            error?.description
                == "alert \(explain.id) has no button \"Allow\"; its buttons are \"Open Settings\", \"Not Now\"")
        try session.tap("Open Settings")
        let again = try #require(await session.nextAlert())
        #expect(again.id == explain.id + 1)
        try session.tap("Not Now")
        #expect(try await run.value.outcome == "denied")
        #expect(await session.nextAlert() == nil)
        #expect(throws: SessionError.noAlertShown) { try session.tap("Not Now") }
    }

    @Test func startRefusesASecondRunAndCancellingItsTaskCancelsTheRun() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device())
        let run = try session.start(flow: "scan_receipt")
        #expect(throws: SessionError.alreadyRunning(flow: "scan_receipt")) { try session.start(flow: "scan_receipt") }
        _ = try #require(await session.nextAlert())
        run.cancel()
        #expect(try await run.value.end == .cancelled)
        #expect(session.activity == .finished(.cancelled))
    }
}

@MainActor
@Suite(.timeLimit(.minutes(3)))
struct NextAlertCancellationTests {
    @Test func aCancelledWaitForTheNextAlertReturnsNil() async throws {
        // A system that never answers the prompt: the run sits in it, with no alert to come.
        struct StuckSystem: PermissionSystem {
            func status(of kind: PermissionKind) async throws -> Status { .notDetermined }
            func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult {
                // Waits until the task is cancelled (an AsyncStream's iteration ends then).
                let (never, continuation) = AsyncStream<Void>.makeStream()
                for await _ in never {}
                withExtendedLifetime(continuation) {}
                throw CancellationError()
            }
            func isAvailable(_ capability: Capability) async throws -> Bool { true }
            func openSettings(_ page: SettingsPage) async throws -> SettingsReturn {
                SettingsReturn(changes: [], terminated: false)
            }
        }
        let session = FlowSession(program: try program(receiptsFlow), system: StuckSystem())
        let run = try session.start(flow: "scan_receipt")
        let prime = try #require(await session.nextAlert())
        try session.tap("Continue")
        _ = prime
        await until(session) { $0.activity == .systemPrompt(.camera) }
        let waiting = Task { await session.nextAlert() }
        waiting.cancel()
        #expect(await waiting.value == nil)
        run.cancel()  // the stuck request is cancelled with its task (Task.sleep throws)
        #expect(try await run.value.end == .cancelled)
    }
}
