import PermissionFlow
import Testing

/// SwiftUI's `.flowAlerts(for:)` shows alerts by observing the session and reports its view's
/// appearance: an alert with no such view on screen cannot be tapped, so the run must not wait.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct ObservedAlertHostTests {
    @Test func anAlertWithNoHostOnScreenEndsTheRunInsteadOfWaiting() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device([.camera: .denied]))
        session.alertHostAppeared()
        session.alertHostDisappeared()
        let result = try await session.run(flow: "scan_receipt")
        guard case .error(let error) = result.end else {
            Issue.record("expected an error, got \(result.end)")
            return
        }
        #expect(
            error.message == "device error in state 'explain': alert 1 could not be presented: "
                + "no view that shows this session's alerts (.flowAlerts(for:)) is on screen")
    }

    @Test func anAlertWhileAHostIsOnScreenWaitsForTheTap() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device([.camera: .denied]))
        session.alertHostAppeared()
        session.alertHostAppeared()
        session.alertHostDisappeared()
        let run = Task { try await session.run(flow: "scan_receipt") }
        try session.tap(1, of: await nextAlert(session))
        #expect(try await run.value.outcome == "denied")
    }

    @Test func theLastHostLeavingWithAnAlertUpCancelsTheRun() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device([.camera: .denied]))
        session.alertHostAppeared()
        let run = Task { try await session.run(flow: "scan_receipt") }
        _ = await nextAlert(session)
        session.alertHostDisappeared()
        #expect(try await run.value.end == .cancelled)
    }

    @Test func withoutAnyHostReportedTheSessionWaitsAsBefore() async throws {
        // Tests and UIs that drive the session step by step never report a host.
        let session = FlowSession(program: try program(receiptsFlow), system: try device([.camera: .denied]))
        let run = Task { try await session.run(flow: "scan_receipt") }
        try session.tap(1, of: await nextAlert(session))
        #expect(try await run.value.outcome == "denied")
        #expect(session.presenter == nil)
    }
}
