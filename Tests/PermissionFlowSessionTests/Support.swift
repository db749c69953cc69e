import Foundation
import Observation
import PermissionFlow
import Testing

/// The README's flow, with an event per check so analytics can be asserted.
let receiptsFlow = """
    app "Receipts"

    flow scan_receipt {
      uses camera
      start -> check
      state check {
        track "camera_check"
        status camera {
          authorized         -> done granted
          notDetermined      -> prime
          denied, restricted -> explain
        }
      }
      state prime {
        alert { title "Scan receipts with {app}"  button "Continue" -> ask }
      }
      state ask { request camera -> check }
      state explain {
        alert {
          title  "Camera access is off"
          message "Turn it on in Settings to scan receipts."
          button "Open Settings" -> settings
          cancel "Not Now" -> done denied
        }
      }
      state settings { open settings on return -> check }
    }
    """

/// The checked program of `text`; records an issue when it does not check.
func program(_ text: String, path: String = "receipts.flow") throws -> Program {
    let result = Loader(reader: MemoryReader([:])).load(text: text, path: path)
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(DiagnosticRenderer(files: result.files).render(errors))")
    return try #require(result.program)
}

/// A simulated phone whose user answers prompts and Settings visits from the script (alert taps
/// go through the session, not the device).
func device(
    _ statuses: [PermissionKind: Status] = [:], answers: [PermissionKind: [PromptChoice]] = [:],
    settings: [[SettingsChange]] = []
) throws -> SimulatedDevice {
    let script = Script(
        answers: answers.mapValues { $0.map { Scripted($0) } },
        settingsVisits: settings.map { Scripted(SettingsActions($0)) })
    return try SimulatedDevice(SimulatedDevice.Configuration(statuses: statuses), script: script)
}

/// Waits, without sleeping, until `condition` holds: it is re-read each time a property it read
/// changes (Observation), and every change happens on the main actor.
///
/// A session that stops changing before `condition` holds is a failing test, not a hang: after
/// `limit` without a change (or when the test's task is cancelled, as its time limit does) the
/// wait ends with a recorded issue. A continuation that waits for an observation ignores
/// cancellation, so without this bound a stalled run kept the whole suite, and CI, waiting.
@MainActor
func until(
    _ session: FlowSession, limit: Duration = .seconds(60),
    _ condition: @escaping @MainActor (FlowSession) -> Bool
) async {
    while !condition(session) {
        guard await nextChange(of: session, readBy: condition, limit: limit) else {
            Issue.record("the session did not change for \(limit) while the test waited for it")
            return
        }
    }
}

/// Whether a property `condition` reads changed within `limit` (false on time-out or
/// cancellation).
@MainActor
private func nextChange(
    of session: FlowSession, readBy condition: @escaping @MainActor (FlowSession) -> Bool, limit: Duration
) async -> Bool {
    let wake = ResumeOnce()
    let timer = Task {
        try? await Task.sleep(for: limit)
        wake.resume(false)
    }
    defer { timer.cancel() }
    return await withTaskCancellationHandler {
        await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            wake.set(done)
            withObservationTracking {
                _ = condition(session)
            } onChange: {
                wake.resume(true)
            }
        }
    } onCancel: {
        wake.resume(false)
    }
}

/// A continuation resumed by whichever of its wakers comes first; the others do nothing.
private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Bool, Never>?
    private var early: Bool?

    func set(_ c: CheckedContinuation<Bool, Never>) {
        let value: Bool? = lock.withLock {
            if let early { return early }
            continuation = c
            return nil
        }
        if let value { c.resume(returning: value) }
    }

    func resume(_ value: Bool) {
        let c: CheckedContinuation<Bool, Never>? = lock.withLock {
            defer { continuation = nil }
            if continuation == nil, early == nil { early = value }
            return continuation
        }
        c?.resume(returning: value)
    }
}

/// Waits for the next alert and returns it.
@MainActor
func nextAlert(_ session: FlowSession, after previous: AlertRequest? = nil) async -> AlertRequest {
    await until(session) { $0.alert != nil && $0.alert?.id != previous?.id }
    return session.alert!
}

/// Collects analytics events from the session's callback.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [AnalyticsEvent] = []
    func append(_ event: AnalyticsEvent) { lock.withLock { events.append(event) } }
    var names: [String] { lock.withLock { events.map(\.name) } }
}

/// A phone on which opening Settings ends the process, as iOS does when a privacy switch
/// changes: nothing returns, and what is left is what the app persisted.
struct TerminatingSystem: PermissionSystem {
    struct Terminated: Error, CustomStringConvertible {
        var description: String { "the app was terminated in Settings" }
    }
    let device: SimulatedDevice
    func status(of kind: PermissionKind) async throws -> Status { try await device.status(of: kind) }
    func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult {
        try await device.request(kind, options: options)
    }
    func isAvailable(_ capability: Capability) async throws -> Bool { try await device.isAvailable(capability) }
    func openSettings(_ page: SettingsPage) async throws -> SettingsReturn { throw Terminated() }
}

/// The repository root, from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A fresh empty directory under the system's temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "pf-session-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A system that re-reads after Settings only what it is told to, and records what that was.
final class ScopedSystem: SettingsReturnScoping, @unchecked Sendable {
    let device: SimulatedDevice
    private let lock = NSLock()
    private var scopes: [Set<PermissionKind>] = []
    init(device: SimulatedDevice) { self.device = device }
    var rereadScopes: [Set<PermissionKind>] { lock.withLock { scopes } }
    func status(of kind: PermissionKind) async throws -> Status { try await device.status(of: kind) }
    func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult {
        try await device.request(kind, options: options)
    }
    func isAvailable(_ capability: Capability) async throws -> Bool { try await device.isAvailable(capability) }
    func openSettings(_ page: SettingsPage) async throws -> SettingsReturn {
        Issue.record("the session should ask for a scoped Settings return")
        return try await device.openSettings(page)
    }
    func openSettings(_ page: SettingsPage, rereading kinds: Set<PermissionKind>) async throws -> SettingsReturn {
        lock.withLock { scopes.append(kinds) }
        return try await device.openSettings(page)
    }
}
