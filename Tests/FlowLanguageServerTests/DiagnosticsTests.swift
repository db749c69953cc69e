import Foundation
import Testing

@testable import FlowLanguageServer
@testable import FlowProject

/// Diagnostics on open and change, in UTF-16 (and UTF-8 when negotiated), for importers too.
@Suite struct DiagnosticsTests {
    @Test func theTypoIsReportedAtItsUTF16Column() async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = try await Fixture.opened(project)
        let diagnostics = try #require(client.diagnostics(project.uri("main.flow")))
        #expect(diagnostics.count == 1)
        let d = try #require(diagnostics.first)
        // Line 15, after "相机📷" (the emoji is two UTF-16 units): characters 52-55.
        #expect(span(d["range"]) == "14:52-14:55")
        #expect(d["code"] == "FL0102")
        #expect(d["severity"] == 1)
        #expect(d["message"] == "unknown state 'aks'")
        #expect(d["source"] == "flowlint")
        let published = try #require(client.notifications("textDocument/publishDiagnostics").last)
        #expect(published["version"] == 1)
    }

    @Test func utf8ClientsGetByteColumns() async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = TestClient()
        _ = try await client.initialize(encodings: ["utf-8"], root: project.root)
        try await client.open(project.uri("main.flow"), Fixture.main)
        // 4 + "alert { title \"" (15) + 6 + 4 + " {app}\"  button @prime.go -> " (29) = 58 bytes.
        #expect(span(client.diagnostics(project.uri("main.flow"))?.first?["range"]) == "14:58-14:61")
    }

    @Test func incrementalAndFullChangesRepublish() async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = try await Fixture.opened(project)
        let uri = project.uri("main.flow")
        // Replace "aks" with "ask" by its UTF-16 range.
        try await client.change(
            uri, version: 2,
            [
                [
                    "range": ["start": ["line": 14, "character": 52], "end": ["line": 14, "character": 55]],
                    "text": "ask",
                ]
            ])
        #expect(client.diagnostics(uri) == [])
        // An insertion before the emoji moves nothing on other lines; a new typo on line 6.
        try await client.change(
            uri, version: 3,
            [
                [
                    "range": ["start": ["line": 5, "character": 11], "end": ["line": 5, "character": 16]],
                    "text": "chek",
                ]
            ])
        let d = try #require(client.diagnostics(uri)?.first)
        #expect(span(d["range"]) == "5:11-5:15")
        #expect(d["message"] == "unknown state 'chek'")
        #expect(client.notifications("textDocument/publishDiagnostics").last?["version"] == 3)
        // Full sync: the whole text.
        try await client.change(uri, version: 4, [["text": .string(Fixture.main)]])
        #expect(span(client.diagnostics(uri)?.first?["range"]) == "14:52-14:55")
    }

    @Test func anImporterIsRecheckedWithTheUnsavedLibrary() async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = try await Fixture.opened(project, fixedTypo: true, openLib: true)
        let main = project.uri("main.flow")
        let lib = project.uri("lib.flow")
        #expect(client.diagnostics(main) == [])
        client.drain()
        // Rename the flow in the library's buffer (not saved): main's call no longer resolves.
        try await client.change(
            lib, version: 2,
            [
                [
                    "range": ["start": ["line": 0, "character": 5], "end": ["line": 0, "character": 11]],
                    "text": "helper2",
                ]
            ])
        #expect(client.diagnostics(lib) == [])
        let d = try #require(client.diagnostics(main)?.first)
        #expect(d["code"] == "FL0107")
        #expect(d["message"]?.string?.hasPrefix("unknown flow 'helper'") == true)
        #expect(span(d["range"]) == "29:18-29:24")
        // Closing the library goes back to the file on disk.
        try await client.notify("textDocument/didClose", ["textDocument": ["uri": .string(lib)]])
        #expect(client.diagnostics(main) == [])
        #expect(client.diagnostics(lib) == [])
    }

    @Test func errorsInAnImportedFileAreSummedUpAtTheImport() async throws {
        let project = try Project([
            "main.flow": Fixture.fixed,
            "lib.flow": "flow helper {\n  start -> nowhere\n  state a { -> done granted }\n}\n",
        ])
        defer { project.remove() }
        let client = try await Fixture.opened(project, fixedTypo: true)
        let d = try #require(client.diagnostics(project.uri("main.flow"))?.first)
        #expect(span(d["range"]) == "1:0-1:17")
        #expect(d["message"] == "the imported files have an error; the first: unknown state 'nowhere'")
        let related = try #require(d["relatedInformation"]?[0])
        #expect(related["location"]?["uri"]?.string == project.uri("lib.flow"))
        #expect(span(related["location"]?["range"]) == "1:11-1:18")
    }

    @Test func importsOutsideTheProjectRootAreNotRead() async throws {
        let outside = try Project(["secret.flow": "flow secret { start -> a  state a { -> done granted } }\n"])
        defer { outside.remove() }
        let project = try Project([
            "main.flow":
                "import \"\(outside.root)/secret.flow\"\nflow m { start -> a  state a { call secret { else -> done granted } } }\n"
        ])
        defer { project.remove() }
        let client = TestClient()
        _ = try await client.initialize(root: project.root)
        try await client.open(
            project.uri("main.flow"), try String(contentsOfFile: project.root + "/main.flow", encoding: .utf8))
        let messages = (client.diagnostics(project.uri("main.flow")) ?? []).compactMap { $0["message"]?.string }
        #expect(
            messages.contains { $0.hasPrefix("import '\(outside.root)/secret.flow' leaves the root '\(project.root)'") }
        )
        #expect(
            messages.contains("unknown flow 'secret'") || messages.contains { $0.hasPrefix("unknown flow 'secret'") })
    }

    @Test func theProjectConfigurationApplies() async throws {
        let text = "flow a {\n  start -> s\n  state s { -> done granted }\n  state t { -> done denied }\n}\n"
        let project = try Project([
            "flows/a.flow": text, "drafts/b.flow": text, ".flowlint": "FL1101 = error\nexclude = drafts/\n",
        ])
        defer { project.remove() }
        let client = TestClient()
        _ = try await client.initialize(root: project.root)
        try await client.open(project.uri("flows/a.flow"), text)
        try await client.open(project.uri("drafts/b.flow"), text)
        let d = try #require(client.diagnostics(project.uri("flows/a.flow"))?.first)
        #expect(d["code"] == "FL1101")
        #expect(d["severity"] == 1)
        #expect(span(d["range"]) == "3:8-3:9")
        #expect(client.diagnostics(project.uri("drafts/b.flow")) == [])
    }

    @Test func aPathFindingCarriesItsWitnessAsRelatedSteps() async throws {
        let text =
            "flow f {\n  uses photos\n  start -> a\n  state a { status photos { authorized -> done granted  denied -> done denied  notDetermined -> b  restricted -> done denied } }\n  state b { request photos { authorized -> done granted  denied -> done denied } }\n}\n"
        let project = try Project(["w.flow": text])
        defer { project.remove() }
        let client = TestClient()
        _ = try await client.initialize(root: project.root)
        try await client.open(project.uri("w.flow"), text)
        let d = try #require(client.diagnostics(project.uri("w.flow"))?.last)
        #expect(
            d["message"]
                == "request photos does not handle the result limited\nnote: at run time an unmatched status is a flow error; add a branch for it or an 'else'"
        )
        let steps = try #require(d["relatedInformation"]?.array)
        #expect(
            steps.map { "\(span($0["location"]?["range"]).prefix(4)) \($0["message"]!.string!)" } == [
                "3:8- step 1: flow 'f' starts at 'a'", "3:93 step 2: in 'a': status photos = notDetermined → b",
                "4:8- step 3: reaches 'b' where photos is notDetermined",
            ])
    }

    @Test func aBrokenConfigurationIsShownOnceAndTheDefaultsApply() async throws {
        let text = "flow a {\n  start -> s\n  state s { -> done granted }\n  state t { -> done denied }\n}\n"
        let project = try Project(["a.flow": text, ".flowlint": "exclude drafts/\n"])
        defer { project.remove() }
        let client = TestClient()
        _ = try await client.initialize(root: project.root)
        try await client.open(project.uri("a.flow"), text)
        try await client.change(project.uri("a.flow"), version: 2, [["text": .string(text)]])
        let shown = client.notifications("window/showMessage").compactMap { $0["message"]?.string }
        #expect(
            shown == ["flow-lsp: .flowlint:1: expected 'RULE = severity' or 'exclude = PATH'; using the default rules"])
        #expect(client.diagnostics(project.uri("a.flow"))?.first?["severity"] == 2)
    }

    @Test func notesBecomeRelatedInformationAndCodesCanLink() async throws {
        let project = try Project([
            "main.flow": "flow a {\n  start -> s\n  state s { -> done granted }\n  state s { -> done denied }\n}\n"
        ])
        defer { project.remove() }
        let client = TestClient()
        _ = try await client.request(
            "initialize",
            [
                "rootUri": .string(FileURI.uri(project.root)), "capabilities": [:],
                "initializationOptions": ["ruleDocumentationURL": "https://example.org/rules/{id}"],
            ])
        try await client.open(
            project.uri("main.flow"),
            "flow a {\n  start -> s\n  state s { -> done granted }\n  state s { -> done denied }\n}\n")
        let d = try #require(client.diagnostics(project.uri("main.flow"))?.first)
        let code = try #require(d["code"]?.string)
        #expect(d["codeDescription"]?["href"]?.string == "https://example.org/rules/\(code)")
        #expect(span(d["range"]) == "3:8-3:9")
        #expect(span(d["relatedInformation"]?[0]?["location"]?["range"]) == "2:8-2:9")
    }
}

/// Scripts/nvim-lsp-check.sh opens Tests/Fixtures/lsp; its positions are the ones these tests assert.
@Suite struct NeovimFixtureTests {
    @Test func theNeovimFixtureIsTheSwiftTestsFixture() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/lsp")
        #expect(try String(contentsOf: dir.appendingPathComponent("main.flow"), encoding: .utf8) == Fixture.main)
        #expect(try String(contentsOf: dir.appendingPathComponent("lib.flow"), encoding: .utf8) == Fixture.lib)
    }
}
