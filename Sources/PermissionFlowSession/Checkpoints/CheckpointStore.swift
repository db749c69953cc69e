import FlowRuntime
import Foundation

/// Where a session keeps the checkpoint the interpreter saves before it opens Settings, so the
/// next launch resumes the flow after iOS terminated the app there. Implementations must be safe
/// to call from any thread; each call is short (one small read or write).
public protocol CheckpointStore: Sendable {
    /// The saved checkpoint, nil when there is none. Throws `CheckpointStoreError` when what is
    /// stored cannot be a checkpoint (corrupt, too large, from an unknown format version).
    func load() throws -> Checkpoint?
    /// Saves `checkpoint`, or clears the store when it is nil.
    func save(_ checkpoint: Checkpoint?) throws
}

/// Why a checkpoint could not be loaded or saved, in one phrase fit for a log.
public struct CheckpointStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A store in memory: for tests, previews, and apps that do not resume after a relaunch.
public final class InMemoryCheckpointStore: CheckpointStore, @unchecked Sendable {
    // A lock, not an actor: `CheckpointStore` is synchronous so UserDefaults and file stores
    // need no hops; this guards the one stored value.
    private let lock = NSLock()
    private var stored: Checkpoint?

    public init(_ checkpoint: Checkpoint? = nil) { stored = checkpoint }

    public func load() throws -> Checkpoint? { lock.withLock { stored } }

    public func save(_ checkpoint: Checkpoint?) throws { lock.withLock { stored = checkpoint } }
}

/// The stored form of a checkpoint, shared by the UserDefaults and file stores: versioned JSON
/// (`{"version":1,"frames":[{"flow":"…","state":"…"}]}`), bounded in size and shape, so what an
/// older build, another library or a tampered backup left there fails with a clear error instead
/// of being trusted. The interpreter checks a loaded checkpoint against the program again (FL2105).
public enum CheckpointCoding {
    /// The format written today.
    public static let version = 1
    /// Largest encoding accepted (and written): a checkpoint is a few names, well under 1 KiB.
    public static let maxBytes = 16 * 1024
    /// Deepest call stack accepted.
    public static let maxFrames = 64
    /// Longest flow or state name accepted, in UTF-8 bytes.
    public static let maxNameBytes = 256

    private struct Envelope: Codable {
        var version: Int
        var frames: [Checkpoint.Frame]
    }

    /// The checkpoint as stored bytes. Throws when it breaks a bound (a flow cannot, but the
    /// type can hold anything).
    public static func encode(_ checkpoint: Checkpoint) throws -> Data {
        try validate(checkpoint.frames)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(Envelope(version: version, frames: checkpoint.frames))
        guard data.count <= maxBytes else {
            throw CheckpointStoreError("checkpoint encodes to \(data.count) bytes, more than the limit of \(maxBytes)")
        }
        return data
    }

    /// The checkpoint stored as `data`, checked against the bounds.
    public static func decode(_ data: Data) throws -> Checkpoint {
        guard data.count <= maxBytes else {
            throw CheckpointStoreError("stored checkpoint is \(data.count) bytes, more than the limit of \(maxBytes)")
        }
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: data)
        } catch {
            throw CheckpointStoreError("stored checkpoint is not valid checkpoint JSON")
        }
        guard envelope.version == version else {
            throw CheckpointStoreError(
                "stored checkpoint has format version \(envelope.version); this build reads version \(version)")
        }
        try validate(envelope.frames)
        return Checkpoint(frames: envelope.frames)
    }

    private static func validate(_ frames: [Checkpoint.Frame]) throws {
        guard !frames.isEmpty else { throw CheckpointStoreError("checkpoint has no frames") }
        guard frames.count <= maxFrames else {
            throw CheckpointStoreError("checkpoint has \(frames.count) frames, more than the limit of \(maxFrames)")
        }
        for frame in frames {
            for name in [frame.flow, frame.state] where name.utf8.isEmpty || name.utf8.count > maxNameBytes {
                throw CheckpointStoreError(
                    name.isEmpty
                        ? "checkpoint names an empty flow or state"
                        : "checkpoint names a flow or state of \(name.utf8.count) bytes, more than the limit of \(maxNameBytes)"
                )
            }
        }
    }
}
