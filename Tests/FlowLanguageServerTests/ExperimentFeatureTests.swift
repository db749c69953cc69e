import Testing

@testable import FlowLanguageServer

/// Completion and hover for experiments: the flow's experiments after `variant`, an experiment's
/// variants where an arm starts, and the weights on hover.
@Suite struct ExperimentFeatureTests {
    static let text = """
        flow f {
          uses camera
          outcomes granted, denied
          experiment copy { plain: 50, bold: 50 }
          start -> c
          state a { variant  }
          state b { variant copy {  } }
          state c { variant copy { plain -> done granted  bold -> done denied } }
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

    @Test func experimentsAfterVariant() async throws {
        #expect(try await labels(5, 20) == ["copy"])
    }

    @Test func variantsWhereAnArmStarts() async throws {
        #expect(try await labels(6, 27) == ["plain", "bold"])
    }

    @Test func hoverShowsTheWeightsAndTheProperty() async throws {
        let hover = try await request("textDocument/hover", 7, 21)
        #expect(span(hover["range"]) == "7:20-7:24")
        #expect(
            hover["contents"]?["value"]?.string
                == "**experiment copy**: plain: 50, bold: 50 (percent of installs). Every event of a run carries `variant_copy`."
        )
        let declaration = try await request("textDocument/hover", 3, 14)
        #expect(span(declaration["range"]) == "3:13-3:17")
    }
}
