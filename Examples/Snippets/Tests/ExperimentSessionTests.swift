import PermissionFlow
import Testing

/// An install keeps the variant it was assigned; a remote-config value overrides it for a run.
@MainActor
@Test func anInstallKeepsItsVariantAndRemoteConfigOverridesIt() async throws {
    let flow = """
        flow pick {
          uses camera
          outcomes plain, benefits
          experiment prime_copy { plain: 50, benefits: 50 }
          start -> choose
          state choose { variant prime_copy { plain -> done plain  benefits -> done benefits } }
        }
        """
    let program = try #require(Loader(reader: MemoryReader([:])).load(text: flow, path: "pick.flow").program)
    let store = InMemoryExperimentStore()
    let session = FlowSession(program: program, system: try SimulatedDevice(.init(), script: Script()))

    session.experiments = SessionExperiments(installID: "install-1", store: store)
    #expect(try await session.run(flow: "pick").outcome == "benefits")
    #expect(try store.load() == ["prime_copy": "benefits"])

    session.experiments?.overrides = ["prime_copy": "plain"]  // from remote config, not remembered
    #expect(try await session.run(flow: "pick").outcome == "plain")
    #expect(try store.load() == ["prime_copy": "benefits"])
}
