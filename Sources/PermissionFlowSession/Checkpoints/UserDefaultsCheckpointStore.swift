import FlowRuntime
import Foundation

/// The part of `UserDefaults` the checkpoint store uses, so tests can hand it a fake.
public protocol CheckpointDefaults: Sendable {
    func data(forKey key: String) -> Data?
    /// Stores `data` under `key`; nil removes the key.
    func setData(_ data: Data?, forKey key: String)
}

/// A `UserDefaults` as `CheckpointDefaults`. Foundation documents UserDefaults as thread-safe but
/// does not mark it `Sendable` (explicitly unavailable in swift-corelibs-foundation), so the
/// conformance is asserted here, on a wrapper, instead of on Foundation's class.
struct SharedUserDefaults: CheckpointDefaults, @unchecked Sendable {
    let defaults: UserDefaults

    func data(forKey key: String) -> Data? { defaults.data(forKey: key) }

    func setData(_ data: Data?, forKey key: String) {
        if let data { defaults.set(data, forKey: key) } else { defaults.removeObject(forKey: key) }
    }
}

/// Keeps the checkpoint in `UserDefaults` under one key, as versioned JSON (`CheckpointCoding`).
///
/// `UserDefaults` is a required-reason API: this target ships a `PrivacyInfo.xcprivacy` declaring
/// `NSPrivacyAccessedAPICategoryUserDefaults` with reason `CA92.1` (data read and written only by
/// the app itself). A store over an app-group suite shared with other apps needs `1C8F.1` in the
/// app's own manifest instead.
public struct UserDefaultsCheckpointStore: CheckpointStore {
    /// The key used unless another is given.
    public static let defaultKey = "PermissionFlow.checkpoint"

    public let defaults: any CheckpointDefaults
    public let key: String

    /// A store in `userDefaults` (`.standard`, or a suite: `UserDefaults(suiteName:)`).
    public init(_ userDefaults: UserDefaults = .standard, key: String = UserDefaultsCheckpointStore.defaultKey) {
        self.init(defaults: SharedUserDefaults(defaults: userDefaults), key: key)
    }

    /// A store over any `CheckpointDefaults` (a fake in tests).
    public init(defaults: any CheckpointDefaults, key: String = UserDefaultsCheckpointStore.defaultKey) {
        self.defaults = defaults
        self.key = key
    }

    public func load() throws -> Checkpoint? {
        guard let data = defaults.data(forKey: key) else { return nil }
        do {
            return try CheckpointCoding.decode(data)
        } catch let error as CheckpointStoreError {
            throw CheckpointStoreError("user defaults key '\(key)': \(error.message)")
        }
    }

    public func save(_ checkpoint: Checkpoint?) throws {
        defaults.setData(try checkpoint.map(CheckpointCoding.encode), forKey: key)
    }
}
