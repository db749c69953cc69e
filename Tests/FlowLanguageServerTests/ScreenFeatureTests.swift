import Testing

@testable import FlowLanguageServer

/// Completion and hover for priming screens: the layouts after `screen`, the image sources after
/// `image`, a screen's items, `screen` among a state's statements, and what a layout means.
@Suite struct ScreenFeatureTests {
    static let text = """
        flow f {
          uses camera
          start -> a
          state a { screen  }
          state b { screen sheet { image  } }
          state c { screen sheet { title "A"  } }
          state d {  }
          state e { screen fullScreen { image symbol "camera.fill"  title "A"  button "OK" -> done granted } }
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

    @Test func layoutsAfterScreen() async throws {
        #expect(try await labels(3, 19) == ["sheet", "fullScreen"])
    }

    @Test func imageSourcesAfterImage() async throws {
        #expect(try await labels(4, 33) == ["symbol", "asset"])
    }

    @Test func aScreensItemsInsideIt() async throws {
        #expect(
            try await labels(5, 37) == ["title", "message", "image", "bullet", "button", "cancel", "destructive"])
    }

    @Test func screenIsAStatementOfAState() async throws {
        #expect(
            try await labels(6, 12) == [
                "screen", "alert", "request", "status", "track", "call", "open", "capability", "limit",
            ])
    }

    @Test func hoverOnALayoutSaysHowIOSShowsIt() async throws {
        let hover = try await request("textDocument/hover", 7, 15)
        #expect(span(hover["range"]) == "7:12-7:29")
        #expect(
            hover["contents"]?["value"]?.string
                == "**priming screen**: shown by the app before a system request, with the alert's rules for buttons and copy. `fullScreen`: a cover over the whole screen (SwiftUI `.fullScreenCover`, UIKit `.fullScreen`); only its buttons close it."
        )
        let image = try await request("textDocument/hover", 7, 35)
        #expect(span(image["range"]) == "7:32-7:58")
        #expect(image["contents"]?["value"]?.string?.hasPrefix("**image symbol**: an SF Symbol by its name") == true)
    }
}
