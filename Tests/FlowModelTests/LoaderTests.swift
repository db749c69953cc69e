import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

@testable import FlowModel

@Suite struct ImportPathTests {
    @Test(arguments: [
        ("a/./b/../c.flow", "a/c.flow"),
        ("./x.flow", "x.flow"),
        ("../x.flow", "../x.flow"),
        ("a/../../x.flow", "../x.flow"),
        ("/a/../../x.flow", "/x.flow"),
        ("a//b.flow", "a/b.flow"),
    ])
    func normalizesLexically(_ path: String, _ expected: String) {
        #expect(ImportPath.normalize(path) == expected)
    }

    @Test func insideRoot() {
        let root = ImportPath.directory(of: "flows/main.flow")
        #expect(root == ["flows"])
        #expect(ImportPath.isInside(ImportPath.resolve("lib/a.flow", from: root), root: root))
        #expect(!ImportPath.isInside(ImportPath.resolve("../a.flow", from: root), root: root))
        #expect(!ImportPath.isInside(ImportPath.resolve("/etc/a.flow", from: root), root: root))
        #expect(ImportPath.isInside(["a.flow"], root: []))
        #expect(!ImportPath.isInside(["..", "a.flow"], root: []))
        #expect(!ImportPath.isInside(["..", "..", "a.flow"], root: [".."]))
    }
}

@Suite struct LoaderTests {
    @Test func missingEntryIsAnErrorWithoutRange() {
        let result = Loader(reader: MemoryReader([:])).load("flows/nope.flow")
        #expect(result.files.isEmpty)
        #expect(result.program == nil)
        #expect(result.diagnostics == [.error("FL0100", "cannot read 'flows/nope.flow': no such file", at: nil)])
    }

    @Test func syntaxTreesAreKeptOnlyWhenAskedFor() {
        let files = ["flows/main.flow": "import \"lib/a.flow\"\napp \"A\"", "flows/lib/a.flow": "app \"B\""]
        let dropped = Loader(reader: MemoryReader(files)).load("flows/main.flow")
        #expect(dropped.syntax.isEmpty && dropped.files.count == 2 && dropped.comments.count == 2)
        let kept = Loader(reader: MemoryReader(files), keepsSyntax: true).load("flows/main.flow")
        #expect(kept.syntax.map(\.file) == [FileID(0), FileID(1)])
        #expect(kept.syntax[0].declarations.count == 2)
        // A kept tree is lossless (the loader records the tokens only when it keeps the trees).
        #expect(kept.syntax[0].printedText == files["flows/main.flow"])
        #expect(kept.syntax[1].printedText == files["flows/lib/a.flow"])
    }

