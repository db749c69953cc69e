import Testing

@testable import FlowLanguageServer

/// Hover, navigation, rename, symbols and code actions on `Fixture`, with exact ranges and texts.
@Suite struct FeatureTests {
    @Test func hoverOnAStatusExplainsItForTheKind() async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = try await Fixture.opened(project)
        let hover = try await client.request("textDocument/hover", TestClient.at(project.uri("main.flow"), 8, 8))
        #expect(span(hover["range"]) == "8:6-8:16")
        #expect(hover["contents"]?["kind"] == "markdown")
        #expect(
            hover["contents"]?["value"]?.string == """
                **`authorized`**: Camera (`camera`), read with `AVCaptureDevice.authorizationStatus(for: .video)`

                Status class `granted`: full use.

                The first prompt leaves it after "Allow".

                The user can choose it on the app's Settings page; changing it there terminates the app.
                """)
        let denied = try await client.request("textDocument/hover", TestClient.at(project.uri("main.flow"), 10, 7))
        #expect(
            denied["contents"]?["value"]?.string?.contains(
                "Status class `denied`: the user said no; only Settings can change it") == true)
    }

    @Test func hoverOnAKindDescribesIt() async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = try await Fixture.opened(project)
        let hover = try await client.request("textDocument/hover", TestClient.at(project.uri("main.flow"), 4, 8))
        #expect(span(hover["range"]) == "4:7-4:13")
        #expect(
            hover["contents"]?["value"]?.string == """
                **`camera`**: Camera, read with `AVCaptureDevice.authorizationStatus(for: .video)`

                Statuses: `notDetermined`, `restricted`, `denied`, `authorized`; before the app asks: `notDetermined`.

                Info.plist: NSCameraUsageDescription.

                Needs the `camera` capability.
                """)
        // The subject of `status` too.
        let subject = try await client.request("textDocument/hover", TestClient.at(project.uri("main.flow"), 7, 12))
        #expect(span(subject["range"]) == "7:11-7:17")
    }

    @Test func hoverOnAKeyShowsEveryLocale() async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = try await Fixture.opened(project)
        let hover = try await client.request("textDocument/hover", TestClient.at(project.uri("main.flow"), 14, 42))
        #expect(span(hover["range"]) == "14:40-14:48")
        #expect(hover["contents"]?["value"] == "`@prime.go`\n\n- en: \"Continue\"\n- zh-Hans: \"继续\"")
    }

    @Test func hoverOnADiagnosticGivesTheRuleExplanation() async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = try await Fixture.opened(project)
        let hover = try await client.request("textDocument/hover", TestClient.at(project.uri("main.flow"), 14, 53))
        let value = try #require(hover["contents"]?["value"]?.string)
        #expect(
            value.hasPrefix(
                "state `aks` of flow `scan_receipt`\n\nnot explored: the program has errors\n\n---\n\n**FL0102 unknown-state** (error): "
            ))
        #expect(value.contains("did you mean") || value.contains("declared"))
    }

    @Test func hoverOnAStateCountsTheExploredPaths() async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = try await Fixture.opened(project, fixedTypo: true)
        let hover = try await client.request("textDocument/hover", TestClient.at(project.uri("main.flow"), 13, 9))
        #expect(span(hover["range"]) == "13:8-13:13")
        #expect(hover["contents"]?["value"]?.string == StateHoverExpectation.prime)
        // A tiny budget is said to cut the counts.
        await client.server.setExplorationBudget(3)
        let cut = try await client.request("textDocument/hover", TestClient.at(project.uri("main.flow"), 13, 9))
        #expect(
            cut["contents"]?["value"]?.string == """
                state `prime` of flow `scan_receipt`

                No explored path reaches it (0 paths explored from 1 flow without parameters).

                Exploration stopped at its budget of 3 steps in `scan_receipt`; not explored: `photos_first`, `helper`: the counts are incomplete.
                """)
    }

    @Test func definitionOfStatesFlowsKeysAndImports() async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = try await Fixture.opened(project)
        let main = project.uri("main.flow")
        let lib = project.uri("lib.flow")
        let state = try await client.request("textDocument/definition", TestClient.at(main, 5, 12))
        #expect(state.array?.map { "\($0["uri"]!.string!) \(span($0["range"]))" } == ["\(main) 6:8-6:13"])
        let flow = try await client.request("textDocument/definition", TestClient.at(main, 29, 20))
        #expect(flow.array?.map { "\($0["uri"]!.string!) \(span($0["range"]))" } == ["\(lib) 0:5-0:11"])
        let key = try await client.request("textDocument/definition", TestClient.at(main, 14, 42))
        #expect(key.array?.map { span($0["range"]) } == ["32:13-32:21", "33:30-33:38"])
        let file = try await client.request("textDocument/definition", TestClient.at(main, 1, 10))
        #expect(file["uri"]?.string == lib)
        #expect(span(file["range"]) == "0:0-0:0")
        #expect(try await client.request("textDocument/definition", TestClient.at(main, 0, 1)) == .null)
    }

    @Test func referencesAcrossFilesIncludingClosedOnes() async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = try await Fixture.opened(project)
        let main = project.uri("main.flow")
        var params = TestClient.at(main, 6, 9)
        params = merging(params, ["context": ["includeDeclaration": true]])
        let refs = try await client.request("textDocument/references", params)
        #expect(refs.array?.map { span($0["range"]) } == ["5:11-5:16", "6:8-6:13", "16:32-16:37", "24:46-24:51"])
        let withoutDeclaration = try await client.request(
            "textDocument/references", merging(TestClient.at(main, 6, 9), ["context": ["includeDeclaration": false]]))
        #expect(withoutDeclaration.array?.count == 3)
        // Only the library open: main.flow (closed) is found under the project root.
        let libOnly = TestClient()
        _ = try await libOnly.initialize(root: project.root)
        try await libOnly.open(project.uri("lib.flow"), Fixture.lib)
        let helper = try await libOnly.request(
            "textDocument/references",
            merging(TestClient.at(project.uri("lib.flow"), 0, 6), ["context": ["includeDeclaration": true]]))
        #expect(
            helper.array?.map { "\($0["uri"]!.string!.split(separator: "/").last!) \(span($0["range"]))" } == [
                "lib.flow 0:5-0:11", "main.flow 29:18-29:24",
            ])
    }

    @Test func renameAStateAFlowAndAKey() async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = try await Fixture.opened(project, fixedTypo: true)
        let main = project.uri("main.flow")
        let lib = project.uri("lib.flow")
        let prepared = try await client.request("textDocument/prepareRename", TestClient.at(main, 6, 9))
        #expect(span(prepared["range"]) == "6:8-6:13")
        #expect(prepared["placeholder"] == "check")
        let state = try await client.request(
            "textDocument/rename", merging(TestClient.at(main, 6, 9), ["newName": "verify"]))
        #expect(
            state["changes"]?[main]?.array?.map { "\(span($0["range"])) \($0["newText"]!.string!)" }
                == ["5:11-5:16 verify", "6:8-6:13 verify", "16:32-16:37 verify", "24:46-24:51 verify"])
        let flow = try await client.request(
            "textDocument/rename", merging(TestClient.at(main, 29, 20), ["newName": "assist"]))
        #expect(flow["changes"]?[main]?.array?.map { span($0["range"]) } == ["29:18-29:24"])
        #expect(flow["changes"]?[lib]?.array?.map { span($0["range"]) } == ["0:5-0:11"])
        let key = try await client.request(
            "textDocument/rename", merging(TestClient.at(main, 32, 15), ["newName": "prime.next"]))
        #expect(
            key["changes"]?[main]?.array?.map { span($0["range"]) } == ["14:40-14:48", "32:13-32:21", "33:30-33:38"])
    }

    @Test func renameRefusesInvalidAndTakenNames() async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = try await Fixture.opened(project, fixedTypo: true)
        let main = project.uri("main.flow")
        let invalid = try await client.response(
            "textDocument/rename", merging(TestClient.at(main, 6, 9), ["newName": "9lives"]))
        #expect(invalid["error"]?["code"] == -32803)
        #expect(
            invalid["error"]?["message"]
                == "'9lives' is not a valid name for a state: use letters, digits and '_', not starting with a digit")
        let taken = try await client.response(
            "textDocument/rename", merging(TestClient.at(main, 6, 9), ["newName": "ask"]))
        #expect(taken["error"]?["message"] == "'ask' is already declared; choose another name")
        let badKey = try await client.response(
            "textDocument/rename", merging(TestClient.at(main, 32, 15), ["newName": "prime..x"]))
        #expect(
            badKey["error"]?["message"]
                == "'prime..x' is not a valid name for a string key (names joined by '.'): use letters, digits and '_', not starting with a digit"
        )
        let nothing = try await client.response("textDocument/prepareRename", TestClient.at(main, 0, 1))
        #expect(nothing["error"]?["message"] == "there is no state, flow or string key here to rename")
    }

    @Test func documentSymbolsAreFlowsWithTheirStates() async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = try await Fixture.opened(project)
        let symbols = try #require(
            try await client.request(
                "textDocument/documentSymbol", ["textDocument": ["uri": .string(project.uri("main.flow"))]]
            ).array)
        #expect(
            symbols.map { "\($0["name"]!.string!) \($0["kind"]!.int!) \(span($0["selectionRange"]))" }
                == [
                    "scan_receipt 5 3:5-3:17", "photos_first 5 27:5-27:17", "strings en 3 32:8-32:10",
                    "strings zh-Hans 3 33:8-33:15",
                ])
        #expect(
            symbols[0]["children"]?.array?.map { $0["name"]!.string! } == [
                "check", "prime", "ask", "explain", "settings",
            ])
        #expect(span(symbols[0]["children"]?[1]?["range"]) == "13:2-15:3")
        #expect(span(symbols[0]["range"]) == "3:0-25:1")
    }

    @Test func theTypoFixIsACodeAction() async throws {
        let project = try Fixture.project()
        defer { project.remove() }
        let client = try await Fixture.opened(project)
        let main = project.uri("main.flow")
        let actions = try await client.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(main)],
                "range": ["start": ["line": 14, "character": 53], "end": ["line": 14, "character": 53]],
                "context": ["diagnostics": []],
            ])
        let action = try #require(actions.array?.first)
        #expect(actions.array?.count == 1)
        #expect(action["title"] == "Change to 'ask'")
        #expect(action["kind"] == "quickfix")
        // A "did you mean" may name the wrong one of two close names: not preferred.
        #expect(action["isPreferred"] == false)
        let edit = try #require(action["edit"]?["changes"]?[main]?[0])
        #expect(span(edit["range"]) == "14:52-14:55")
        #expect(edit["newText"] == "ask")
        #expect(action["diagnostics"]?[0]?["code"] == "FL0102")
        // Elsewhere, and for other kinds, nothing.
        let none = try await client.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(main)],
                "range": ["start": ["line": 3, "character": 0], "end": ["line": 3, "character": 1]], "context": [:],
            ])
        #expect(none == [])
        let refactor = try await client.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(main)],
                "range": ["start": ["line": 14, "character": 53], "end": ["line": 14, "character": 53]],
                "context": ["only": ["refactor"]],
            ])
        #expect(refactor == [])
    }
}

