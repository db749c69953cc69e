import Foundation
import PermissionFlow
import Testing

private let experimentFlow = """
    flow pick {
      uses camera
      outcomes plain, benefits
      experiment prime_copy { plain: 50, benefits: 50 }
      start -> choose
      state choose { variant prime_copy { plain -> done plain  benefits -> done benefits } }
    }
    """

/// A store that always fails, as a file store in a directory it cannot write.
private struct FailingStore: InstallIDStore {
    struct Failure: Error, CustomStringConvertible { var description: String { "disk full" } }
    func installID() throws -> String { throw Failure() }
}

/// The per-install ID (issue 34): made once per store and reused by every session over it, a
/// different one per store, and the key of the variant assignment when the app gives none.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct InstallIDTests {
    @Test func userDefaultsStoreMakesTheIDOnceAndSessionsReuseIt() throws {
        let defaults = FakeDefaults()
        let first = FlowSession(program: try program(receiptsFlow), system: try device())
        first.installIDStore = UserDefaultsInstallIDStore(defaults: defaults)
        let second = FlowSession(program: try program(receiptsFlow), system: try device())
        second.installIDStore = UserDefaultsInstallIDStore(defaults: defaults)
        let id = try first.installID
        #expect(UUID(uuidString: id) != nil)
        #expect(try second.installID == id)
        #expect(defaults.keys == ["PermissionFlow.installID"])
        #expect(defaults.data(forKey: "PermissionFlow.installID") == Data(id.utf8))
    }

    @Test func fileStoreKeepsTheIDBesideTheCheckpoint() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let checkpoint = FileCheckpointStore(url: directory.appendingPathComponent("flows/checkpoint.json"))
        let id = try FileInstallIDStore(besideCheckpoint: checkpoint).installID()
        #expect(UUID(uuidString: id) != nil)
        let file = directory.appendingPathComponent("flows/.install-id")
        #expect(try String(contentsOf: file, encoding: .utf8) == id)
        #expect(try FileInstallIDStore(url: file).installID() == id)
        // A tampered file holds no usable ID: a new one replaces it.
        try Data("not an id\n".utf8).write(to: file)
        let replaced = try FileInstallIDStore(url: file).installID()
        #expect(UUID(uuidString: replaced) != nil)
        #expect(try String(contentsOf: file, encoding: .utf8) == replaced)
    }

    @Test func aDirectoryInPlaceOfTheFileIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = #expect(throws: CheckpointStoreError.self) { try FileInstallIDStore(url: directory).installID() }
        #expect(error?.message == "install ID file '\(directory.path)' is not a regular file")
    }

    @Test func twoStoresGiveTwoIDs() throws {
        let memory = (try InMemoryInstallIDStore().installID(), try InMemoryInstallIDStore().installID())
        let defaults = (
            try UserDefaultsInstallIDStore(defaults: FakeDefaults()).installID(),
            try UserDefaultsInstallIDStore(defaults: FakeDefaults()).installID()
        )
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = (
            try FileInstallIDStore(url: directory.appendingPathComponent("a")).installID(),
            try FileInstallIDStore(url: directory.appendingPathComponent("b")).installID()
        )
        #expect(memory.0 != memory.1)
        #expect(defaults.0 != defaults.1)
        #expect(files.0 != files.1)
    }

    /// "u1" is in bucket 16 (plain) and "install-1" in bucket 79 (benefits), as "" is: the
    /// hand-computed hashes of ExperimentAssignmentTests. Without `experiments` the session's ID
    /// assigns; with experiments that name no ID too (and the variant is remembered); an ID of the
    /// app's own wins over the session's. Each "plain" below is one "" would not give.
    @Test func theVariantIsAssignedByTheSessionsID() async throws {
        let flows = try program(experimentFlow, path: "pick.flow")
        let session = FlowSession(program: flows, system: try device())
        session.installIDStore = InMemoryInstallIDStore("u1")
        #expect(try await session.run(flow: "pick").outcome == "plain")
        session.installIDStore = InMemoryInstallIDStore("install-1")
        #expect(try await session.run(flow: "pick").outcome == "benefits")

        let remembered = InMemoryExperimentStore()
        session.installIDStore = InMemoryInstallIDStore("u1")
        session.experiments = SessionExperiments(store: remembered)
        #expect(try await session.run(flow: "pick").outcome == "plain")
        #expect(try remembered.load() == ["prime_copy": "plain"])

        session.installIDStore = InMemoryInstallIDStore("install-1")
        session.experiments = SessionExperiments(installID: "u1")
        #expect(try await session.run(flow: "pick").outcome == "plain")
    }

    /// The ID is read only when a run reaches an experiment: a failing store refuses those runs,
    /// with the store's error, and no other.
    @Test func aFailingStoreRefusesOnlyRunsThatNeedTheID() async throws {
        let plain = FlowSession(program: try program(receiptsFlow), system: try device([.camera: .authorized]))
        plain.installIDStore = FailingStore()
        #expect(try await plain.run(flow: "scan_receipt").outcome == "granted")

        let split = FlowSession(program: try program(experimentFlow, path: "pick.flow"), system: try device())
        split.installIDStore = FailingStore()
        let error = try await #require(throws: RunInvocationError.self) { try await split.run(flow: "pick") }
        #expect(error.message == "the install ID store failed: disk full")
    }
}
