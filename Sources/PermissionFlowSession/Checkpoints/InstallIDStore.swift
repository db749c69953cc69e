import FlowRuntime
import Foundation

/// Where a session keeps the install's ID (issue 34): a random UUID made the first time it is
/// asked for and returned from then on, the key of the install's experiment assignment
/// (`ExperimentAssignment`) when the app gives none of its own (`SessionExperiments.installID`).
/// The ID never leaves the device through the session: runs use it only to pick variants.
/// Implementations must be safe to call from any thread.
public protocol InstallIDStore: Sendable {
    /// The stored ID, or a new one, stored before it is returned.
    func installID() throws -> String
}

/// A new install ID: a random UUID, as text.
func newInstallID() -> String { UUID().uuidString }

/// Whether `text` can be a stored ID: what `newInstallID` makes, or an app's own short printable
/// ID. Anything else (an empty or tampered value) is replaced with a new ID.
func isUsableInstallID(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= InMemoryInstallIDStore.maxLength
        && text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
}

/// An install ID in memory, made on first use: for tests and previews (each store is an install).
public final class InMemoryInstallIDStore: InstallIDStore, @unchecked Sendable {
    /// The longest ID any store accepts (bytes of printable ASCII).
    public static let maxLength = 128
    // A lock, not an actor, as `InMemoryCheckpointStore`: the protocol is synchronous.
    private let lock = NSLock()
    private var stored: String?

    /// A store holding `id`, or one that makes its ID on first use.
    public init(_ id: String? = nil) { stored = id }

    public func installID() throws -> String {
        lock.withLock {
            if let stored { return stored }
            let made = newInstallID()
            stored = made
            return made
        }
    }
}

/// The install ID in `UserDefaults` under `PermissionFlow.installID` (as UTF-8 data, through
/// `CheckpointDefaults`). `UserDefaults` is the required-reason API the target's privacy manifest
/// declares already (`CA92.1`: read and written by the app itself). Like everything in
/// `UserDefaults`, the ID goes when the app is deleted: a reinstall is a new install.
public struct UserDefaultsInstallIDStore: InstallIDStore {
    /// The key the ID is kept under.
    public static let key = "PermissionFlow.installID"

    public let defaults: any CheckpointDefaults

    /// A store in `userDefaults` (`.standard`, or a suite).
    public init(_ userDefaults: UserDefaults = .standard) {
        self.init(defaults: SharedUserDefaults(defaults: userDefaults))
    }

    /// A store over any `CheckpointDefaults` (a fake in tests).
    public init(defaults: any CheckpointDefaults) { self.defaults = defaults }

    public func installID() throws -> String {
        if let data = defaults.data(forKey: Self.key), let text = String(data: data, encoding: .utf8),
            isUsableInstallID(text)
        {
            return text
        }
        let made = newInstallID()
        defaults.setData(Data(made.utf8), forKey: Self.key)
        return made
    }
}

/// The install ID in a file: by default `.install-id` beside a `FileCheckpointStore`'s file
/// (`init(besideCheckpoint:)`), written atomically. As for the checkpoint file, a path that is
/// not a regular file (a directory, a symbolic link) is refused, not followed; a file that holds
/// no usable ID (empty, too long, not printable ASCII) is replaced with a new ID.
public struct FileInstallIDStore: InstallIDStore {
    /// The file's name beside the checkpoint.
    public static let fileName = ".install-id"

    public let url: URL

    /// A store at `url`; its directory is created when the ID is first written.
    public init(url: URL) { self.url = url }

    /// A store in `checkpoint`'s directory, in `FileInstallIDStore.fileName`.
    public init(besideCheckpoint checkpoint: FileCheckpointStore) {
        url = checkpoint.url.deletingLastPathComponent().appendingPathComponent(Self.fileName)
    }

    public func installID() throws -> String {
        if let stored = try read() { return stored }
        let made = newInstallID()
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(made.utf8).write(to: url, options: .atomic)
        } catch {
            throw CheckpointStoreError("install ID file '\(url.path)' cannot be written")
        }
        return made
    }

    /// The stored ID; nil when there is no file or it holds no usable ID.
    private func read() throws -> String? {
        guard let file = try StoreFile.inspect(url.path, what: "install ID file") else { return nil }
        if let size = file.size, size > InMemoryInstallIDStore.maxLength {
            return nil
        }
        guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
            return nil
        }
        return isUsableInstallID(text) ? text : nil
    }
}