    /// The loader parses without tokens unless it keeps the trees: the program and every
    /// diagnostic must be what the lossless parse gives, for clean input, checker errors
    /// (duplicate and unknown states, whose notes point at the first state) and syntax errors.
    @Test(arguments: [
        "app \"A\"\nflow a {\n  uses camera\n  start -> s\n  state s { status camera { denied -> done denied  else -> t } }\n  state t { -> done granted }\n}\n",
        "flow a {\n  uses camera\n  start -> s\n  state s { -> t }\n  state s { -> done granted }\n  state t { -> nowhere }\n}\n",
        "flow a {\n  uses camera\n  state s { -> done granted }\n}\n",
        "flow a {\n  uses camera\n  start -> s\n  state s { status camera { denied -> } }\n  bogus\n",
    ])
    func droppingTheTreesChangesNothingElse(_ text: String) {
        let files = ["flows/main.flow": text]
        let dropped = Loader(reader: MemoryReader(files)).load("flows/main.flow")
        let kept = Loader(reader: MemoryReader(files), keepsSyntax: true).load("flows/main.flow")
        #expect(dropped.syntax.isEmpty && !kept.syntax.isEmpty)
        #expect(dropped.diagnostics == kept.diagnostics)
        #expect(dropped.comments == kept.comments)
        #expect(dropped.program?.flows == kept.program?.flows)
        #expect((dropped.program == nil) == (kept.program == nil))
    }

    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func fileSystemReaderReadsRegularFilesAndLinksOnly() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let flow = directory.appendingPathComponent("a.flow").path
        try "app \"A\"\n".write(toFile: flow, atomically: true, encoding: .utf8)
        let link = directory.appendingPathComponent("link.flow").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: flow)
        let reader = FileSystemReader()
        #expect(try reader.read(flow).get() == Array("app \"A\"\n".utf8))
        #expect(try reader.read(link).get() == Array("app \"A\"\n".utf8))
        #expect(reader.read(directory.path) == .failure(SourceReadError("is a directory")))
        #expect(
            reader.read("/dev/null") == .failure(SourceReadError("is not a regular file (a device, pipe or socket)")))
        #expect(
            reader.read(directory.appendingPathComponent("none.flow").path) == .failure(SourceReadError("no such file"))
        )
        let big = reader.read(flow, maxBytes: 4)
        #expect(big == .failure(.tooLarge(size: 8, limit: 4)))
        #expect((try? big.get()) == nil)
    }

    @Test func filesOverTheSizeLimitAreRefusedBeforeTheyAreRead() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let entry = directory.appendingPathComponent("main.flow").path
        try "import \"lib/big.flow\"\napp \"A\"\n".write(toFile: entry, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try String(repeating: "// padding\n", count: 20).write(
            toFile: directory.appendingPathComponent("lib/big.flow").path,
            atomically: true, encoding: .utf8)
        var limits = ParseLimits.default
        limits.maxFileBytes = 100
        let result = Loader(reader: FileSystemReader(), limits: limits).load(entry)
        #expect(result.program == nil)
        #expect(result.files.map(\.path) == [entry, directory.appendingPathComponent("lib/big.flow").path])
        #expect(result.files[1].bytes.isEmpty, "the import was not read")
        #expect(
            diagnosticLines(result.diagnostics) == [
                "file 1 1:1 FL0010 error: file is 220 bytes, more than the limit of 100; split it into imported files"
            ])
        #expect(
            result.diagnostics.first?.message
                == "file is 220 bytes, more than the limit of 100; split it into imported files")
        #expect(result.diagnostics.first?.range?.file == FileID(1))

        limits.maxFileBytes = 10
        let entryTooLarge = Loader(reader: FileSystemReader(), limits: limits).load(entry)
        #expect(entryTooLarge.files.map(\.path) == [entry])
        #expect(
            diagnosticLines(entryTooLarge.diagnostics) == [
                "1:1 FL0010 error: file is 30 bytes, more than the limit of 10; split it into imported files"
            ])
        #expect(entryTooLarge.diagnostics.first?.range?.start.line == 1)
    }

    @Test func readsEntryThroughReader() {
        let result = Loader(reader: MemoryReader(["flows/main.flow": "app \"A\""])).load("flows/main.flow")
        #expect(result.files.map(\.path) == ["flows/main.flow"])
        #expect(result.files[0].id == FileID(0))
        #expect(result.diagnostics.isEmpty)
    }

    @Test func sortsAndDeduplicatesDiagnostics() {
        let file = FileID(1)
        let other = FileID(0)
        func at(_ f: FileID, _ offset: Int) -> SourceRange {
            let l = SourceLocation(offset: offset, line: 1, column: offset + 1)
            return SourceRange(file: f, start: l, end: l)
        }
        let a = Diagnostic.error("FL0102", "a", at: at(file, 5))
        let b = Diagnostic.error("FL0102", "b", at: at(file, 2))
        let c = Diagnostic.error("FL0102", "c", at: at(other, 9))
        let d = Diagnostic.error("FL0100", "d", at: nil)
        #expect(Loader.sortedAndUnique([a, b, a, c, d]) == [d, c, b, a])
    }
}

/// Imports need the parser: these read `.flow` text.
@Suite struct ImportTests {
    static let helper = """
        import "../shared.flow"
        flow helper(p: permission) { start -> s  state s { status p { granted -> done granted  else -> done denied } } }
        """

    @Test func followsRelativeImportsOncePerFile() throws {
        let reader = MemoryReader([
            "app/main.flow": """
            import "lib/helper.flow"
            import "./lib/../lib/helper.flow"
            import "shared.flow"
            flow main { uses camera  start -> s  state s { call helper(p: camera) { else -> done granted } } }
            """,
            "app/lib/helper.flow": Self.helper,
            "app/shared.flow": "strings en { hello = \"Hello\" }\nimport \"main.flow\"",
        ])
        let result = Loader(reader: reader, keepsSyntax: true).load("app/main.flow")
        #expect(lines(result) == [])
        #expect(result.files.map(\.path) == ["app/main.flow", "app/lib/helper.flow", "app/shared.flow"])
        #expect(result.files.map(\.id) == [FileID(0), FileID(1), FileID(2)])
        #expect(result.syntax.map(\.file) == [FileID(0), FileID(1), FileID(2)])
        let program = try #require(result.program)
        #expect(program.flows.map(\.name) == ["main", "helper"])
        #expect(program.flows[1].range.file == FileID(1))
        #expect(program.strings.keys == ["hello"])
    }

