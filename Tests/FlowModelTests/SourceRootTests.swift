import FlowSyntax
import Foundation
import Testing

@testable import FlowModel

/// The root rule on a real file system (issue 10, items 1 and 2): the same root for every
/// spelling of the entry path, real paths compared, symbolic links followed to their targets.
@Suite final class SourceRootTests {
    let base: String

    deinit { try? FileManager.default.removeItem(atPath: base) }

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("sourceroot-\(UUID().uuidString)").path
        let fm = FileManager.default
        try fm.createDirectory(atPath: base + "/root/lib", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: base + "/outside", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: base + "/rootother", withIntermediateDirectories: true)
        let flow = "flow lib { start -> s  state s { -> done granted } }\n"
        try Data(flow.utf8).write(to: URL(fileURLWithPath: base + "/root/lib/ok.flow"))
        try Data(flow.replacingOccurrences(of: "lib", with: "secret").utf8).write(
            to: URL(fileURLWithPath: base + "/outside/secret.flow"))
        try Data(flow.replacingOccurrences(of: "lib", with: "other").utf8).write(
            to: URL(fileURLWithPath: base + "/rootother/x.flow"))
        try fm.createSymbolicLink(atPath: base + "/root/out", withDestinationPath: base + "/outside")
        try fm.createSymbolicLink(atPath: base + "/root/inner.flow", withDestinationPath: "lib/ok.flow")
    }

    /// Reads relative paths from `directory`, as flowlint reads them from its working directory
    /// (the tests share one process, so they cannot change it).
    struct ReaderIn: SourceReader {
        var directory: String
        func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : directory + "/" + path }
        func read(_ path: String) -> Result<[UInt8], SourceReadError> { FileSystemReader().read(absolute(path)) }
        func read(_ path: String, maxBytes: Int) -> Result<[UInt8], SourceReadError> {
            FileSystemReader().read(absolute(path), maxBytes: maxBytes)
        }
        func realPath(_ path: String) -> String? { FileSystemReader().realPath(absolute(path)) }
    }

    func load(_ path: String, _ text: String) -> [String] {
        try? Data(text.utf8).write(to: URL(fileURLWithPath: base + "/root/entry.flow"))
        let result = Loader(reader: ReaderIn(directory: base + "/root")).load(path)
        return result.diagnostics.map { "\($0.id) \($0.message)" }
    }

    @Test func containmentIsByComponents() {
        let root = SourceRoot(realPath: "/a/b")
        #expect(root.contains("/a/b/c.flow"))
        #expect(root.contains("/a/b/x/y.flow"))
        #expect(!root.contains("/a/bc/x.flow"))
        #expect(!root.contains("/a/b"))
        #expect(!root.contains("/a/x.flow"))
        let relative = SourceRoot(realPath: ".")
        #expect(relative.contains("x.flow"))
        #expect(!relative.contains("/etc/passwd"))
        #expect(!relative.contains("../x.flow"))
    }

    @Test func everySpellingOfTheEntryGetsTheSameRule() throws {
        let absolute = "import \"\(base)/outside/secret.flow\"\nflow e { start -> s  state s { -> done granted } }\n"
        for spelling in [
            "entry.flow", "./entry.flow", "lib/../entry.flow", base + "/root/entry.flow",
            base + "/root/lib/../entry.flow",
        ] {
            let found = load(spelling, absolute)
            #expect(
                found.count == 1 && found[0].hasPrefix("FL0103 import '\(base)/outside/secret.flow' leaves the root '"),
                "\(spelling): \(found)")
        }
        // A sibling whose name starts like the root's is outside it too.
        #expect(load("entry.flow", "import \"../rootother/x.flow\"\n").first?.hasPrefix("FL0103") == true)
    }

    @Test func symbolicLinksAreFollowedToTheirTargets() {
        let entry = base + "/root/entry.flow"
        let out = load(entry, "import \"out/secret.flow\"\nflow e { start -> s  state s { -> done granted } }\n")
        #expect(
            out == [
                "FL0103 import 'out/secret.flow' leaves the root '\(realBase)/root' (it resolves to '\(realBase)/outside/secret.flow')"
            ])
        // A link that stays inside is fine, and the file it leads to is loaded once.
        #expect(
            load(
                entry,
                "import \"inner.flow\"\nimport \"lib/ok.flow\"\nflow e { start -> s  state s { -> done granted } }\n")
                == [])
    }

    @Test func anEntryThatLinksOutIsRefused() throws {
        try FileManager.default.createSymbolicLink(
            atPath: base + "/root/linked.flow", withDestinationPath: base + "/outside/secret.flow")
        let result = Loader(reader: FileSystemReader()).load(base + "/root/linked.flow")
        #expect(result.files.isEmpty)
        #expect(
            result.diagnostics.map(\.message) == [
                "cannot read '\(base)/root/linked.flow': '\(base)/root/linked.flow' resolves to '\(realBase)/outside/secret.flow', which is outside the root '\(realBase)/root'"
            ])
    }

    var realBase: String { FileSystemReader().realPath(base) ?? base }
}

/// The bounded read (issue 10, item 6).
@Suite struct BoundedReadTests {
    @Test func aFileLargerThanItsSizeSaidIsCutAtTheLimitAndRefused() throws {
        // procfs files report size 0 and then have content: like a file that grows while read.
        guard FileManager.default.fileExists(atPath: "/proc/self/status") else { return }
        let result = FileSystemReader().read("/proc/self/status", maxBytes: 16)
        guard case .failure(let error) = result else {
            Issue.record("read \(result)")
            return
        }
        #expect(error.message == "file grew past the limit of 16 bytes while it was read; split it into imported files")
        #expect(error.tooLargeSize == 17)  // one byte past the limit, no more
    }

    @Test func pathsThatCannotBeFilesSayWhy() {
        let reader = FileSystemReader()
        #expect(reader.read("a\u{0}b.flow").failureMessage == "the path contains a NUL character")
        #expect(reader.read("/").failureMessage == "is a directory")
        #expect(reader.read("/dev/null").failureMessage == "is not a regular file (a device, pipe or socket)")
        #expect(reader.read(String(repeating: "x/", count: 3000) + "a.flow").failureMessage == "the path is too long")
        #expect(reader.read("/nonexistent-\(UUID().uuidString).flow").failureMessage == "no such file")
    }
}

extension Result where Failure == SourceReadError {
    var failureMessage: String? {
        if case .failure(let error) = self { return error.message }
        return nil
    }
}
