import Foundation
import Testing

/// The README's code blocks marked `<!-- snippet: PATH -->` are the files they name, byte for
/// byte (those files are compiled: Examples/Snippets/Tests by `swift test`, Examples/Snippets/Apple
/// by Scripts/typecheck-apple.sh), and every Swift block is such a snippet.
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

    private var readme: String {
        get throws { try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8) }
    }

    @Test func everySnippetIsTheFileItNames() throws {
        let snippets = Self.blocks(in: try readme).filter { $0.snippet != nil }
        #expect(snippets.count >= 4)
        for block in snippets {
            let path = try #require(block.snippet)
            let file = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
            #expect(
                block.text == file,
                "README.md:\(block.line): the block differs from \(path); copy the file into the README")
        }
    }

    @Test func everySwiftBlockIsACompiledSnippet() throws {
        for block in Self.blocks(in: try readme) where block.fence == "```swift" {
            let path = block.snippet ?? ""
            // Tests/Fixtures/PluginFixture is built through the build plugin by Scripts/plugin-fixture.sh.
            #expect(
                path.hasPrefix("Examples/Snippets/Apple/") || path.hasPrefix("Examples/Snippets/Tests/")
                    || path.hasPrefix("Tests/Fixtures/PluginFixture/Sources/"),
                "README.md:\(block.line): a Swift block must quote a file under Examples/Snippets/Apple, Examples/Snippets/Tests or Tests/Fixtures/PluginFixture/Sources"
            )
        }
    }

    @Test func everySnippetFileIsQuoted() throws {
        let quoted = Set(Self.blocks(in: try readme).compactMap(\.snippet))
        for directory in ["Examples/Snippets/Apple", "Examples/Snippets/Tests"] {
            let files = try FileManager.default.contentsOfDirectory(
                atPath: repositoryRoot.appendingPathComponent(directory).path)
            // Flows.generated.swift is flowgen's output for the snippets' flow (.ci/run keeps it current).
            for file in files where file.hasSuffix(".swift") && !file.hasSuffix(".generated.swift") {
                #expect(quoted.contains("\(directory)/\(file)"), "\(directory)/\(file) is not quoted in README.md")
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