    @Test func importCyclesLoadEachFileOnce() {
        let reader = MemoryReader([
            "a.flow": "import \"b.flow\"\nimport \"a.flow\"",
            "b.flow": "import \"a.flow\"\nimport \"./b.flow\"",
        ])
        let result = Loader(reader: reader).load("a.flow")
        #expect(result.files.map(\.path) == ["a.flow", "b.flow"])
        #expect(result.diagnostics.isEmpty)
        #expect(result.program != nil)
    }

    @Test func importMayNotLeaveTheEntryDirectory() {
        let reader = MemoryReader([
            "app/main.flow": "import \"lib/helper.flow\"",
            "app/lib/helper.flow": "import \"../../secret.flow\"\nimport \"/etc/passwd\"",
            "secret.flow": "",
        ])
        let result = Loader(reader: reader).load("app/main.flow")
        #expect(
            lines(result) == [
                "app/lib/helper.flow:1:8: error: import '../../secret.flow' leaves the root 'app' [FL0103] note: imports, and the targets of symbolic links, must stay inside 'app'",
                "app/lib/helper.flow:2:8: error: import '/etc/passwd' leaves the root 'app' [FL0103] note: imports, and the targets of symbolic links, must stay inside 'app'",
            ])
        #expect(result.files.count == 2)
    }

    @Test func missingImportIsReportedAtEachImport() {
        let reader = MemoryReader(["main.flow": "import \"gone.flow\"\nimport \"./gone.flow\""])
        let result = Loader(reader: reader).load("main.flow")
        #expect(
            lines(result) == [
                "main.flow:1:8: error: cannot import 'gone.flow': no such file [FL0101]",
                "main.flow:2:8: error: cannot import './gone.flow': no such file [FL0101]",
            ])
        #expect(result.program == nil)
    }

    @Test func duplicateFlowAcrossFiles() {
        let reader = MemoryReader(["lib.flow": "flow f { start -> s  state s { -> done denied } }"])
        let result = Loader(reader: reader).load(
            text: "import \"lib.flow\"\nflow f { start -> s  state s { -> done granted } }",
            path: "main.flow")
        #expect(lines(result) == ["lib.flow:1:6: error: duplicate flow 'f' [FL0108] note: first defined here (2:6)"])
        #expect(result.diagnostics[0].notes[0].range?.file == FileID(0))
    }

    @Test func diagnosticsAreSortedByFileThenPosition() {
        let reader = MemoryReader(["lib.flow": "flow g { start -> nowhere  state s { -> done granted } }"])
        let result = Loader(reader: reader).load(
            text: """
                import "lib.flow"
                flow f { start -> s  state s { -> elsewhere } }
                flow f { start -> s  state s { -> done granted } }
                """, path: "main.flow")
        #expect(
            lines(result) == [
                "main.flow:2:35: error: unknown state 'elsewhere' [FL0102]",
                "main.flow:3:6: error: duplicate flow 'f' [FL0108] note: first defined here (2:6)",
                "lib.flow:1:19: error: unknown state 'nowhere' [FL0102]",
            ])
    }

    @Test func baseLocaleIsFirstStringsBlockLoaded() throws {
        let reader = MemoryReader(["lib.flow": "strings pl { a = \"P\" }"])
        let result = Loader(reader: reader).load(
            text: "import \"lib.flow\"\nstrings en { a = \"E\" }", path: "main.flow")
        let program = try #require(result.program)
        // The entry file is read and parsed first, so its block comes first.
        #expect(program.strings.locales.map(\.tag) == ["en", "pl"])
    }

    @Test func readsRealFiles() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("flowmodel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("lib"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "import \"lib/a.flow\"\nimport \"lib\"".write(
            to: directory.appendingPathComponent("main.flow"),
            atomically: true, encoding: .utf8)
        try "flow a { start -> s  state s { -> done granted } }"
            .write(to: directory.appendingPathComponent("lib/a.flow"), atomically: true, encoding: .utf8)
        let entry = directory.appendingPathComponent("main.flow").path
        let result = Loader(reader: FileSystemReader()).load(entry)
        #expect(result.files.count == 2)
        #expect(result.diagnostics.map(\.message) == ["cannot import 'lib': is a directory"])
        #expect(
            FileSystemReader().read(directory.appendingPathComponent("none.flow").path)
                == .failure(SourceReadError("no such file")))
    }
}
