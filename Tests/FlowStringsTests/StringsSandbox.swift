import FlowCommandLine
import Foundation

/// A scratch project (a directory with `.git`, so it is its own root) that `flowstrings` runs in,
/// in-process; removed when the sandbox goes away.
final class StringsSandbox {
    let directory: String

    init(_ files: [String: String] = [:]) throws {
        directory =
            FileManager.default.temporaryDirectory.appendingPathComponent("flowstrings-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/.git", withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    func write(_ path: String, _ text: String) throws { try write(path, bytes: Array(text.utf8)) }

    func write(_ path: String, bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: directory + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func read(_ path: String) throws -> String { String(decoding: try bytes(path), as: UTF8.self) }
    func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/" + path)))
    }

    /// Copies a directory of the repository (`flows`, `Examples`) into the sandbox.
    func copy(repository path: String) throws {
        try FileManager.default.copyItem(atPath: Self.repository + "/" + path, toPath: directory + "/" + path)
    }

    /// Every file below `path` in the sandbox, relative, sorted.
    func files(under path: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: directory + "/" + path).filter { p in
            var d: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory + "/" + path + "/" + p, isDirectory: &d)
                && !d.boolValue
        }.sorted()
    }

    struct Run {
        var code: Int32
        var out: String
        var err: String
    }

    func run(_ arguments: [String]) -> Run {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = FlowstringsCommand(environment: ["NO_COLOR": "1"], currentDirectory: directory)
            .run(arguments: arguments, stdout: out, stderr: err)
        return Run(code: code, out: out.text, err: err.text)
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}
