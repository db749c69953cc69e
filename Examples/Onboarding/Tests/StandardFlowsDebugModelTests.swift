import Foundation
import PermissionFlow
import Testing

/// A phone that links only some kinds, as the Apple backend does for the modules an app
/// registered.
private struct LinkedPhone: KindLinking {
    let device: SimulatedDevice
    let linked: Set<PermissionKind>
    func status(of kind: PermissionKind) async throws -> Status { try await device.status(of: kind) }
    func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult {
        try await device.request(kind, options: options)
    }
    func isAvailable(_ capability: Capability) async throws -> Bool { try await device.isAvailable(capability) }
    func openSettings(_ page: SettingsPage) async throws -> SettingsReturn { try await device.openSettings(page) }
    func unlinkedUses(in program: Program, flow: FlowID) -> [Diagnostic] {
        program[flow].uses.indices.compactMap { index in
            linked.contains(program[flow].uses[index])
                ? nil : .error(.kindNotLinked, "not linked", at: program[flow].useRanges[index])
        }
    }
}

/// The debug screen's model (Onboarding/StandardFlowsDebugModel.swift) on Linux: it offers the
/// kinds the system links and runs their standard flows in one pass.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct StandardFlowsDebugModelTests {
    private func phone(_ statuses: [PermissionKind: Status], linking linked: Set<PermissionKind>) throws
        -> LinkedPhone
    {
        LinkedPhone(device: try SimulatedDevice(.init(statuses: statuses), script: Script()), linked: linked)
    }

    @Test func theScreenOffersTheKindsTheSystemLinksInCatalogOrder() throws {
        let model = StandardFlowsDebugModel(
            system: try phone([:], linking: [.tracking, .camera, .notifications]), locale: "en")
        #expect(model.kinds == [.camera, .notifications, .tracking])
        #expect(model.lines == ["camera: not run", "notifications: not run", "tracking: not run"])
    }

    @Test func aSystemThatServesEveryKindOffersThemAll() throws {
        let model = StandardFlowsDebugModel(system: try SimulatedDevice(.init(), script: Script()), locale: "en")
        #expect(model.kinds == PermissionKind.allCases)
    }

    @Test func onePassRunsEachLinkedKindsStandardFlow() async throws {
        let system = try phone(
            [.camera: .authorized, .notifications: .provisional, .tracking: .restricted],
            linking: [.camera, .notifications, .tracking])
        let model = StandardFlowsDebugModel(system: system, locale: "en")
        await model.runAll()
        #expect(model.lines == ["camera: granted", "notifications: limited", "tracking: unavailable"])
        #expect(model.current == nil)
    }

    @Test func aPassStartsAtTheKindACheckpointBelongsTo() async throws {
        let store = InMemoryCheckpointStore()
        let system = try phone([.camera: .authorized, .tracking: .denied], linking: [.camera, .tracking])
        // A pass that stopped in Settings during the tracking flow left its checkpoint.
        let checkpoint = Checkpoint(
            frames: [Checkpoint.Frame(flow: "standard_tracking", state: "settings")])
        try store.save(checkpoint)
        let model = StandardFlowsDebugModel(system: system, store: store, locale: "en")
        #expect(model.checkpointedKind() == .tracking)
        await model.runAll()
        // The run resumes at the return from Settings, where tracking is still off.
        #expect(model.lines == ["camera: not run", "tracking: denied"])
        #expect(try store.load() == nil)
    }
}
