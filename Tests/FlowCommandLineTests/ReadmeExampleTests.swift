import FlowModel
import FlowTestSupport
import Foundation
import Testing

/// The documentation's examples run as written, from the repository root (issue 16, item 8;
/// issue 32): the README and every article of the DocC catalog. Every `swift run flow...` line
/// of their `sh` blocks, every `$ swift run ...` transcript (what it shows must really be
/// printed), the GitHub Actions steps, `flowrun --help`'s examples, and the pre-commit hook, all
/// with the built binaries in a scratch copy of the repository root (so the examples that write
/// files write there).
@Suite(.serialized) struct ReadmeExampleTests {
    /// The README, then the catalog's articles by name: `(path, text)`.
    static let documents: [(path: String, text: String)] = {
        let root = SpawnedBinary.packageRoot
        let catalog = "Sources/PermissionFlow/PermissionFlow.docc"
        let articles =
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        return (["README.md"] + articles).map { path in
            (path, (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? "")
        }
    }()

    /// Every document's text, one after another.
    static let readme = documents.map(\.text).joined(separator: "\n")

    /// The repository's directories the examples read, copied into a scratch directory that is
    /// its own repository root.
    static let exampleDirectories = [
        "flows", "Examples", "Tests/Fixtures/readme",
        // The standard flow library and its scenarios (the "In an app" article).
        "Sources/PermissionFlowSession/Resources",
    ]

    /// A scratch copy of the repository root (`flows/`, `Examples/`, `Tests/Fixtures/readme`), and
    /// `flows/` again under `prefix` when given (an app repository whose flows are in `ios/`).
    static func scratch(prefix: String = "") throws -> URL {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try fm.createDirectory(at: dir.appendingPathComponent(".git"), withIntermediateDirectories: true)
        for path in exampleDirectories {
            let target = dir.appendingPathComponent(path)
            try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fm.copyItem(at: SpawnedBinary.packageRoot.appendingPathComponent(path), to: target)
        }
        if !prefix.isEmpty {
            let base = dir.appendingPathComponent(prefix)
            try fm.createDirectory(at: base, withIntermediateDirectories: true)
            try fm.copyItem(
                at: SpawnedBinary.packageRoot.appendingPathComponent("flows"), to: base.appendingPathComponent("flows"))
        }
        return dir
    }

    @Test func theArticlesAreRead() {
        let paths = Self.documents.map(\.path)
        #expect(paths.first == "README.md")
        #expect(paths.contains("Sources/PermissionFlow/PermissionFlow.docc/Linting.md"))
        #expect(paths.contains("Sources/PermissionFlow/PermissionFlow.docc/Running.md"))
        #expect(Self.documents.allSatisfy { !$0.text.isEmpty })
    }

    /// Runs `command` with bash in `directory`, stdin closed, `swift run TOOL` meaning the built
    /// TOOL, and the built products first on PATH.
    static func shell(_ command: String, in directory: URL, environment extra: [String: String] = [:]) throws
        -> (code: Int32, out: String, err: String)
    {
        let bin = try #require(SpawnedBinary.url(of: "flowlint")).deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-e", "-o", "pipefail", "-c", command.replacingOccurrences(of: "swift run ", with: "")]
        process.currentDirectoryURL = directory
        var environment = ["PATH": bin.path + ":/usr/bin:/bin", "NO_COLOR": "1", "HOME": directory.path]
        environment.merge(extra) { $1 }
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        try input.fileHandleForWriting.close()
        let errorData = Buffer()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorData.set(error.fileHandleForReading.readAllRetryingInterrupts())
            drained.signal()
        }
        let out = output.fileHandleForReading.readAllRetryingInterrupts()
        drained.wait()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: out, as: UTF8.self),
            String(decoding: errorData.get(), as: UTF8.self)
        )
    }

    private final class Buffer: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func set(_ value: Data) {
            lock.lock()
            data = value
            lock.unlock()
        }
        func get() -> Data {
            lock.lock()
            defer { lock.unlock() }
            return data
        }
    }

    /// The lines of the README's fenced blocks of `language` ("" for blocks without one).
    static func fencedBlocks(_ language: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: (language: String, lines: [String])?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let open = current {
                if line == "```" {
                    if open.language == language { blocks.append(open.lines) }
                    current = nil
                } else {
                    current!.lines.append(line)
                }
            } else if line.hasPrefix("```") {
                current = (String(line.dropFirst(3)), [])
            }
        }
        return blocks
    }

    /// `command  # comment (exit N)` → the command and the exit code the comment promises (0).
    static func split(_ line: String) -> (command: String, exit: Int32) {
        guard let hash = line.range(of: "  #") else { return (line.trimmingCharacters(in: .whitespaces), 0) }
        let comment = line[hash.upperBound...]
        var code: Int32 = 0
        if let e = comment.range(of: "(exit ") {
            code = Int32(comment[e.upperBound...].prefix { $0.isNumber }) ?? 0
        }
        return (String(line[..<hash.lowerBound]).trimmingCharacters(in: .whitespaces), code)
    }

    /// Each shown line appears in `output`, in order (whitespace runs compared as one space, so
    /// an example the README wraps still matches).
    static func shows(_ shown: [String], in output: String) -> Bool {
        func squeeze(_ s: String) -> String {
            s.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        }
        let text = squeeze(output)
        var cursor = text.startIndex
        for line in shown.map(squeeze) where !line.isEmpty {
            guard let found = text.range(of: line, range: cursor..<text.endIndex) else { return false }
            cursor = found.upperBound
        }
        return true
    }

    @Test func everyShellExampleRunsAsWritten() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let lines = Self.fencedBlocks("sh").flatMap { $0 }.filter { $0.hasPrefix("swift run flow") }
        #expect(lines.count >= 40, "\(lines)")
        for line in lines {
            let (command, expected) = Self.split(line)
            let r = try Self.shell(command, in: dir)
            #expect(r.code == expected, "\(command)\n\(r.err)")
            #expect(!r.err.contains("no such file") && !r.err.contains("cannot read"), "\(command)\n\(r.err)")
        }
        // What they wrote is what they say.
        let sarif =
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("flowlint.sarif")))
            as? [String: Any]
        #expect(sarif?["version"] as? String == "2.1.0")
        #expect(
            try String(contentsOf: dir.appendingPathComponent("junit.xml"), encoding: .utf8).contains(
                "<testsuites name=\"flowrun test\""))
    }

    @Test func everyTranscriptShowsWhatTheCommandPrints() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A `    $ swift run ...` line and the indented lines right under it, up to a blank line.
        var examples: [(command: String, shown: [String])] = []
        var open = false
        for line in Self.readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("    $ swift run ") {
                examples.append((String(line.dropFirst(6)), []))
                open = true
            } else if open, line.hasPrefix("    "), !line.trimmingCharacters(in: .whitespaces).isEmpty {
                examples[examples.count - 1].shown.append(line)
            } else {
                open = false
            }
        }
        #expect(examples.count >= 8, "\(examples.map(\.command))")
        for (command, shown) in examples {
            let r = try Self.shell(command, in: dir)
            #expect(
                Self.shows(shown, in: r.out + r.err),
                "\(command)\nshown:\n\(shown.joined(separator: "\n"))\nprinted:\n\(r.out)\(r.err)")
        }
    }

    @Test func theGitHubActionsStepsRunInAnAppLayout() throws {
        let dir = try Self.scratch(prefix: "ios")
        defer { try? FileManager.default.removeItem(at: dir) }
        // The workflow without the action (the one whose steps are `run:` lines).
        let block = try #require(Self.fencedBlocks("yaml").first { $0.contains { $0.contains("run:") } })
        var steps: [(directory: String, run: String)] = []
        var directory = ""
        for line in block {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("- ") { directory = "" }
            if text.hasPrefix("working-directory:") {
                directory = String(text.dropFirst("working-directory:".count)).trimmingCharacters(in: .whitespaces)
            }
            if text.hasPrefix("run:") {
                steps.append((directory, String(text.dropFirst(4)).trimmingCharacters(in: .whitespaces)))
            }
        }
        #expect(steps.count == 2)
        for step in steps {
            let r = try Self.shell(step.run, in: dir.appendingPathComponent(step.directory))
            #expect(r.code == 0, "\(step.run)\n\(r.err)")
        }
        // The upload step's file: SARIF whose base is the repository (no configuration here).
        let sarif = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("ios/flowlint.sarif")))
                as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let base = (run["originalUriBaseIds"] as? [String: [String: Any]])?["%SRCROOT%"]?["uri"] as? String
        #expect(base == "file://\(dir.path)/")
        let junit = try String(contentsOf: dir.appendingPathComponent("ios/flowrun-junit.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuites name=\"flowrun test\"") && junit.contains("failures=\"0\""))
    }

    @Test func flowrunHelpExamplesRun() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let help = try Self.shell("flowrun --help", in: dir).out
        let examples = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("flowrun flows/") || $0.hasPrefix("flowrun --explore flows/") }
        #expect(examples.count == 4)
        var codes: [Int32] = []
        for example in examples { codes.append(try Self.shell(example, in: dir).code) }
        // The first has nothing scripted: with stdin closed it stops for input.
        #expect(codes == [3, 0, 0, 0], "\(examples)")
    }

    @Test func thePreCommitHookLintsWhatIsStaged() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let hook = SpawnedBinary.packageRoot.appendingPathComponent("Scripts/pre-commit-flowlint.sh").path
        try FileManager.default.removeItem(at: dir.appendingPathComponent(".git"))
        let git = "git -c user.email=t@example.com -c user.name=t"
        #expect(try Self.shell("git init -q . && \(git) add flows && \(git) commit -q -m flows", in: dir).code == 0)
        let broken = try String(
            contentsOf: dir.appendingPathComponent("Tests/Fixtures/readme/legacy/photos.flow"), encoding: .utf8)
        try broken.write(to: dir.appendingPathComponent("flows/new.flow"), atomically: true, encoding: .utf8)
        #expect(try Self.shell("git add flows/new.flow", in: dir).code == 0)
        let refused = try Self.shell(hook, in: dir)
        #expect(refused.code == 1)
        #expect(
            refused.out.hasPrefix(
                "flows/new.flow:5:17: error: status check on photos does not handle limited [FL1203]"),
            "\(refused.out)\(refused.err)")
        // The staged text counts, not the working tree: fix it in the index only.
        let fixed = broken.replacingOccurrences(
            of: "denied, restricted -> done denied", with: "limited -> done limited  else -> done denied")
        try fixed.write(to: dir.appendingPathComponent("flows/new.flow"), atomically: true, encoding: .utf8)
        #expect(try Self.shell("git add flows/new.flow", in: dir).code == 0)
        try broken.write(to: dir.appendingPathComponent("flows/new.flow"), atomically: true, encoding: .utf8)
        let accepted = try Self.shell(hook, in: dir)
        #expect(accepted.code == 0 && accepted.out.isEmpty, "\(accepted.out)\(accepted.err)")
    }

    @Test func theConfigurationExamplesParseAndExclude() throws {
        let lines = try #require(Self.fencedBlocks("").first { $0.first == "# .flowlint" })
        let json = try #require(Self.fencedBlocks("json").first)
        let broken = try String(
            contentsOf: SpawnedBinary.packageRoot.appendingPathComponent("Tests/Fixtures/readme/legacy/photos.flow"),
            encoding: .utf8)
        for (name, text) in [
            (".flowlint", lines.joined(separator: "\n")), ("flowlint.json", json.joined(separator: "\n")),
        ] {
            let dir = try Self.scratch()
            defer { try? FileManager.default.removeItem(at: dir) }
            try FileManager.default.createDirectory(
                at: dir.appendingPathComponent("ios/flows/drafts"), withIntermediateDirectories: true)
            try broken.write(
                to: dir.appendingPathComponent("ios/flows/drafts/wip.flow"), atomically: true, encoding: .utf8)
            try broken.write(
                to: dir.appendingPathComponent("ios/flows/x.generated.flow"), atomically: true, encoding: .utf8)
            try FileManager.default.copyItem(
                at: dir.appendingPathComponent("Tests/Fixtures/readme/fixed/photos.flow"),
                to: dir.appendingPathComponent("ios/flows/photos.flow"))
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
            let r = try Self.shell("cd ios && flowlint flows", in: dir)
            #expect(r.code == 0 && r.err == "1 file, 0 errors, 0 warnings\n", "\(name): \(r.out)\(r.err)")
        }
    }
}
