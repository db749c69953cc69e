import Foundation
import Observation
import PermissionFlow
import Testing

@testable import PermissionFlowSession

/// How a session tells its UI it changed without the `@Observable` macro (issue 30, item 5): each
/// published change (`activity`, `result`, `discardedCheckpoint`) reaches the app's `onChange`
/// with the new values in place, the will-change hooks (Combine's `objectWillChange` on Apple
/// platforms) before it with the old ones, and Observation per property; a property that is not
/// published changes silently.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct SessionObservationTests {
    /// What a hook saw: the activity, and the outcome of the last run.
    static func snapshot(_ session: FlowSession) -> String {
        let activity: String
        switch session.activity {
        case .idle: activity = "idle"
        case .running: activity = "running"
        case .alert(let request): activity = "alert \(request.title ?? "")"
        case .systemPrompt(let kind): activity = "prompt \(kind)"
        case .settings: activity = "settings"
        case .finished: activity = "finished"
        }
        return activity + " / " + (session.outcome ?? "-")
    }

    @Test func onChangeSeesEachPublishedChangeWithItsNewValues() async throws {
        let session = FlowSession(
            program: try program(receiptsFlow),
            system: try device([.camera: .notDetermined], answers: [.camera: [.label("Allow")]]))
        let seen = Recorder()
        session.onChange = { seen.lines.append(Self.snapshot($0)) }
        let run = try session.start(flow: "scan_receipt")
        let prime = try #require(await session.nextAlert())
        try session.tap("Continue")
        #expect(try await run.value.outcome == "granted")
        #expect(prime.title == "Scan receipts with Receipts")
        #expect(
            seen.lines == [
                "idle / -",  // discardedCheckpoint cleared at the start
                "running / -",
                "alert Scan receipts with Receipts / -",
                "running / -",  // the tap
                "prompt camera / -",
                "running / -",  // the answer
                "running / granted",  // result
                "finished / granted",
            ])
    }

    @Test func willChangeHooksRunBeforeTheChange() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device([.camera: .authorized]))
        let before = Recorder()
        let after = Recorder()
        session.observation.willChange.append { before.lines.append(Self.snapshot(session)) }
        session.onChange = { after.lines.append(Self.snapshot($0)) }
        #expect(try await session.run(flow: "scan_receipt").outcome == "granted")
        #expect(before.lines == ["idle / -", "idle / -", "running / -", "running / granted"])
        #expect(after.lines == ["idle / -", "running / -", "running / granted", "finished / granted"])
    }

    /// Observation tracks each property on its own: a tracker that read `result` is not woken by
    /// the run's start (activity, discardedCheckpoint), only by the result.
    @Test func observationTracksEachPublishedProperty() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device([.camera: .authorized]))
        let resultChanged = Counter()
        let activityChanged = Counter()
        withObservationTracking {
            _ = session.result
        } onChange: {
            resultChanged.add()
        }
        withObservationTracking {
            _ = session.activity
        } onChange: {
            activityChanged.add()
        }
        _ = try session.start(flow: "scan_receipt")
        #expect(activityChanged.value == 1)
        #expect(resultChanged.value == 0)
        await until(session) { $0.result != nil }
        #expect(resultChanged.value == 1)
        #expect(session.outcome == "granted")
    }

    @Test func settingWhatIsNotPublishedTellsNoOne() throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device())
        let hooks = Recorder()
        let tracked = Counter()
        session.onChange = { _ in hooks.lines.append("changed") }
        session.observation.willChange.append { hooks.lines.append("will change") }
        withObservationTracking {
            _ = session.activity
            _ = session.result
            _ = session.discardedCheckpoint
        } onChange: {
            tracked.add()
        }
        session.options.sendsRuntimeEvents = false
        session.experiments = SessionExperiments(installID: "u1")
        session.installIDStore = InMemoryInstallIDStore("u2")
        session.history = ShowHistory()
        session.alertHostAppeared()
        #expect(hooks.lines == [])
        #expect(tracked.value == 0)
    }

    /// `nextAlert()` waits on the session's own hook, not on Observation: it works on iOS 15 and
    /// 16 too; a cancelled waiter returns nil and is forgotten.
    @Test func nextAlertWaitsWithoutObservation() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device([.camera: .denied]))
        let run = try session.start(flow: "scan_receipt")
        let explain = try #require(await session.nextAlert())
        #expect(explain.title == "Camera access is off")
        #expect(explain.buttons.map(\.label) == ["Open Settings", "Not Now"])
        try session.tap("Not Now")
        #expect(try await run.value.outcome == "denied")
        #expect(await session.nextAlert() == nil)
    }
}

/// What the hooks saw, on the main actor.
@MainActor private final class Recorder {
    var lines: [String] = []
}

/// How many times an Observation `onChange` (a `@Sendable` closure) ran.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
