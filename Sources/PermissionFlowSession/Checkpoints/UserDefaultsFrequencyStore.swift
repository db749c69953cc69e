import FlowRuntime
import Foundation

/// Keeps limited states' records (`ShownRecord`, Grammar.md "`limit`") in `UserDefaults`, one
/// key per flow and state (`PermissionFlow.shown.<flow>.<state>`), as JSON. Only states with a
/// `limit` are written, so the store holds as many small records as the flows have limits.
/// What cannot be read (another format, a tampered value) counts as never shown.
///
/// `UserDefaults` is the required-reason API the checkpoint store declares already
/// (`PrivacyInfo.xcprivacy`, reason `CA92.1`).
public struct UserDefaultsFrequencyStore: FrequencyStore {
    /// The prefix of every key.
    public static let keyPrefix = "PermissionFlow.shown."
    /// Largest record accepted: a record is two numbers.
    static let maxBytes = 256

    public let defaults: any CheckpointDefaults

    /// A store in `userDefaults` (`.standard`, or a suite).
    public init(_ userDefaults: UserDefaults = .standard) {
        self.init(defaults: SharedUserDefaults(defaults: userDefaults))
    }

    /// A store over any `CheckpointDefaults` (a fake in tests).
    public init(defaults: any CheckpointDefaults) { self.defaults = defaults }

    public func record(flow: String, state: String) -> ShownRecord? {
        guard let data = defaults.data(forKey: Self.key(flow, state)), data.count <= Self.maxBytes,
            let record = try? JSONDecoder().decode(ShownRecord.self, from: data),
            record.timesShown >= 0, record.lastShown.isFinite
        else { return nil }
        return record
    }

    public func save(_ record: ShownRecord, flow: String, state: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        defaults.setData(try? encoder.encode(record), forKey: Self.key(flow, state))
    }

    static func key(_ flow: String, _ state: String) -> String { keyPrefix + flow + "." + state }
}