extension FeatureTests {
    /// Machine-applicable fixes: preferred quick fixes, and one fix-all action with the edits
    /// `flowlint --fix` makes (of two insertions at the same place, the first).
    @Test func certainFixesArePreferredAndFixAllTakesThem() async throws {
        let text =
            "flow f {\n  start -> a\n  state a { status camera { else -> done granted } }\n  state b { request microphone -> done granted }\n}\n"
        let project = try Project(["f.flow": text])
        defer { project.remove() }
        let client = TestClient()
        _ = try await client.initialize(root: project.root)
        let uri = project.uri("f.flow")
        try await client.open(uri, text)
        let actions = try #require(
            try await client.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(uri)],
                    "range": ["start": ["line": 2, "character": 20], "end": ["line": 2, "character": 20]],
                    "context": [:],
                ]
            ).array)
        #expect(
            actions.map {
                "\($0["kind"]!.string!) \($0["title"]!.string!) \($0["isPreferred"]?.bool.map(String.init) ?? "-")"
            }
                == ["quickfix Add 'camera' to 'uses' true", "source.fixAll Apply 1 certain fix (flowlint --fix) -"])
        let all = try #require(actions.last?["edit"]?["changes"]?[uri]?.array)
        #expect(all.map { "\(span($0["range"])) \($0["newText"]!.string!)" } == ["1:2-1:2 uses camera\n  "])
        let only = try await client.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(uri)],
                "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
                "context": ["only": ["source.fixAll"]],
            ])
        #expect(only.array?.map { $0["kind"]!.string! } == ["source.fixAll"])
    }
}

/// `base` with `extra`'s members added.
func merging(_ base: JSON, _ extra: JSON) -> JSON {
    guard case .object(var a) = base, case .object(let b) = extra else { return base }
    for (k, v) in b { a[k] = v }
    return .object(a)
}

enum StateHoverExpectation {
    /// As `flowrun --explore --flow scan_receipt` lists them: 10 paths, 4 through `prime`.
    static let prime = """
        state `prime` of flow `scan_receipt`

        Reached by 4 of the 10 paths explored from `scan_receipt`. They end granted (2 paths), cycle (1 path), denied (1 path).

        Statuses when it is reached:
        - camera: notDetermined (4 paths)
        """
}
