import Testing

@testable import FlowLanguageServer

/// Malformed messages get an answer (or are ignored, for notifications), never a crash.
@Suite struct HostileInputTests {
    static let methods = [
        "textDocument/hover", "textDocument/definition", "textDocument/references", "textDocument/prepareRename",
        "textDocument/rename", "textDocument/completion", "textDocument/documentSymbol", "textDocument/codeAction",
        "textDocument/formatting",
    ]

    @Test(arguments: methods) func everyRequestSurvivesBadParams(method: String) async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = try await Fixture.opened(project)
        let uri = project.uri("main.flow")
        let params: [JSON] = [
            .null, 7, "text", [:], ["textDocument": 3],
            ["textDocument": ["uri": "file:///nowhere.flow"], "position": ["line": 0, "character": 0]],
            ["textDocument": ["uri": .string(uri)], "position": ["line": -1, "character": 5]],
            [
                "textDocument": ["uri": .string(uri)], "position": ["line": 99999, "character": 99999], "newName": 5,
                "range": ["start": ["line": 99999, "character": 0], "end": ["line": 0, "character": 99999]],
                "context": ["only": 3],
            ],
            ["textDocument": ["uri": .string(uri)], "position": ["line": 14, "character": .number(1.5)]],
        ]
        for p in params {
            let response = try await client.response(method, p)
            #expect(response["result"] != nil || response["error"] != nil, "\(method) \(p.text): \(response.text)")
        }
    }

    @Test func badNotificationsAreIgnored() async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = try await Fixture.opened(project)
        let uri = project.uri("main.flow")
        for n: JSON in [
            [
                "jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": [
                    "textDocument": ["uri": .string(uri)],
                    "contentChanges": [
                        [
                            "range": ["start": ["line": 900, "character": 0], "end": ["line": -4, "character": 2]],
                            "text": "x",
                        ]
                    ],
                ],
            ],
            [
                "jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": ["textDocument": ["uri": "file:///not/open.flow"], "contentChanges": [["text": "x"]]],
            ],
            ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": 5]]],
            ["jsonrpc": "2.0", "method": "textDocument/didClose", "params": 3],
            ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 1]],
            ["jsonrpc": "2.0", "id": ["an": "object"], "method": "shutdown"],
        ] {
            try await client.send(n)
        }
        #expect(client.messages.last?["error"]?["message"] == "a request id must be a number or a string")
        // A range past the end is clamped to it: the text is appended, and the server goes on.
        #expect(try await client.request("textDocument/hover", TestClient.at(uri, 8, 8)) != .null)
        // A non-file URI is kept and answered with nothing.
        try await client.open("untitled:Untitled-1", "flow x {}")
        #expect(try await client.request("textDocument/hover", TestClient.at("untitled:Untitled-1", 0, 1)) == .null)
    }
}
