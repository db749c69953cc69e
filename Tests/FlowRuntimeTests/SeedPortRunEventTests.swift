import FlowModel
import Foundation
import Testing

@testable import FlowRuntime

/// Issue 29 item 7: a seed's port reproduces its seed's observable behaviour, and what an
/// analytics backend receives is observable. Each port is run on a path of its seed and the
/// events the device received are listed: with `sendsRuntimeEvents` off they are exactly the
/// seed's (the Polish and Simplified Chinese seeds track the no-camera tap; the others send
/// nothing); by default the runtime adds its `flow_start` and `flow_end` around them, which is
/// why an app replacing hand-written code turns them off (`flowrun --no-runtime-events`).
@Suite struct SeedPortRunEventTests {
    static let flows = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("flows")

    /// A path of each port: the flow run, the device, the taps, and the events its seed sends
    /// on that path.
    struct Path: Sendable, CustomStringConvertible {
        var port: String
        var flow: String
        var statuses: [PermissionKind: Status] = [:]
        var capabilities: [Capability: Bool] = [:]
        var taps: [String] = []
        var seedEvents: [String]
        var description: String { "\(port) \(flow)" }
    }

    static let paths = [
        Path(
            port: "seed_hangge_photos_settings.flow", flow: "photos_authorize", statuses: [.photos: .authorized],
            seedEvents: []),
        Path(
            port: "seed_pl_camera_priming.flow", flow: "camera_selected", capabilities: [.camera: false], taps: ["OK"],
            seedEvents: ["permissions_prime_camera_no_camera"]),
        Path(
            port: "seed_uk_photos_execute.flow", flow: "album_groups", statuses: [.photos: .authorized], seedEvents: []),
        Path(
            port: "seed_zh_hans_camera_priming.flow", flow: "camera_selected", capabilities: [.camera: false],
            taps: ["OK"], seedEvents: ["permissions_prime_camera_no_camera"]),
        Path(
            port: "seed_zh_hant_camera_photos_tuple.flow", flow: "camera_and_album",
            statuses: [.camera: .authorized, .photos: .authorized], seedEvents: []),
    ]

    static func events(_ path: Path, runtimeEvents: Bool) async throws -> [String] {
        let loaded = Loader(reader: FileSystemReader()).load(flows.appendingPathComponent(path.port).path)
        let program = try #require(loaded.program, "\(brief(loaded.diagnostics))")
        let device = try SimulatedDevice(
            .init(statuses: path.statuses, capabilities: path.capabilities),
            script: Script(taps: path.taps.map { Scripted($0) }))
        let result = try await Interpreter(
            program: program, backend: device, options: .init(sendsRuntimeEvents: runtimeEvents)
        ).run(flow: path.flow)
        guard case .outcome = result.end else {
            Issue.record("\(path): \(result.end)")
            return []
        }
        return await device.events.map(\.name)
    }

    @Test(arguments: paths)
    func aPortSendsExactlyItsSeedsEventsWithoutTheRuntimes(path: Path) async throws {
        #expect(try await Self.events(path, runtimeEvents: false) == path.seedEvents)
    }

    @Test(arguments: paths)
    func theRuntimesOwnEventsAreTheOnlyOthers(path: Path) async throws {
        #expect(try await Self.events(path, runtimeEvents: true) == ["flow_start"] + path.seedEvents + ["flow_end"])
    }

    @Test func everySeedPortHasAPath() throws {
        let ports = try FileManager.default.contentsOfDirectory(atPath: Self.flows.path)
            .filter { $0.hasPrefix("seed_") && $0.hasSuffix(".flow") }.sorted()
        #expect(ports == Self.paths.map(\.port))
    }
}
