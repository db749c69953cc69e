import FlowRuntime
import PermissionFlow
import Testing

/// A system that serves only camera and says so (as the Apple backend does for the modules an
/// app registered): every other kind in `uses` refuses the run.
private struct CameraOnlySystem: KindLinking {
    let device: SimulatedDevice
    let reads = Reads()
    func status(of kind: PermissionKind) async throws -> Status {
        await reads.add(kind)
        return try await device.status(of: kind)
    }
    func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult {
        try await device.request(kind, options: options)
    }
    func isAvailable(_ capability: Capability) async throws -> Bool { try await device.isAvailable(capability) }
    func openSettings(_ page: SettingsPage) async throws -> SettingsReturn { try await device.openSettings(page) }
    func unlinkedUses(in program: Program, flow: FlowID) -> [Diagnostic] {
        program[flow].uses.indices.compactMap { index in
            program[flow].uses[index] == .camera
                ? nil : .error(.kindNotLinked, "not linked", at: program[flow].useRanges[index])
        }
    }
}

private actor Reads {
    private(set) var kinds: [PermissionKind] = []
    func add(_ kind: PermissionKind) { kinds.append(kind) }
}

@MainActor
@Suite(.timeLimit(.minutes(3)))
struct LinkedKindsSessionTests {
    static let photosFlow = """
        flow pick {
          uses photos
          start -> s
          state s { status photos { authorized -> done granted  else -> done denied } }
        }
        """

    @Test func aRunOfAFlowWhoseKindIsNotLinkedIsRefusedBeforeItReadsAnything() async throws {
        let system = CameraOnlySystem(device: try device([.photos: .authorized]))
        let session = FlowSession(program: try program(Self.photosFlow, path: "pick.flow"), system: system)
        let error = await #expect(throws: UnlinkedKindsError.self) { try await session.run(flow: "pick") }
        #expect(error?.description.hasPrefix("pick.flow:2:8: error: not linked [FL2108]") == true)
        #expect(await system.reads.kinds.isEmpty)
        #expect(session.activity == .idle)
    }

    @Test func aRunOfAFlowWhoseKindsAreLinkedRuns() async throws {
        let session = FlowSession(
            program: try program(receiptsFlow), system: CameraOnlySystem(device: try device([.camera: .authorized])))
        #expect(try await session.run(flow: "scan_receipt").outcome == "granted")
    }
}
