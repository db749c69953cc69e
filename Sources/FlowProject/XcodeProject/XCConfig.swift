import FlowModel
import Foundation

/// Why an Xcode project, an xcconfig file or a plist it names cannot be read: a usage error
/// (exit 2), located `file:line:col` when the problem is inside a file.
public struct ProjectError: Error, Hashable, Sendable {
    public var message: String
    public init(message: String) { self.message = message }
}

/// Reads the files a project names, as every other input is read: only regular files under the
/// project root (symbolic links resolved first), refused from their size before any byte is read.
struct ProjectFileReader: Sendable {
    /// The project root, as a real path.
    var root: String
    var maxBytes: Int
    /// How paths are shown in messages (relative to the working directory when possible).
    var shown: @Sendable (String) -> String

    init(root: String, maxBytes: Int, shown: @escaping @Sendable (String) -> String = { $0 }) {
        self.root = FileSystemReader().realPath(root) ?? root
        self.maxBytes = maxBytes
        self.shown = shown
    }

    /// Whether `path` (absolute) resolves to a place under the root.
    func isUnderRoot(_ path: String) -> Bool {
        guard let real = FileSystemReader().realPath(path) else { return false }
        return real == root || real.hasPrefix(root == "/" ? "/" : root + "/")
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// The bytes of `path` (absolute); `what` names the file in messages ("xcconfig file").
    func read(_ path: String, what: String, from location: String? = nil) throws(ProjectError) -> [UInt8] {
        let prefix = location.map { "\($0): " } ?? ""
        guard exists(path) else { throw ProjectError(message: "\(prefix)no such \(what) '\(shown(path))'") }
        guard isUnderRoot(path) else {
            let real = FileSystemReader().realPath(path) ?? path
            throw ProjectError(
                message:
                    "\(prefix)the \(what) '\(shown(path))' resolves to '\(real)', outside the project root '\(root)'")
        }
        switch FileSystemReader().read(path, maxBytes: maxBytes) {
        case .success(let bytes): return bytes
        case .failure(let error):
            // The flows' own message suggests splitting into imports, which a project file cannot do.
            let why =
                error.tooLargeSize.map { "it is \($0) bytes, more than --max-file-size \(maxBytes)" } ?? error.message
            throw ProjectError(message: "\(prefix)cannot read \(what) '\(shown(path))': \(why)")
        }
    }

    /// `path` joined to `directory` unless it is absolute, lexically normalized.
    static func join(_ directory: String, _ path: String) -> String {
        ProjectRoot.normalize(path.hasPrefix("/") ? path : directory + "/" + path)
    }
}

/// An `.xcconfig` file: `KEY = value` lines (`KEY[sdk=iphoneos*] = value` for a conditional
/// setting), `//` comments (anywhere on a line, as Xcode reads them), and `#include "file"` /
/// `#include? "file"` (the second skips a missing file), relative to the including file,
/// nested at most `maxIncludeDepth` deep, at most `maxIncludes` in all, and never outside the
/// project root.
enum XCConfig {
    static let maxIncludeDepth = 16
    /// Includes read from one file, nested ones counted: a file that includes another twice, 16
    /// deep, would otherwise be read 65,536 times without any cycle.
    static let maxIncludes = 256

    /// The assignments of `path` (absolute) and what it includes, in order, plus warnings for
    /// lines it skips.
    static func read(
        _ path: String, files: ProjectFileReader, from location: String? = nil,
        warnings: inout [String]
    ) throws(ProjectError) -> [BuildSetting] {
        var includes = 0
        return try read(path, files: files, depth: 0, from: location, includes: &includes, warnings: &warnings)
    }

    private static func read(
        _ path: String, files: ProjectFileReader, depth: Int, from location: String?,
        includes: inout Int, warnings: inout [String]
    ) throws(ProjectError) -> [BuildSetting] {
        let bytes = try files.read(path, what: "xcconfig file", from: location)
        let name = files.shown(path)
        var settings: [BuildSetting] = []
        let directory = ProjectRoot.parent(of: path) ?? "/"
        var lineNumber = 0
        for rawLine in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            let here = "\(name):\(lineNumber):\(indent + 1)"
            if text.hasPrefix("#include") {
                settings += try include(
                    text, at: here, directory: directory, files: files, depth: depth, includes: &includes,
                    warnings: &warnings)
                continue
            }
            settings.append(try setting(text, at: here))
        }
        return settings
    }

    /// An `#include "file"` line (`#include?` for an optional one): the settings of the file.
    private static func include(
        _ text: String, at here: String, directory: String, files: ProjectFileReader, depth: Int,
        includes: inout Int, warnings: inout [String]
    ) throws(ProjectError) -> [BuildSetting] {
        let optional = text.hasPrefix("#include?")
        let rest = text.dropFirst(optional ? 9 : 8).trimmingCharacters(in: .whitespaces)
        guard rest.count >= 2, rest.hasPrefix("\""), rest.hasSuffix("\"") else {
            throw ProjectError(message: "\(here): expected a quoted file name after #include")
        }
        let target = String(rest.dropFirst().dropLast())
        // `<DEVELOPER_DIR>/...` names a file inside Xcode: not in the project, not read.
        if target.hasPrefix("<") {
            warnings.append("\(here): '\(target)' is inside Xcode, not the project; not read")
            return []
        }
        guard depth + 1 < maxIncludeDepth else {
            throw ProjectError(
                message: "\(here): #include nested deeper than \(maxIncludeDepth) files (an include cycle?)")
        }
        let included = ProjectFileReader.join(directory, target)
        if optional, !files.exists(included) { return [] }
        includes += 1
        guard includes <= maxIncludes else {
            throw ProjectError(
                message:
                    "\(here): more than \(maxIncludes) #include files read for one xcconfig file; flowlint reads at most that many"
            )
        }
        return try read(
            included, files: files, depth: depth + 1, from: here, includes: &includes, warnings: &warnings)
    }

    /// A `KEY[condition=value] = value` line.
    private static func setting(_ text: String, at here: String) throws(ProjectError) -> BuildSetting {
        // The `=` outside `[cond=value]` brackets.
        var depth = 0
        let equals = text.indices.first { i in
            switch text[i] {
            case "[": depth += 1
            case "]": depth -= 1
            case "=" where depth == 0: return true
            default: break
            }
            return false
        }
        guard let equals else {
            throw ProjectError(message: "\(here): expected 'KEY = value' or '#include \"file\"'")
        }
        let keyText = text[..<equals].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard let (key, conditions) = BuildSetting.parseKey(keyText.replacingOccurrences(of: " ", with: "")),
            key.utf8.allSatisfy({
                $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0)
                    || (0x61...0x7A).contains($0)
            })
        else {
            throw ProjectError(
                message:
                    "\(here): '\(keyText)' is not a build setting name (letters, digits and '_', then optional [condition=value])"
            )
        }
        return BuildSetting(
            key: key, conditions: conditions, value: value.hasSuffix(";") ? String(value.dropLast()) : value,
            location: here)
    }
}
