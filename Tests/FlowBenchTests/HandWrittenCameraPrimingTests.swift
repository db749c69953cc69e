import FlowBenchSupport
import FlowModel
import FlowRuntime
import Foundation
import Testing

/// The benchmark compares the interpreter with `HandWrittenCameraPriming`; that is only fair if
/// both do the same thing. On the same device and user they must end with the same outcome and
/// record the same analytics, in order.
@Suite struct HandWrittenCameraPrimingTests {
    static let flowPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("flows/seed_pl_camera_priming.flow").path

    // Not `restricted` or `denied`: with a user who always agrees, the seed's flow loops there
    // (priming or Settings, then the same status again) in both versions.
    static let configurations: [(String, SimulatedDevice.Configuration)] = [
        ("first launch", SimulatedDevice.Configuration()),
        ("already authorized", SimulatedDevice.Configuration(statuses: [.camera: .authorized])),
        ("no camera", SimulatedDevice.Configuration(capabilities: [.camera: false])),
    ]

    @Test(arguments: configurations.indices)
    func sameOutcomeAndEventsAsTheFlow(index: Int) async throws {
        let (name, configuration) = Self.configurations[index]
        let load = Loader(reader: FileSystemReader()).load(Self.flowPath)
        let program = try #require(load.program)

        let flowDevice = try SimulatedDevice(configuration, user: AgreeableUser())
        let options = Interpreter.Options(locale: "en")
        let run = try await Interpreter(program: program, backend: flowDevice, options: options).run(
            flow: "camera_selected")
        let handDevice = try SimulatedDevice(configuration, user: AgreeableUser())
        let outcome = try await HandWrittenCameraPriming(device: handDevice).run()

        #expect(run.outcome == outcome, "\(name)")
        let flowEvents = await flowDevice.events
        let handEvents = await handDevice.events
        #expect(flowEvents == handEvents, "\(name)")
        // The seed tracks taps only: an authorized user taps nothing, and only the runtime's
        // flow_start and flow_end are sent.
        #expect((handEvents.count == 2) == (name == "already authorized"), "\(name)")
    }
}
