import Foundation

/// Reads `.flow` files from the file system. Only regular files are read (a device, pipe or
/// socket named as a flow could block or never end), and a file larger than the limit is refused
/// from its size, before any of it is read.
public struct FileSystemReader: SourceReader {
    public init() {}

    public func read(_ path: String) -> Result<[UInt8], SourceReadError> {
        read(path, maxBytes: Int.max)
    }

    public func read(_ path: String, maxBytes: Int) -> Result<[UInt8], SourceReadError> {
        let attributes: [FileAttributeKey: Any]
        do {
            // attributesOfItem describes a symbolic link itself; a linked flow is read as its target.
            let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            attributes = try FileManager.default.attributesOfItem(atPath: target)
        } catch {
            return .failure(SourceReadError(FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"))
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeDirectory?: return .failure(SourceReadError("is a directory"))
        case .typeRegular?: break
        default: return .failure(SourceReadError("is not a regular file (a device, pipe or socket)"))
        }
        if let size = (attributes[.size] as? NSNumber)?.intValue, size > maxBytes {
            return .failure(.tooLarge(size: size, limit: maxBytes))
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            return .failure(SourceReadError("permission denied"))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(SourceReadError("cannot be read"))
        }
        // The file may have grown since its size was read.
        if data.count > maxBytes { return .failure(.tooLarge(size: data.count, limit: maxBytes)) }
        return .success([UInt8](data))
    }
}

/// Serves files from a dictionary, for tests and editors: `MemoryReader(["flows/a.flow": "..."])`.
/// Paths are normalized the way the loader normalizes them (`./a/../b.flow` is `b.flow`).
public struct MemoryReader: SourceReader {
    public var files: [String: [UInt8]]

    public init(_ files: [String: String]) {
        var normalized: [String: [UInt8]] = [:]
        for (path, text) in files { normalized[ImportPath.normalize(path)] = Array(text.utf8) }
        self.files = normalized
    }

    public init(bytes files: [String: [UInt8]]) {
        var normalized: [String: [UInt8]] = [:]
        for (path, bytes) in files { normalized[ImportPath.normalize(path)] = bytes }
        self.files = normalized
    }

    public func read(_ path: String) -> Result<[UInt8], SourceReadError> {
        if let bytes = files[ImportPath.normalize(path)] { return .success(bytes) }
        return .failure(SourceReadError("no such file"))
    }
}

/// Lexical path arithmetic for imports: no file system access, so `..` is resolved on the text.
enum ImportPath {
    /// The components of `path` with `.` removed and `..` applied; a leading `/` is kept as "/".
    static func components(_ path: String) -> [String] {
        let isAbsolute = path.hasPrefix("/")
        var result: [String] = isAbsolute ? ["/"] : []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if let last = result.last, last != "..", last != "/" {
                    result.removeLast()
                } else if result.last != "/" {
                    result.append("..")
                }
            default: result.append(String(part))
            }
        }
        return result
    }

    static func join(_ components: [String]) -> String {
        guard let first = components.first else { return "." }
        if first == "/" { return "/" + components.dropFirst().joined(separator: "/") }
        return components.joined(separator: "/")
    }

    static func normalize(_ path: String) -> String { join(components(path)) }

    /// The directory holding `path` (its components without the last one).
    static func directory(of path: String) -> [String] {
        var parts = components(path)
        if let last = parts.last, last != "/", last != ".." { parts.removeLast() }
        return parts
    }

    /// `relative` as seen from `directory`; absolute paths stay absolute.
    static func resolve(_ relative: String, from directory: [String]) -> [String] {
        if relative.hasPrefix("/") { return components(relative) }
        return components(join(directory) + "/" + relative)
    }

    /// Whether `path` (normalized) lies inside `root` (normalized).
    static func isInside(_ path: [String], root: [String]) -> Bool {
        guard path.count > root.count, Array(path.prefix(root.count)) == root else { return false }
        return !path[root.count...].contains("..")
    }
}
