import Testing

@testable import FlowLanguageServer

/// Completion from the tokens before the cursor, in half-written text.
@Suite struct CompletionTests {
    static let text = """
        flow f {
          uses camera, 
          start -> 
          state a { status camera {  } }
          state b { alert { title @ } }
          // flowlint:disable 
          state c { request location { auth } }
        }
        strings en { k.one = "One"  k.two = "Two" }

        """

    func labels(_ line: Int, _ character: Int, text: String = CompletionTests.text) async throws -> [String] {
        let project = try Project(["f.flow": text])
        defer { project.remove() }
        let client = TestClient()
        _ = try await client.initialize(root: project.root)
        try await client.open(project.uri("f.flow"), text)
        let result = try await client.request(
            "textDocument/completion", TestClient.at(project.uri("f.flow"), line, character))
        return result["items"]?.array?.compactMap { $0["label"]?.string } ?? []
    }

    @Test func kindsAfterUses() async throws {
        let items = try await labels(1, 15)
        #expect(items.count == 21)
        #expect(Array(items.prefix(3)) == ["camera", "microphone", "photos"])
    }

    @Test func statesAfterAnArrow() async throws {
        #expect(try await labels(2, 11) == ["a", "b", "c", "done"])
    }

    @Test func theSubjectsStatusesInAStatusArm() async throws {
        #expect(try await labels(3, 28) == ["notDetermined", "restricted", "denied", "authorized", "else"])
        // A half-typed status in a request arm: location's statuses, replacing the word.
        let project = try Project(["f.flow": Self.text])
        defer { project.remove() }
        let client = TestClient()
        _ = try await client.initialize(root: project.root)
        try await client.open(project.uri("f.flow"), Self.text)
        let result = try await client.request("textDocument/completion", TestClient.at(project.uri("f.flow"), 6, 35))
        let items = try #require(result["items"]?.array)
        #expect(
            items.compactMap { $0["label"]?.string } == [
                "notDetermined", "restricted", "denied", "authorizedWhenInUse", "authorizedAlways", "else",
            ])
        #expect(span(items[0]["textEdit"]?["range"]) == "6:31-6:35")
        #expect(items[3]["detail"] == "location status (granted)")
    }

    @Test func keysAfterAt() async throws {
        #expect(try await labels(4, 27) == ["k.one", "k.two"])
    }

    @Test func ruleIDsInADirective() async throws {
        let items = try await labels(5, 22)
        #expect(items.contains("FL1302"))
        #expect(items.contains("FL0102"))
        #expect(items == items.sorted())
    }

    @Test func outcomesAfterDone() async throws {
        let text = "flow f {\n  outcomes yes, no\n  start -> a\n  state a { -> done  }\n}\n"
        #expect(try await labels(3, 20, text: text) == ["yes", "no"])
    }

    @Test func nothingInAPlainPlace() async throws {
        #expect(try await labels(0, 2) == [])
    }
}
