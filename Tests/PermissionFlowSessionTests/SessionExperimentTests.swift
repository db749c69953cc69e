import Foundation
import PermissionFlow
import Testing

private let experimentFlow = """
    flow pick {
      uses camera
      outcomes plain, benefits
      experiment prime_copy { plain: 50, benefits: 50 }
      start -> choose
      state choose { track "choose" variant prime_copy { plain -> done plain  benefits -> done benefits } }
    }
    """

/// A session's experiments: the install's variant is assigned once and remembered, an override
/// from the app wins for the run without being remembered, an unknown override refuses the run,
/// and the analytics callback gets the variant on every event.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct SessionExperimentTests {
    /// "u1" is in bucket 16 (plain) and "install-1" in bucket 79 (benefits): the hand-computed
    /// hashes of ExperimentAssignmentTests.
    @Test func theInstallsVariantIsAssignedOnceAndRemembered() async throws {
        let store = InMemoryExperimentStore()
        let events = EventLog()
        let session = FlowSession(
            program: try program(experimentFlow, path: "pick.flow"), system: try device(),
            onEvent: { events.append($0) })
        session.experiments = SessionExperiments(installID: "u1", store: store)
        #expect(try await session.run(flow: "pick").outcome == "plain")
        #expect(try store.load() == ["prime_copy": "plain"])
        // A stored variant wins over the hash (the weights or the ID may have changed since).
        try store.save(["prime_copy": "benefits"])
        #expect(try await session.run(flow: "pick").outcome == "benefits")
        #expect(events.names == ["flow_start", "choose", "flow_end", "flow_start", "choose", "flow_end"])
    }

    @Test func anOverrideWinsForTheRunAndIsNotRemembered() async throws {
        let store = InMemoryExperimentStore()
        let session = FlowSession(program: try program(experimentFlow, path: "pick.flow"), system: try device())
        session.experiments = SessionExperiments(
            installID: "install-1", store: store, overrides: ["prime_copy": "plain"])
        #expect(try await session.run(flow: "pick").outcome == "plain")
        #expect(try store.load() == [:])
        session.experiments?.overrides = [:]
        #expect(try await session.run(flow: "pick").outcome == "benefits")
        #expect(try store.load() == ["prime_copy": "benefits"])
    }

    @Test func anUnknownOverrideRefusesTheRun() async throws {
        let session = FlowSession(program: try program(experimentFlow, path: "pick.flow"), system: try device())
        session.experiments = SessionExperiments(installID: "u1", overrides: ["prime_copy": "plan"])
        let error = try await #require(throws: RunInvocationError.self) { try await session.run(flow: "pick") }
        #expect(
            error.message
                == "experiment 'prime_copy' has no variant 'plan'; did you mean 'plain'? (its variants: plain, benefits)"
        )
    }
}
