#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Replaces a file the tools rewrite in place (`flowfmt -i`, `flowlint --fix`, `flowstrings
/// import`) the way an editor saves it: atomically (a temporary file in the same directory,
/// then `rename(2)`), with the old file's mode and, where the process may set it, its owner
/// (`Data.write(options: .atomic)` gave every file 0644, a 0600 one included); and never a file
/// the user cannot write (a 0444 file was rewritten, exit 0).
enum FileReplacement {
    /// Why a file was not written, in words for `cannot write 'PATH': ...`.
    struct Failure: Error, Hashable {
        var message: String
    }

    /// Nil when `path` (absolute) can be replaced, else why not: checked for every file of a
    /// multi-file write before the first is written.
    static func problem(_ path: String) -> Failure? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }  // a new file: its directory decides
        // No write bit at all is read-only even for root, whom access(2) lets write anything.
        guard access(path, W_OK) == 0, info.st_mode & 0o222 != 0 else {
            let mode = String(info.st_mode & 0o777, radix: 8)
            return Failure(
                message:
                    "it is read-only (mode \(String(repeating: "0", count: max(0, 4 - mode.count)) + mode)); make it writable first"
            )
        }
        return nil
    }

    /// Writes `bytes` in place of `path` (absolute), keeping its mode and owner.
    static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        if let problem = problem(path) { throw problem }
        var info = stat()
        let exists = stat(path, &info) == 0
        let mode = exists ? info.st_mode & 0o7777 : 0o644
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let name = path.split(separator: "/").last.map(String.init) ?? "file"
        var template = Array("\(directory.isEmpty ? "/" : directory)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(message: "cannot create a temporary file beside it (\(errorText()))") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let n = systemWrite(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += n
            }
            return true
        }
        // The mode before the name: the new file is never readable by more than the old one.
        if exists { _ = fchown(fd, info.st_uid, info.st_gid) }
        let moded = fchmod(fd, mode) == 0
        let closed = close(fd) == 0
        guard ok, moded, closed, rename(temporary, path) == 0 else {
            let why = errorText()
            unlink(temporary)
            throw Failure(message: why)
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
