import Testing

@testable import FlowLanguageServer

/// `textDocument/formatting` through FlowFormat.
@Suite struct FormattingTests {
    func client(_ text: String) async throws -> (TestClient, Project) {
        let project = try Project(["f.flow": text])
        let client = TestClient()
        _ = try await client.initialize(root: project.root)
        try await client.open(project.uri("f.flow"), text)
        return (client, project)
    }

    @Test func oneEditBetweenTheFirstAndLastDifference() async throws {
        let (client, project) = try await client("flow f {\nstart -> a\n    state a {   -> done granted }\n}\n")
        defer { project.remove() }
        let edits = try await client.request(
            "textDocument/formatting",
            ["textDocument": ["uri": .string(project.uri("f.flow"))], "options": ["tabSize": 8, "insertSpaces": true]])
        #expect(edits.array?.count == 1)
        let edit = try #require(edits[0])
        #expect(span(edit["range"]) == "1:0-2:15")
        #expect(edit["newText"] == "  start -> a\n  state a {")
    }

    @Test func aFormattedFileNeedsNoEdit() async throws {
        let (client, project) = try await client("flow f {\n  start -> a\n  state a { -> done granted }\n}\n")
        defer { project.remove() }
        #expect(
            try await client.request(
                "textDocument/formatting", ["textDocument": ["uri": .string(project.uri("f.flow"))], "options": [:]])
                == [])
    }

    @Test func syntaxErrorsAreRefused() async throws {
        let (client, project) = try await client("flow f {\n  start ->\n  state a { -> done granted }\n}\n")
        defer { project.remove() }
        let response = try await client.response(
            "textDocument/formatting", ["textDocument": ["uri": .string(project.uri("f.flow"))], "options": [:]])
        #expect(response["error"]?["code"] == -32803)
        #expect(
            response["error"]?["message"]
                == "the file has syntax errors; the first at 2:11: expected the first state after '->'")
    }

    @Test func theChangedSpanKeepsScalarsWhole() {
        // "é" (C3 A9) to "è" (C3 A8): the shared first byte is not a boundary.
        let (start, oldEnd, newEnd) = LanguageServer.changedSpan(Array("aé".utf8), Array("aè".utf8))
        #expect((start, oldEnd, newEnd) == (1, 3, 3))
    }
}
