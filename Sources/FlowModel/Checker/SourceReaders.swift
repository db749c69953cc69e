import FlowSyntax

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
    private let systemRealPath = Glibc.realpath
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
    private let systemRealPath = Darwin.realpath
#endif

/// Reads files from the file system: `.flow` files, and every other input of the tools
/// (scenarios, configs, plists) through the same bounded read. Only regular files are read (a
/// device, pipe or socket could block or never end); the size is taken from the open file
/// (`fstat`) before any byte is read, a file over the limit is refused from it, and at most
/// `maxBytes + 1` bytes are ever read, so a file that grows while it is read is cut and refused
/// too. Memory is bounded by the limit whatever the file.
public struct FileSystemReader: SourceReader {
    /// The limit for inputs other than flows when the caller gives none (`ParseLimits`' default).
    public static let defaultMaxBytes = ParseLimits.default.maxFileBytes

    public init() {}

    public func read(_ path: String) -> Result<[UInt8], SourceReadError> {
        read(path, maxBytes: Self.defaultMaxBytes)
    }

    public func read(_ path: String, maxBytes: Int) -> Result<[UInt8], SourceReadError> {
        if path.utf8.contains(0) { return .failure(SourceReadError("the path contains a NUL character")) }
        // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below).
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Self.error(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(Self.error(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(SourceReadError("is a directory"))
        default: return .failure(SourceReadError("is not a regular file (a device, pipe or socket)"))
        }
        let size = Int(info.st_size)
        if size > maxBytes { return .failure(.tooLarge(size: size, limit: maxBytes)) }
        var bytes = [UInt8](repeating: 0, count: min(maxBytes, size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                // More than stat said: the file grows. Read on up to one byte past the limit.
                guard count <= maxBytes else { break }
                bytes += [UInt8](repeating: 0, count: min(maxBytes + 1 - count, max(4096, count)))
            }
            let n = bytes.withUnsafeMutableBytes { buffer in
                systemRead(fd, buffer.baseAddress! + count, buffer.count - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(Self.error(errno))
            }
            if n == 0 { break }
            count += n
        }
        if count > maxBytes {
            var error = SourceReadError(
                "file grew past the limit of \(maxBytes) bytes while it was read; split it into imported files")
            error.tooLargeSize = count
            return .failure(error)
        }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    /// The absolute path with every symbolic link resolved (`realpath(3)`); nil when the path
    /// does not exist or holds a NUL.
    public func realPath(_ path: String) -> String? {
        if path.utf8.contains(0) { return nil }
        guard let resolved = systemRealPath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// An `errno` value in words fit for a diagnostic.
    static func error(_ code: Int32) -> SourceReadError {
        switch code {
        case ENOENT: SourceReadError("no such file")
        case EACCES, EPERM: SourceReadError("permission denied")
        case ENAMETOOLONG: SourceReadError("the path is too long")
        case ELOOP: SourceReadError("too many levels of symbolic links")
        case ENOTDIR: SourceReadError("a component of the path is not a directory")
        case EISDIR: SourceReadError("is a directory")
        default: SourceReadError("cannot be read (\(String(cString: strerror(code))))")
        }
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
        if path.first == "/", root.first != "/" { return false }  // a relative root holds no absolute path
        guard path.count > root.count, Array(path.prefix(root.count)) == root else { return false }
        return !path[root.count...].contains("..")
    }
}
