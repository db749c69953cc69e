import FlowRuntime
import Foundation

/// Keeps the checkpoint in one file (for example in Application Support), written atomically
/// (a temporary file renamed over the old one), so a crash mid-write leaves the previous
/// checkpoint or none, never half of one. Reading refuses anything that is not a regular file or
/// is larger than `CheckpointCoding.maxBytes` before reading it; a symbolic link at `url` is
/// refused, not followed.
public struct FileCheckpointStore: CheckpointStore {
    public let url: URL

    /// A store at `url`; its directory is created on the first save if needed.
    public init(url: URL) { self.url = url }

    public func load() throws -> Checkpoint? {
        let path = url.path
        guard let file = try StoreFile.inspect(path, what: "checkpoint file") else { return nil }
        if let size = file.size, size > CheckpointCoding.maxBytes {
            throw CheckpointStoreError(
                "checkpoint file '\(path)' is \(size) bytes, more than the limit of \(CheckpointCoding.maxBytes)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CheckpointStoreError("checkpoint file '\(path)' cannot be read")
        }
        do {
            return try CheckpointCoding.decode(data)
        } catch let error as CheckpointStoreError {
            throw CheckpointStoreError("checkpoint file '\(path)': \(error.message)")
        }
    }

    public func save(_ checkpoint: Checkpoint?) throws {
        let path = url.path
        guard let checkpoint else {
            do {
                if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(at: url) }
            } catch {
                throw CheckpointStoreError("checkpoint file '\(path)' cannot be removed")
            }
            return
        }
        let data = try CheckpointCoding.encode(checkpoint)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw CheckpointStoreError("checkpoint file '\(path)' cannot be written")
        }
    }
}

/// What a store learns of its file before reading it: it is a regular file (not a directory, a
/// device or a symbolic link, which is refused rather than followed) and its size, so the store
/// can refuse a file too large before reading it. The checkpoint and the install ID files share it.
struct StoreFile {
    /// The size in bytes, nil when the file system does not say.
    var size: Int?

    /// The file at `path`, nil when nothing is there; `what` names it in errors ("checkpoint
    /// file").
    static func inspect(_ path: String, what: String) throws -> StoreFile? {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            if !FileManager.default.fileExists(atPath: path) { return nil }
            throw CheckpointStoreError("\(what) '\(path)' cannot be inspected")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw CheckpointStoreError("\(what) '\(path)' is not a regular file")
        }
        return StoreFile(size: (attributes[.size] as? NSNumber)?.intValue)
    }
}
