import Foundation
import PermissionFlow
import Testing

/// `CheckpointDefaults` over a dictionary, standing in for `UserDefaults`.
final class FakeDefaults: CheckpointDefaults, @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Data] = [:]
    func data(forKey key: String) -> Data? { lock.withLock { values[key] } }
    func setData(_ data: Data?, forKey key: String) { lock.withLock { values[key] = data } }
    var keys: [String] { lock.withLock { values.keys.sorted() } }
}

let nested = Checkpoint(frames: [
    Checkpoint.Frame(flow: "onboarding", state: "camera"),
    Checkpoint.Frame(flow: "camera_access", state: "settings"),
])

struct CheckpointCodingTests {
    @Test func encodesVersionedSortedJSON() throws {
        let data = try CheckpointCoding.encode(nested)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"frames":[{"flow":"onboarding","state":"camera"},{"flow":"camera_access","state":"settings"}],"version":1}"#
        )
        #expect(try CheckpointCoding.decode(data) == nested)
    }

    @Test(arguments: [
        (#"not json"#, "stored checkpoint is not valid checkpoint JSON"),
        (#"{"frames":[{"flow":1,"state":"x"}],"version":1}"#, "stored checkpoint is not valid checkpoint JSON"),
        (
            #"{"frames":[{"flow":"a","state":"b"}],"version":2}"#,
            "stored checkpoint has format version 2; this build reads version 1"
        ),
        (#"{"frames":[],"version":1}"#, "checkpoint has no frames"),
        (#"{"frames":[{"flow":"","state":"b"}],"version":1}"#, "checkpoint names an empty flow or state"),
    ])
    func refusesHostileData(json: String, message: String) {
        #expect(throws: CheckpointStoreError(message)) { try CheckpointCoding.decode(Data(json.utf8)) }
    }

    @Test func refusesOversizedDataBeforeParsingIt() {
        let huge = Data(repeating: UInt8(ascii: " "), count: CheckpointCoding.maxBytes + 1)
        #expect(
            throws: CheckpointStoreError(
                "stored checkpoint is \(CheckpointCoding.maxBytes + 1) bytes, more than the limit of 16384")
        ) {
            try CheckpointCoding.decode(huge)
        }
    }

    @Test func refusesTooManyFramesAndLongNames() throws {
        let deep = Checkpoint(frames: Array(repeating: Checkpoint.Frame(flow: "f", state: "s"), count: 65))
        #expect(throws: CheckpointStoreError("checkpoint has 65 frames, more than the limit of 64")) {
            try CheckpointCoding.encode(deep)
        }
        let frames = Array(repeating: #"{"flow":"f","state":"s"}"#, count: 65).joined(separator: ",")
        #expect(throws: CheckpointStoreError("checkpoint has 65 frames, more than the limit of 64")) {
            try CheckpointCoding.decode(Data(#"{"frames":[\#(frames)],"version":1}"#.utf8))
        }
        let long = Checkpoint(frames: [Checkpoint.Frame(flow: String(repeating: "é", count: 129), state: "s")])
        #expect(
            throws: CheckpointStoreError("checkpoint names a flow or state of 258 bytes, more than the limit of 256")
        ) {
            try CheckpointCoding.encode(long)
        }
    }
}

struct CheckpointStoreTests {
    @Test func inMemoryStoreKeepsAndClears() throws {
        let store = InMemoryCheckpointStore()
        #expect(try store.load() == nil)
        try store.save(nested)
        #expect(try store.load() == nested)
        try store.save(nil)
        #expect(try store.load() == nil)
    }

    @Test func userDefaultsStoreWritesOneKeyAndRemovesIt() throws {
        let defaults = FakeDefaults()
        let store = UserDefaultsCheckpointStore(defaults: defaults, key: "onboarding.checkpoint")
        #expect(try store.load() == nil)
        try store.save(nested)
        #expect(defaults.keys == ["onboarding.checkpoint"])
        #expect(defaults.data(forKey: "onboarding.checkpoint") == (try CheckpointCoding.encode(nested)))
        #expect(try store.load() == nested)
        try store.save(nil)
        #expect(defaults.keys == [])
    }

    @Test func userDefaultsStoreNamesItsKeyWhenTheDataIsBad() {
        let defaults = FakeDefaults()
        defaults.setData(Data(#"{"frames":[{"flow":"a","state":"b"}],"version":7}"#.utf8), forKey: "k")
        #expect(
            throws: CheckpointStoreError(
                "user defaults key 'k': stored checkpoint has format version 7; this build reads version 1")
        ) {
            try UserDefaultsCheckpointStore(defaults: defaults, key: "k").load()
        }
    }

    /// Foundation's own UserDefaults (swift-corelibs-foundation here), in a suite of its own.
    @Test func realUserDefaultsRoundTrip() throws {
        let suite = "PermissionFlowSessionTests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let store = UserDefaultsCheckpointStore(defaults)
        #expect(try store.load() == nil)
        try store.save(nested)
        #expect(try store.load() == nested)
        try store.save(nil)
        #expect(defaults.object(forKey: UserDefaultsCheckpointStore.defaultKey) == nil)
        #expect(try store.load() == nil)
    }

    @Test func fileStoreWritesAtomicallyAndRemovesTheFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("state/checkpoint.json")
        let store = FileCheckpointStore(url: url)
        #expect(try store.load() == nil)
        try store.save(nested)
        #expect(try Data(contentsOf: url) == (try CheckpointCoding.encode(nested)))
        // The temporary file of the atomic write is gone: only the checkpoint is in the directory.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) == [
                "checkpoint.json"
            ])
        #expect(try store.load() == nested)
        try store.save(Checkpoint(frames: [Checkpoint.Frame(flow: "a", state: "b")]))
        #expect(try store.load() == Checkpoint(frames: [Checkpoint.Frame(flow: "a", state: "b")]))
        try store.save(nil)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        try store.save(nil)  // clearing an empty store is fine
    }

    @Test func fileStoreRefusesWhatIsNotACheckpointFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("big.json")
        try Data(repeating: 0x20, count: CheckpointCoding.maxBytes + 1).write(to: big)
        #expect(
            throws: CheckpointStoreError("checkpoint file '\(big.path)' is 16385 bytes, more than the limit of 16384")
        ) {
            try FileCheckpointStore(url: big).load()
        }
        let folder = directory.appendingPathComponent("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(throws: CheckpointStoreError("checkpoint file '\(folder.path)' is not a regular file")) {
            try FileCheckpointStore(url: folder).load()
        }
        // A link is refused, not followed: the store reads only the file it owns.
        let target = directory.appendingPathComponent("elsewhere.json")
        try CheckpointCoding.encode(nested).write(to: target)
        let link = directory.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(throws: CheckpointStoreError("checkpoint file '\(link.path)' is not a regular file")) {
            try FileCheckpointStore(url: link).load()
        }
        let garbage = directory.appendingPathComponent("garbage.json")
        try Data([0xFF, 0xFE, 0x00, 0x7B]).write(to: garbage)
        #expect(
            throws: CheckpointStoreError(
                "checkpoint file '\(garbage.path)': stored checkpoint is not valid checkpoint JSON")
        ) {
            try FileCheckpointStore(url: garbage).load()
        }
    }
}
