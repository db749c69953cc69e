import Testing

@testable import FlowLanguageServer

/// Completion and hover for `limit`: the statement among a state's, its words in order, and what
/// it means.
@Suite struct LimitFeatureTests {
    static let text = """
        flow f {
          outcomes granted, later
          start -> a
          state a {  }
          state b { limit 3  }
          state c { limit 3 times,  }
          state d { limit every 7  }
          state e { limit 3 times  }
          state g { limit 3 times else -> done later  -> done granted }
        }

        """

    func request(_ method: String, _ line: Int, _ character: Int) async throws -> JSON {
        let project = try Project(["f.flow": Self.text])
        defer { project.remove() }
        let client = TestClient()
        _ = try await client.initialize(root: project.root)
        try await client.open(project.uri("f.flow"), Self.text)
        return try await client.request(method, TestClient.at(project.uri("f.flow"), line, character))
    }

    func labels(_ line: Int, _ character: Int) async throws -> [String] {
        try await request("textDocument/completion", line, character)["items"]?.array?.compactMap {
            $0["label"]?.string
        } ?? []
    }

    @Test func limitIsAStatementOfAState() async throws {
        #expect(try await labels(3, 12).contains("limit"))
    }

    @Test func theWordsOfALimitInOrder() async throws {
        #expect(try await labels(4, 20) == ["times"])
        #expect(try await labels(5, 27) == ["every"])
        #expect(try await labels(6, 26) == ["days"])
        #expect(try await labels(7, 26) == ["else"])
    }

    @Test func hoverSaysWhatALimitMeans() async throws {
        let hover = try await request("textDocument/hover", 8, 13)
        #expect(
            hover["contents"]?["value"]?.string?.hasPrefix("**limit**: how often this state may be shown, per install.")
                == true)
    }
}
