import FlowModel
import Foundation
import Testing

@testable import FlowRuntime

/// The checkpoint JSON an app stores before Settings and loads at launch is input too: a tampered
/// or truncated value must fail to decode, or resume into a flow error, never crash or spin.
@Suite struct HostileCheckpointTests {
    static let flow = FlowSpec(
        name: "main", start: "a",
        states: [
            StateSpec(name: "a", term: .alert(title: "T", message: nil, buttons: [B("OK", .done("granted"))]))
        ])

    @Test(arguments: [
        "", "{", "[]", "null", "{\"frames\": 3}", "{\"frames\": [{\"flow\": 1}]}",
        String(repeating: "[", count: 100_000), "{\"frames\": [" + String(repeating: "{\"flow\":", count: 5_000) + "]}",
    ])
    func malformedJSONFailsToDecode(_ text: String) {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Checkpoint.self, from: Data(text.utf8)) }
    }

    @Test(arguments: [
        Checkpoint(frames: [.init(flow: "main", state: "nowhere")]),
        Checkpoint(frames: [.init(flow: "main", state: "a"), .init(flow: "ghost", state: "a")]),
        Checkpoint(frames: Array(repeating: .init(flow: "main", state: "a"), count: 10_000)),
    ])
    func checkpointsThatDoNotFitTheProgramEndInAFlowError(_ checkpoint: Checkpoint) async throws {
        let device = try SimulatedDevice(script: Script(taps: taps("OK")))
        try await device.saveCheckpoint(checkpoint)
        let result = try await Interpreter(
            program: program([Self.flow]), backend: device,
            options: .init(resumeFromCheckpoint: true)
        ).run(flow: "main")
        guard case .error(let error) = result.end else {
            Issue.record("resumed into \(result.end)")
            return
        }
        #expect(!error.message.isEmpty)
        #expect(result.trace.count <= 2)
    }
}
