import Foundation
import Testing

@testable import FlowLanguageServer

/// Issue 33, item 5: a rename edits only the program the symbol belongs to (the document's
/// file, what it imports, and the files that import the declaring file), never another program
/// that happens to use the same name, and never a file outside the workspace root.
@Suite struct HostileRenameTests {
    static func flow(_ name: String, key: String = "title", defines: Bool = true) -> String {
        """
        flow \(name) {
          start -> s
          state s { alert { title @\(key)  button "OK" -> done granted } }
        }
        \(defines ? "strings en { \(key) = \"T\" }\n" : "")
        """
    }

    static let a = "import \"lib.flow\"\n" + flow("main") + "strings de { shared = \"S\" }\n"
    static let b = flow("main") + "strings de { shared = \"S\" }\n"

    /// `a.flow` and `b.flow` are two programs that both declare flow `main` and key `title`;
    /// `lib.flow` declares key `shared`, imported by `a.flow` and `c.flow`; `a.flow` translates
    /// it, and `b.flow` declares a `shared` of its own.
    static func workspace() throws -> (project: Project, outside: Project) {
        let project = try Project([
            "a.flow": a,
            "b.flow": b,
            "lib.flow": "strings en { shared = \"S\" }\n",
            "c.flow": "import \"lib.flow\"\n" + flow("other", key: "shared", defines: false),
        ])
        let outside = try Project(["x.flow": flow("main")])
        return (project, outside)
    }

    func edited(_ result: JSON) -> [String] {
        var out: [String] = []
        guard case .object(let changes)? = result["changes"] else { return [] }
        for (uri, edits) in changes {
            let name = String(uri.split(separator: "/").last ?? "")
            let spans: [String] = (edits.array ?? []).map { span($0["range"]) }
            out.append(name + " " + spans.joined(separator: " "))
        }
        return out.sorted()
    }

    @Test func renamingAFlowEditsOnlyItsProgramNotAnotherWithTheSameName() async throws {
        let (project, outside) = try Self.workspace()
        defer {
            project.remove()
            outside.remove()
        }
        let client = TestClient()
        _ = try await client.initialize(root: project.root)
        try await client.open(project.uri("a.flow"), Self.a)
        try await client.open(project.uri("b.flow"), Self.b)
        try await client.open(outside.uri("x.flow"), Self.flow("main"))
        let flow = try await client.request(
            "textDocument/rename", merging(TestClient.at(project.uri("a.flow"), 1, 6), ["newName": "start_here"]))
        #expect(edited(flow) == ["a.flow 1:5-1:9"])
        let key = try await client.request(
            "textDocument/rename", merging(TestClient.at(project.uri("a.flow"), 3, 27), ["newName": "heading"]))
        #expect(edited(key) == ["a.flow 3:27-3:32 5:13-5:18"])
    }

    @Test func renamingAnImportedKeyEditsEveryFileThatImportsItsDeclaration() async throws {
        let (project, outside) = try Self.workspace()
        defer {
            project.remove()
            outside.remove()
        }
        let client = TestClient()
        _ = try await client.initialize(root: project.root)
        try await client.open(
            project.uri("c.flow"), "import \"lib.flow\"\n" + Self.flow("other", key: "shared", defines: false))
        let key = try await client.request(
            "textDocument/rename", merging(TestClient.at(project.uri("c.flow"), 3, 27), ["newName": "common"]))
        #expect(edited(key) == ["a.flow 6:13-6:19", "c.flow 3:27-3:33", "lib.flow 0:13-0:19"])
    }

    @Test func aDocumentOutsideTheWorkspaceRootIsNotRenamed() async throws {
        let (project, outside) = try Self.workspace()
        defer {
            project.remove()
            outside.remove()
        }
        let client = TestClient()
        _ = try await client.initialize(root: project.root)
        try await client.open(outside.uri("x.flow"), Self.flow("main"))
        let response = try await client.response(
            "textDocument/rename", merging(TestClient.at(outside.uri("x.flow"), 0, 6), ["newName": "elsewhere"]))
        #expect(response["error"]?["message"] == "this document is outside the workspace root; nothing to rename here")
    }
}
