import Foundation
import Testing

/// The code blocks of the README and of the DocC articles (`Sources/PermissionFlow/PermissionFlow.docc`)
/// marked `<!-- snippet: PATH -->` are the files they name, byte for byte (those files are compiled:
/// Examples/Snippets/Tests by `swift test`, Examples/Snippets/Apple by Scripts/typecheck-apple.sh),
/// and every Swift block is such a snippet.
struct ReadmeTests {
    struct Block {
        var line: Int
        var fence: String
        var text: String
        var snippet: String?
    }

    /// Fenced blocks at the start of a line, with the snippet marker on the line before, if any.
    static func blocks(in readme: String) -> [Block] {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        var i = 0
        while i < lines.count {
            guard lines[i].hasPrefix("```") else {
                i += 1
                continue
            }
            let start = i
            var body: [String] = []
            i += 1
            while i < lines.count, lines[i] != "```" {
                body.append(lines[i])
                i += 1
            }
            var snippet: String?
            if start > 0, lines[start - 1].hasPrefix("<!-- snippet: "), lines[start - 1].hasSuffix(" -->") {
                snippet = String(lines[start - 1].dropFirst("<!-- snippet: ".count).dropLast(" -->".count))
            }
            blocks.append(
                Block(line: start + 1, fence: lines[start], text: body.map { $0 + "\n" }.joined(), snippet: snippet))
            i += 1
        }
        return blocks
    }

    /// The README and the catalog's articles, as `(path, blocks)`.
    private var documents: [(path: String, blocks: [Block])] {
        get throws {
            let catalog = "Sources/PermissionFlow/PermissionFlow.docc"
            let articles = try FileManager.default.contentsOfDirectory(
                atPath: repositoryRoot.appendingPathComponent(catalog).path
            ).filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
            return try (["README.md"] + articles).map { path in
                (
                    path,
                    Self.blocks(
                        in: try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8))
                )
            }
        }
    }

    @Test func everySnippetIsTheFileItNames() throws {
        var count = 0
        for (document, blocks) in try documents {
            for block in blocks where block.snippet != nil {
                count += 1
                let path = try #require(block.snippet)
                let file = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
                #expect(
                    block.text == file,
                    "\(document):\(block.line): the block differs from \(path); copy the file into the document")
            }
        }
        #expect(count >= 6)
    }

    @Test func everySwiftBlockIsACompiledSnippet() throws {
        for (document, blocks) in try documents {
            for block in blocks where block.fence == "```swift" {
                let path = block.snippet ?? ""
                // Tests/Fixtures/PluginFixture is built through the build plugin by Scripts/plugin-fixture.sh.
                #expect(
                    path.hasPrefix("Examples/Snippets/Apple/") || path.hasPrefix("Examples/Snippets/Tests/")
                        || path.hasPrefix("Tests/Fixtures/PluginFixture/Sources/"),
                    "\(document):\(block.line): a Swift block must quote a file under Examples/Snippets/Apple, Examples/Snippets/Tests or Tests/Fixtures/PluginFixture/Sources"
                )
            }
        }
    }

    @Test func everySnippetFileIsQuoted() throws {
        let quoted = Set(try documents.flatMap(\.blocks).compactMap(\.snippet))
        for directory in ["Examples/Snippets/Apple", "Examples/Snippets/Tests"] {
            let files = try FileManager.default.contentsOfDirectory(
                atPath: repositoryRoot.appendingPathComponent(directory).path)
            // Flows.generated.swift is flowgen's output for the snippets' flow (.ci/run keeps it current).
            for file in files where file.hasSuffix(".swift") && !file.hasSuffix(".generated.swift") {
                #expect(
                    quoted.contains("\(directory)/\(file)"),
                    "\(directory)/\(file) is not quoted in the README or an article")
            }
        }
    }

    @Test func theMarkerParserFindsADifference() {
        let text = "<!-- snippet: a.swift -->\n```swift\nlet x = 1\n```\n```swift\nlet y = 2\n```\n"
        let blocks = Self.blocks(in: text)
        #expect(blocks.count == 2)
        #expect(blocks[0].snippet == "a.swift")
        #expect(blocks[0].text == "let x = 1\n")
        #expect(blocks[1].snippet == nil)
        #expect(blocks[1].line == 5)
    }
}
