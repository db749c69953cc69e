import FlowModel
import Foundation
import PermissionFlow
import Testing

/// Issue 29 item 7 in an app: `session.options.sendsRuntimeEvents` set to false, a seed's port
/// run through a session sends its analytics exactly the seed's events; left on, the runtime's
/// `flow_start` and `flow_end` come around them. The Polish seed, a user who lets the priming
/// alert through and allows the camera: the seed tracks that one tap.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct RuntimeEventsSessionTests {
    static func events(runtimeEvents: Bool) async throws -> [String] {
        let path = repositoryRoot.appendingPathComponent("flows/seed_pl_camera_priming.flow").path
        let loaded = Loader(reader: FileSystemReader()).load(path)
        let flows = try #require(
            loaded.program, "\(DiagnosticRenderer(files: loaded.files).render(loaded.diagnostics))")
        let events = EventLog()
        let session = FlowSession(
            program: flows, system: try device([.camera: .notDetermined], answers: [.camera: [.label("Allow")]]),
            options: .init(locale: "en"), onEvent: { events.append($0) })
        session.options.sendsRuntimeEvents = runtimeEvents
        let run = try session.start(flow: "camera_selected")
        let prime = try #require(await session.nextAlert())
        #expect(prime.buttons.map(\.label) == ["Allow", "Not Now"])
        try session.tap("Allow")
        #expect(try await run.value.outcome == "granted")
        return events.names
    }

    @Test func withRuntimeEventsOffASeedPortSendsExactlyItsSeedsEvents() async throws {
        #expect(try await Self.events(runtimeEvents: false) == ["permissions_prime_camera_accepted"])
    }

    @Test func withRuntimeEventsOnTheRuntimesOwnComeAroundThem() async throws {
        #expect(
            try await Self.events(runtimeEvents: true) == [
                "flow_start", "permissions_prime_camera_accepted", "flow_end",
            ])
    }
}
