import Foundation
import PermissionFlow
import Testing

/// The interpreter's own cancellation path, which the session relies on: a cancelled task stops
/// before its next state even when no backend call notices, and a backend call that throws
/// `CancellationError` ends the run as cancelled, not as a device error.
struct InterpreterCancellationTests {
    private let flow = """
        flow steps {
          start -> first
          state first { track "first" -> second }
          state second { track "second" -> done granted }
        }
        """

    /// Forwards to a simulated device; `track` of `cancelAt` cancels the running task, or throws
    /// from the next status read, as a cancelled system call would.
    struct CancellingBackend: DeviceBackend {
        let device: SimulatedDevice
        let cancelAt: String
        func status(of kind: PermissionKind) async throws -> Status { try await device.status(of: kind) }
        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult {
            try await device.request(kind, options: options)
        }
        func isAvailable(_ capability: Capability) async throws -> Bool { try await device.isAvailable(capability) }
        func openSettings(_ page: SettingsPage) async throws -> SettingsReturn { try await device.openSettings(page) }
        func present(_ alert: AlertPresentation) async throws -> Int { throw CancellationError() }
        func track(_ event: AnalyticsEvent) async {
            await device.track(event)
            if event.name == cancelAt { withUnsafeCurrentTask { $0?.cancel() } }
        }
        func saveCheckpoint(_ checkpoint: Checkpoint?) async throws { try await device.saveCheckpoint(checkpoint) }
        func loadCheckpoint() async throws -> Checkpoint? { try await device.loadCheckpoint() }
    }

    @Test func aCancelledTaskStopsBeforeTheNextState() async throws {
        let device = try SimulatedDevice(script: Script())
        let interpreter = Interpreter(
            program: try program(flow), backend: CancellingBackend(device: device, cancelAt: "first"))
        let result = try await Task { try await interpreter.run(flow: "steps") }.value
        #expect(result.end == .cancelled)
        #expect(result.path == ["first"])
        // A cancelled run sends no flow_end.
        #expect(await device.events.map(\.name) == ["flow_start", "first"])
    }

    @Test func aBackendCallThatThrowsCancellationErrorEndsTheRunAsCancelled() async throws {
        let alerting = """
            flow ask {
              start -> prime
              state prime { alert { title "Hello" button "Continue" -> done granted } }
            }
            """
        let device = try SimulatedDevice(script: Script())
        let interpreter = Interpreter(
            program: try program(alerting), backend: CancellingBackend(device: device, cancelAt: ""))
        let result = try await interpreter.run(flow: "ask")
        #expect(result.end == .cancelled)
        #expect(result.path == ["prime"])
    }
}
